/**
 * What the chart data engine needs of a dataset (issue 11): the rest of Superset's dataset fields,
 * its saved metrics (Superset's sql_metrics), the columns' advanced data type, and row-level
 * security filters with the roles and datasets they apply to. Frozen: later changes are new
 * migrations.
 */
import { DataTypes, type QueryInterface } from 'sequelize';

type Migration = { context: QueryInterface };

const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false };
const userRef = { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' }, onDelete: 'SET NULL' } as const;
const audit = {
  created_on: { type: DataTypes.DATE, allowNull: false },
  changed_on: { type: DataTypes.DATE, allowNull: false },
  created_by_fk: userRef,
  changed_by_fk: userRef,
};

const DATASET_COLUMNS = {
  filter_select_enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
  fetch_values_predicate: { type: DataTypes.TEXT, allowNull: true },
  normalize_columns: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  always_filter_main_dttm: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  // Hours added to the dataset's datetimes (Superset's `offset`).
  offset: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  default_endpoint: { type: DataTypes.TEXT, allowNull: true },
  is_sqllab_view: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  template_params: { type: DataTypes.TEXT, allowNull: true },
  is_managed_externally: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  external_url: { type: DataTypes.TEXT, allowNull: true },
} as const;

export async function up({ context: qi }: Migration) {
  for (const [name, spec] of Object.entries(DATASET_COLUMNS)) await qi.addColumn('datasets', name, spec);
  await moveManagedFlagsOutOfExtra(qi);
  await qi.addColumn('table_columns', 'advanced_data_type', { type: DataTypes.STRING(255), allowNull: true });

  await qi.createTable('sql_metrics', {
    id,
    uuid: { type: DataTypes.STRING(36), allowNull: false, unique: true },
    table_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'datasets', key: 'id' }, onDelete: 'CASCADE' },
    metric_name: { type: DataTypes.STRING(255), allowNull: false },
    verbose_name: { type: DataTypes.STRING(1024), allowNull: true },
    metric_type: { type: DataTypes.STRING(32), allowNull: true },
    expression: { type: DataTypes.TEXT, allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true },
    d3format: { type: DataTypes.STRING(128), allowNull: true },
    // JSON: {symbol, symbolPosition}.
    currency: { type: DataTypes.TEXT, allowNull: true },
    warning_text: { type: DataTypes.TEXT, allowNull: true },
    // JSON: certified_by, certification_details, warning_markdown.
    extra: { type: DataTypes.TEXT, allowNull: true },
    ...audit,
  });
  // The unique pair also serves the foreign key on table_id (its first column).
  await qi.addIndex('sql_metrics', ['table_id', 'metric_name'], { unique: true });
  await qi.addIndex('sql_metrics', ['created_by_fk']);
  await qi.addIndex('sql_metrics', ['changed_by_fk']);

  await qi.createTable('row_level_security_filters', {
    id,
    name: { type: DataTypes.STRING(255), allowNull: false, unique: true },
    description: { type: DataTypes.TEXT, allowNull: true },
    // 'Regular' (applies to the listed roles) or 'Base' (applies to everyone but them).
    filter_type: { type: DataTypes.STRING(255), allowNull: false },
    group_key: { type: DataTypes.STRING(255), allowNull: true },
    clause: { type: DataTypes.TEXT, allowNull: false },
    ...audit,
  });
  await qi.addIndex('row_level_security_filters', ['created_by_fk']);
  await qi.addIndex('row_level_security_filters', ['changed_by_fk']);
  await qi.createTable('rls_filter_roles', {
    rls_filter_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'row_level_security_filters', key: 'id' }, onDelete: 'CASCADE' },
    role_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'roles', key: 'id' }, onDelete: 'CASCADE' },
  });
  await qi.addIndex('rls_filter_roles', ['role_id']);
  await qi.createTable('rls_filter_tables', {
    rls_filter_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'row_level_security_filters', key: 'id' }, onDelete: 'CASCADE' },
    table_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'datasets', key: 'id' }, onDelete: 'CASCADE' },
  });
  await qi.addIndex('rls_filter_tables', ['table_id']);
}

/** Until now `is_managed_externally` and `external_url` lived in the dataset's extra JSON. */
async function moveManagedFlagsOutOfExtra(qi: QueryInterface) {
  const [rows] = await qi.sequelize.query('SELECT id, extra FROM datasets WHERE extra IS NOT NULL');
  for (const row of rows as { id: number; extra: string }[]) {
    let extra: unknown;
    try {
      extra = JSON.parse(row.extra);
    } catch {
      continue;
    }
    if (!extra || typeof extra !== 'object' || Array.isArray(extra)) continue;
    const { is_managed_externally: managed, external_url: url, ...rest } = extra as Record<string, unknown>;
    if (managed === undefined && url === undefined) continue;
    await qi.bulkUpdate(
      'datasets',
      { is_managed_externally: managed === true, external_url: typeof url === 'string' ? url : null, extra: JSON.stringify(rest) },
      { id: row.id },
    );
  }
}

export async function down({ context: qi }: Migration) {
  await qi.dropTable('rls_filter_tables');
  await qi.dropTable('rls_filter_roles');
  await qi.dropTable('row_level_security_filters');
  await qi.dropTable('sql_metrics');
  await qi.removeColumn('table_columns', 'advanced_data_type');
  for (const name of Object.keys(DATASET_COLUMNS).reverse()) await qi.removeColumn('datasets', name);
}
