import {
  DataTypes, Model, type Sequelize, type InferAttributes, type InferCreationAttributes, type CreationOptional,
} from 'sequelize';

export class CacheEntry extends Model<InferAttributes<CacheEntry>, InferCreationAttributes<CacheEntry>> {
  declare cache_key: string;
  declare value: string;
  declare expires_at: Date;
}

/** A stored value behind a key: permalinks, shared SQL Lab queries, dashboard filter state. */
export class KeyValue extends Model<InferAttributes<KeyValue>, InferCreationAttributes<KeyValue>> {
  declare id: CreationOptional<number>;
  declare uuid: string;
  declare resource: string;
  declare value: string;
  declare created_on: CreationOptional<Date>;
  declare created_by_fk: number | null;
  declare changed_on: CreationOptional<Date>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare expires_on: CreationOptional<Date | null>;
}

export function initStorageModels(sequelize: Sequelize) {
  CacheEntry.init(
    {
      cache_key: { type: DataTypes.STRING(255), primaryKey: true },
      value: { type: DataTypes.TEXT, allowNull: false },
      expires_at: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'cache_entries', timestamps: false },
  );
  KeyValue.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      uuid: { type: DataTypes.STRING(36), allowNull: false, unique: true },
      resource: { type: DataTypes.STRING(32), allowNull: false },
      value: { type: DataTypes.TEXT, allowNull: false },
      created_on: DataTypes.DATE,
      created_by_fk: { type: DataTypes.INTEGER, allowNull: true },
      changed_on: DataTypes.DATE,
      changed_by_fk: { type: DataTypes.INTEGER, allowNull: true },
      expires_on: { type: DataTypes.DATE, allowNull: true },
    },
    { sequelize, tableName: 'key_value', timestamps: true, createdAt: 'created_on', updatedAt: 'changed_on' },
  );
}
