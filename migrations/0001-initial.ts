/**
 * The first schema: security (users, roles, permissions), the user-facing objects every later
 * feature hangs off (databases, datasets, charts, dashboards, saved queries), favourites and
 * login throttling. Frozen: later changes are new migrations.
 */
import { DataTypes, type QueryInterface, type ModelAttributes } from 'sequelize';

type Migration = { context: QueryInterface };

const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false };
const uuid = { type: DataTypes.STRING(36), allowNull: false, unique: true };
const userRef = { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' }, onDelete: 'SET NULL' };

function audited(columns: ModelAttributes): ModelAttributes {
  return {
    ...columns,
    created_on: { type: DataTypes.DATE, allowNull: false },
    changed_on: { type: DataTypes.DATE, allowNull: false },
    created_by_fk: userRef,
    changed_by_fk: userRef,
  };
}

async function auditIndexes(qi: QueryInterface, table: string) {
  await qi.addIndex(table, ['created_by_fk']);
  await qi.addIndex(table, ['changed_by_fk']);
  await qi.addIndex(table, ['changed_on']);
}

async function ownersTable(qi: QueryInterface, table: string, objectTable: string, objectKey: string) {
  await qi.createTable(table, {
    [objectKey]: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: objectTable, key: 'id' }, onDelete: 'CASCADE' },
    user_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'users', key: 'id' }, onDelete: 'CASCADE' },
  });
  await qi.addIndex(table, ['user_id']);
}

