/** CSS templates (Superset's `css_templates`): named CSS the dashboard CSS editor loads. Shared, no owners. */
import crypto from 'node:crypto';
import { DataTypes, Model, type Sequelize, type InferAttributes, type InferCreationAttributes, type CreationOptional, type NonAttribute } from 'sequelize';
import { User } from './security';

export class CssTemplate extends Model<InferAttributes<CssTemplate>, InferCreationAttributes<CssTemplate>> {
  declare id: CreationOptional<number>;
  declare uuid: CreationOptional<string>;
  /** Nullable in the store as in Superset; the API asks for one on create. */
  declare template_name: CreationOptional<string | null>;
  declare css: CreationOptional<string | null>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare created_by_fk: CreationOptional<number | null>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare created_by?: NonAttribute<User | null>;
  declare changed_by?: NonAttribute<User | null>;
}

export function initCssTemplateModels(sequelize: Sequelize) {
  CssTemplate.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      uuid: { type: DataTypes.STRING(36), allowNull: false, unique: true, defaultValue: () => crypto.randomUUID() },
      template_name: { type: DataTypes.STRING(250), allowNull: true },
      css: { type: DataTypes.TEXT, allowNull: true, defaultValue: '' },
      created_on: DataTypes.DATE,
      changed_on: DataTypes.DATE,
      created_by_fk: { type: DataTypes.INTEGER, allowNull: true },
      changed_by_fk: { type: DataTypes.INTEGER, allowNull: true },
    },
    { sequelize, tableName: 'css_templates', timestamps: true, createdAt: 'created_on', updatedAt: 'changed_on' },
  );
  CssTemplate.belongsTo(User, { foreignKey: 'created_by_fk', as: 'created_by' });
  CssTemplate.belongsTo(User, { foreignKey: 'changed_by_fk', as: 'changed_by' });
}
