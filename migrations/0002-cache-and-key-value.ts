/**
 * A cache in the metadata store (shared by every process; Redis can stand in later) and the
 * key-value records that permalinks, shared queries and filter state keep.
 */
import { DataTypes, type QueryInterface } from 'sequelize';

type Migration = { context: QueryInterface };

export async function up({ context: qi }: Migration) {
  await qi.createTable('cache_entries', {
    cache_key: { type: DataTypes.STRING(255), primaryKey: true, allowNull: false },
    value: { type: DataTypes.TEXT, allowNull: false },
    expires_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('cache_entries', ['expires_at']);

  await qi.createTable('key_value', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    uuid: { type: DataTypes.STRING(36), allowNull: false, unique: true },
    resource: { type: DataTypes.STRING(32), allowNull: false },
    value: { type: DataTypes.TEXT, allowNull: false },
    created_on: { type: DataTypes.DATE, allowNull: false },
    created_by_fk: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' }, onDelete: 'SET NULL' },
    changed_on: { type: DataTypes.DATE, allowNull: false },
    changed_by_fk: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' }, onDelete: 'SET NULL' },
    expires_on: { type: DataTypes.DATE, allowNull: true },
  });
  await qi.addIndex('key_value', ['resource']);
  await qi.addIndex('key_value', ['created_by_fk']);
  await qi.addIndex('key_value', ['changed_by_fk']);
  await qi.addIndex('key_value', ['expires_on']);
}

export async function down({ context: qi }: Migration) {
  await qi.dropTable('key_value');
  await qi.dropTable('cache_entries');
}
