/**
 * A dataset's columns (Superset's table_columns): what a virtual dataset's SQL returns, found by
 * running it once when the dataset is created, so Explore can offer them without asking the
 * database again. Frozen: later changes are new migrations.
 */
import { DataTypes, type QueryInterface } from 'sequelize';

type Migration = { context: QueryInterface };

const userRef = { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' }, onDelete: 'SET NULL' } as const;

export async function up({ context: qi }: Migration) {
  await qi.createTable('table_columns', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    uuid: { type: DataTypes.STRING(36), allowNull: false, unique: true },
    table_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'datasets', key: 'id' }, onDelete: 'CASCADE' },
    column_name: { type: DataTypes.STRING(255), allowNull: false },
    verbose_name: { type: DataTypes.STRING(1024), allowNull: true },
    type: { type: DataTypes.TEXT, allowNull: true },
    // Superset's GenericDataType: 0 numeric, 1 string, 2 temporal, 3 boolean.
    type_generic: { type: DataTypes.INTEGER, allowNull: true },
    is_dttm: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    groupby: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    filterable: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    expression: { type: DataTypes.TEXT, allowNull: true },
    description: { type: DataTypes.TEXT, allowNull: true },
    python_date_format: { type: DataTypes.STRING(255), allowNull: true },
    extra: { type: DataTypes.TEXT, allowNull: true },
    created_on: { type: DataTypes.DATE, allowNull: false },
    changed_on: { type: DataTypes.DATE, allowNull: false },
    created_by_fk: userRef,
    changed_by_fk: userRef,
  });
  // The unique pair also serves the foreign key on table_id (its first column).
  await qi.addIndex('table_columns', ['table_id', 'column_name'], { unique: true });
  await qi.addIndex('table_columns', ['created_by_fk']);
  await qi.addIndex('table_columns', ['changed_by_fk']);
}

export async function down({ context: qi }: Migration) {
  await qi.dropTable('table_columns');
}
