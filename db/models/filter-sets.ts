/** Filter sets (Superset's `filter_sets`): a named data mask on a dashboard, owned by the dashboard (shared) or by one user. */
import crypto from 'node:crypto';
import { DataTypes, Model, type Sequelize, type InferAttributes, type InferCreationAttributes, type CreationOptional, type NonAttribute } from 'sequelize';
import { Dashboard } from './assets';
import { User } from './security';

/** Who owns a set: its dashboard (everyone who sees the dashboard sees it) or one user. */
export type FilterSetOwnerType = 'Dashboard' | 'User';

export class FilterSet extends Model<InferAttributes<FilterSet>, InferCreationAttributes<FilterSet>> {
  declare id: CreationOptional<number>;
  declare uuid: CreationOptional<string>;
  declare name: string;
  declare description: CreationOptional<string | null>;
  /** JSON text: `{nativeFilters, dataMask}` as the dashboard saves it. */
  declare json_metadata: string;
  /** The dashboard's id when owner_type is 'Dashboard', the user's when 'User'. */
  declare owner_id: number;
  declare owner_type: FilterSetOwnerType;
  declare dashboard_id: number;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare created_by_fk: CreationOptional<number | null>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare dashboard?: NonAttribute<Dashboard>;
  declare created_by?: NonAttribute<User | null>;
  declare changed_by?: NonAttribute<User | null>;
}

export function initFilterSetModels(sequelize: Sequelize) {
  FilterSet.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      uuid: { type: DataTypes.STRING(36), allowNull: false, unique: true, defaultValue: () => crypto.randomUUID() },
      name: { type: DataTypes.STRING(500), allowNull: false },
      description: { type: DataTypes.TEXT, allowNull: true },
      json_metadata: { type: DataTypes.TEXT, allowNull: false },
      owner_id: { type: DataTypes.INTEGER, allowNull: false },
      owner_type: { type: DataTypes.STRING(255), allowNull: false },
      dashboard_id: { type: DataTypes.INTEGER, allowNull: false },
      created_on: DataTypes.DATE,
      changed_on: DataTypes.DATE,
      created_by_fk: { type: DataTypes.INTEGER, allowNull: true },
      changed_by_fk: { type: DataTypes.INTEGER, allowNull: true },
    },
    { sequelize, tableName: 'filter_sets', timestamps: true, createdAt: 'created_on', updatedAt: 'changed_on' },
  );
  FilterSet.belongsTo(Dashboard, { foreignKey: 'dashboard_id', as: 'dashboard', onDelete: 'CASCADE' });
  FilterSet.belongsTo(User, { foreignKey: 'created_by_fk', as: 'created_by' });
  FilterSet.belongsTo(User, { foreignKey: 'changed_by_fk', as: 'changed_by' });
}