export async function up({ context: qi }: Migration) {
  await qi.createTable('users', {
    id,
    username: { type: DataTypes.STRING(100), allowNull: false, unique: true },
    first_name: { type: DataTypes.STRING(100), allowNull: false, defaultValue: '' },
    last_name: { type: DataTypes.STRING(100), allowNull: false, defaultValue: '' },
    email: { type: DataTypes.STRING(320), allowNull: true },
    password_hash: { type: DataTypes.STRING(255), allowNull: false },
    active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    theme: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'system' },
    last_login: { type: DataTypes.DATE, allowNull: true },
    login_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    created_on: { type: DataTypes.DATE, allowNull: false },
    changed_on: { type: DataTypes.DATE, allowNull: false },
  });

  await qi.createTable('roles', {
    id,
    name: { type: DataTypes.STRING(64), allowNull: false, unique: true },
  });

  await qi.createTable('permissions', {
    id,
    permission_name: { type: DataTypes.STRING(100), allowNull: false },
    view_name: { type: DataTypes.STRING(255), allowNull: false },
  });
  await qi.addIndex('permissions', ['permission_name', 'view_name'], { unique: true });

  await qi.createTable('role_permissions', {
    role_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'roles', key: 'id' }, onDelete: 'CASCADE' },
    permission_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'permissions', key: 'id' }, onDelete: 'CASCADE' },
  });
  await qi.addIndex('role_permissions', ['permission_id']);

  await qi.createTable('user_roles', {
    user_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'users', key: 'id' }, onDelete: 'CASCADE' },
    role_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'roles', key: 'id' }, onDelete: 'CASCADE' },
  });
  await qi.addIndex('user_roles', ['role_id']);

  await qi.createTable('databases', audited({
    id,
    uuid,
    database_name: { type: DataTypes.STRING(250), allowNull: false, unique: true },
    sqlalchemy_uri: { type: DataTypes.STRING(1024), allowNull: false },
    encrypted_password: { type: DataTypes.TEXT, allowNull: true },
    expose_in_sqllab: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    allow_run_async: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    allow_dml: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    allow_ctas: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    allow_cvas: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    allow_file_upload: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    force_ctas_schema: { type: DataTypes.STRING(250), allowNull: true },
    cache_timeout: { type: DataTypes.INTEGER, allowNull: true },
    extra: { type: DataTypes.TEXT, allowNull: false, defaultValue: '{}' },
    impersonate_user: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  }));
  await auditIndexes(qi, 'databases');

  await qi.createTable('datasets', audited({
    id,
    uuid,
    database_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'databases', key: 'id' }, onDelete: 'RESTRICT' },
    schema: { type: DataTypes.STRING(255), allowNull: true },
    table_name: { type: DataTypes.STRING(250), allowNull: false },
    sql: { type: DataTypes.TEXT, allowNull: true },
    description: { type: DataTypes.TEXT, allowNull: true },
    main_dttm_col: { type: DataTypes.STRING(250), allowNull: true },
    cache_timeout: { type: DataTypes.INTEGER, allowNull: true },
    extra: { type: DataTypes.TEXT, allowNull: true },
  }));
  await qi.addIndex('datasets', ['database_id']);
  await qi.addIndex('datasets', ['database_id', 'schema', 'table_name'], { unique: true });
  await auditIndexes(qi, 'datasets');
  await ownersTable(qi, 'dataset_owners', 'datasets', 'dataset_id');

  await qi.createTable('charts', audited({
    id,
    uuid,
    slice_name: { type: DataTypes.STRING(250), allowNull: false },
    viz_type: { type: DataTypes.STRING(250), allowNull: false },
    datasource_id: { type: DataTypes.INTEGER, allowNull: true },
    datasource_type: { type: DataTypes.STRING(200), allowNull: true },
    params: { type: DataTypes.TEXT, allowNull: true },
    query_context: { type: DataTypes.TEXT, allowNull: true },
    description: { type: DataTypes.TEXT, allowNull: true },
    cache_timeout: { type: DataTypes.INTEGER, allowNull: true },
  }));
  await qi.addIndex('charts', ['datasource_type', 'datasource_id']);
  await auditIndexes(qi, 'charts');
  await ownersTable(qi, 'chart_owners', 'charts', 'chart_id');

  await qi.createTable('dashboards', audited({
    id,
    uuid,
    dashboard_title: { type: DataTypes.STRING(500), allowNull: false },
    slug: { type: DataTypes.STRING(255), allowNull: true, unique: true },
    position_json: { type: DataTypes.TEXT, allowNull: true },
    json_metadata: { type: DataTypes.TEXT, allowNull: true },
    css: { type: DataTypes.TEXT, allowNull: true },
    description: { type: DataTypes.TEXT, allowNull: true },
    published: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
  }));
  await auditIndexes(qi, 'dashboards');
  await ownersTable(qi, 'dashboard_owners', 'dashboards', 'dashboard_id');
  await qi.createTable('dashboard_charts', {
    dashboard_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'dashboards', key: 'id' }, onDelete: 'CASCADE' },
    chart_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'charts', key: 'id' }, onDelete: 'CASCADE' },
  });
  await qi.addIndex('dashboard_charts', ['chart_id']);

  await qi.createTable('saved_queries', audited({
    id,
    uuid,
    db_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'databases', key: 'id' }, onDelete: 'CASCADE' },
    schema: { type: DataTypes.STRING(128), allowNull: true },
    label: { type: DataTypes.STRING(256), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true },
    sql: { type: DataTypes.TEXT, allowNull: false },
    template_parameters: { type: DataTypes.TEXT, allowNull: true },
  }));
  await qi.addIndex('saved_queries', ['db_id']);
  await auditIndexes(qi, 'saved_queries');

  await qi.createTable('favorites', {
    id,
    user_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'users', key: 'id' }, onDelete: 'CASCADE' },
    class_name: { type: DataTypes.STRING(50), allowNull: false },
    obj_id: { type: DataTypes.INTEGER, allowNull: false },
    created_on: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('favorites', ['user_id', 'class_name', 'obj_id'], { unique: true });
  await qi.addIndex('favorites', ['class_name', 'obj_id']);

  await qi.createTable('login_failures', {
    id,
    username: { type: DataTypes.STRING(100), allowNull: false },
    failed_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('login_failures', ['username', 'failed_at']);
}

export async function down({ context: qi }: Migration) {
  for (const table of [
    'login_failures', 'favorites', 'saved_queries', 'dashboard_charts', 'dashboard_owners', 'dashboards',
    'chart_owners', 'charts', 'dataset_owners', 'datasets', 'databases', 'user_roles', 'role_permissions',
    'permissions', 'roles', 'users',
  ]) {
    await qi.dropTable(table);
  }
}
