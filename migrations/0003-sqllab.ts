/**
 * SQL Lab: queries (the state machine of sql-lab.md §4), server-side tab state and the tables
 * shown in a tab, stored query results (the default results backend), and saved queries' extra
 * JSON (schedules) and catalog.
 */
import { DataTypes, type QueryInterface } from 'sequelize';

type Migration = { context: QueryInterface };

const userRef = { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' }, onDelete: 'SET NULL' } as const;
const timestamps = {
  created_on: { type: DataTypes.DATE, allowNull: false },
  changed_on: { type: DataTypes.DATE, allowNull: false },
};

export async function up({ context: qi }: Migration) {
  await qi.createTable('queries', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    client_id: { type: DataTypes.STRING(36), allowNull: false, unique: true },
    database_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'databases', key: 'id' }, onDelete: 'CASCADE' },
    user_id: userRef,
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending' },
    tab_name: { type: DataTypes.STRING(256), allowNull: true },
    sql_editor_id: { type: DataTypes.STRING(256), allowNull: true },
    catalog: { type: DataTypes.STRING(256), allowNull: true },
    schema: { type: DataTypes.STRING(256), allowNull: true },
    sql: { type: DataTypes.TEXT, allowNull: false },
    select_sql: { type: DataTypes.TEXT, allowNull: true },
    executed_sql: { type: DataTypes.TEXT, allowNull: true },
    limit: { type: DataTypes.INTEGER, allowNull: true },
    limiting_factor: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'UNKNOWN' },
    select_as_cta: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    select_as_cta_used: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ctas_method: { type: DataTypes.STRING(16), allowNull: true },
    tmp_table_name: { type: DataTypes.STRING(256), allowNull: true },
    tmp_schema_name: { type: DataTypes.STRING(256), allowNull: true },
    progress: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    rows: { type: DataTypes.INTEGER, allowNull: true },
    error_message: { type: DataTypes.TEXT, allowNull: true },
    errors: { type: DataTypes.TEXT, allowNull: true },
    results_key: { type: DataTypes.STRING(64), allowNull: true },
    run_async: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    template_params: { type: DataTypes.TEXT, allowNull: true },
    cancel_key: { type: DataTypes.STRING(128), allowNull: true },
    tracking_url: { type: DataTypes.TEXT, allowNull: true },
    extra_json: { type: DataTypes.TEXT, allowNull: true },
    // Epoch milliseconds, as Superset keeps them: the client compares them with its own clock.
    start_time: { type: DataTypes.DOUBLE, allowNull: true },
    start_running_time: { type: DataTypes.DOUBLE, allowNull: true },
    end_time: { type: DataTypes.DOUBLE, allowNull: true },
    end_result_backend_time: { type: DataTypes.DOUBLE, allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('queries', ['database_id']);
  await qi.addIndex('queries', ['user_id', 'changed_on']);
  await qi.addIndex('queries', ['changed_on']);
  await qi.addIndex('queries', ['sql_editor_id']);
  await qi.addIndex('queries', ['status']);

  await qi.createTable('tab_state', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' }, onDelete: 'CASCADE' },
    label: { type: DataTypes.STRING(256), allowNull: false },
    active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    database_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'databases', key: 'id' }, onDelete: 'SET NULL' },
    catalog: { type: DataTypes.STRING(256), allowNull: true },
    schema: { type: DataTypes.STRING(256), allowNull: true },
    sql: { type: DataTypes.TEXT, allowNull: true },
    query_limit: { type: DataTypes.INTEGER, allowNull: true },
    latest_query_id: { type: DataTypes.STRING(36), allowNull: true },
    autorun: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    template_params: { type: DataTypes.TEXT, allowNull: true },
    hide_left_bar: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    saved_query_id: { type: DataTypes.INTEGER, allowNull: true, references: { model: 'saved_queries', key: 'id' }, onDelete: 'SET NULL' },
    // Editor-only fields (selectedText, northPercent, southPercent, …) as JSON.
    extra_json: { type: DataTypes.TEXT, allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('tab_state', ['user_id']);
  await qi.addIndex('tab_state', ['database_id']);
  await qi.addIndex('tab_state', ['saved_query_id']);

  await qi.createTable('table_schema', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    tab_state_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'tab_state', key: 'id' }, onDelete: 'CASCADE' },
    database_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'databases', key: 'id' }, onDelete: 'CASCADE' },
    catalog: { type: DataTypes.STRING(256), allowNull: true },
    schema: { type: DataTypes.STRING(256), allowNull: true },
    table: { type: DataTypes.STRING(256), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true },
    expanded: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ...timestamps,
  });
  await qi.addIndex('table_schema', ['tab_state_id']);
  await qi.addIndex('table_schema', ['database_id']);

  await qi.createTable('query_results', {
    results_key: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
    payload: { type: DataTypes.BLOB, allowNull: false },
    size_bytes: { type: DataTypes.INTEGER, allowNull: false },
    created_on: { type: DataTypes.DATE, allowNull: false },
    expires_on: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('query_results', ['expires_on']);

  await qi.addColumn('saved_queries', 'extra_json', { type: DataTypes.TEXT, allowNull: true });
  await qi.addColumn('saved_queries', 'catalog', { type: DataTypes.STRING(256), allowNull: true });
}

export async function down({ context: qi }: Migration) {
  await qi.removeColumn('saved_queries', 'catalog');
  await qi.removeColumn('saved_queries', 'extra_json');
  await qi.dropTable('query_results');
  await qi.dropTable('table_schema');
  await qi.dropTable('tab_state');
  await qi.dropTable('queries');
}
