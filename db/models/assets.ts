/**
 * The user-facing objects. Each has a stable uuid (bundles and permalinks refer to it), audit
 * columns, and owners where Superset has them.
 */
import crypto from 'node:crypto';
import {
  DataTypes, Model, type Sequelize, type InferAttributes, type InferCreationAttributes, type CreationOptional,
  type NonAttribute, type ForeignKey, type ModelAttributes, type ModelStatic,
} from 'sequelize';
import { Role, User } from './security';

function audit() {
  return {
    created_on: DataTypes.DATE,
    changed_on: DataTypes.DATE,
    created_by_fk: { type: DataTypes.INTEGER, allowNull: true },
    changed_by_fk: { type: DataTypes.INTEGER, allowNull: true },
  } satisfies ModelAttributes;
}
const auditOptions = { timestamps: true, createdAt: 'created_on', updatedAt: 'changed_on' } as const;
const idColumn = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true };
const uuidColumn = { type: DataTypes.STRING(36), allowNull: false, unique: true, defaultValue: () => crypto.randomUUID() };

interface Audited {
  created_on: CreationOptional<Date>;
  changed_on: CreationOptional<Date>;
  created_by_fk: CreationOptional<number | null>;
  changed_by_fk: CreationOptional<number | null>;
}

export class Database extends Model<InferAttributes<Database>, InferCreationAttributes<Database>> implements Audited {
  declare id: CreationOptional<number>;
  declare uuid: CreationOptional<string>;
  declare database_name: string;
  declare sqlalchemy_uri: string;
  declare encrypted_password: CreationOptional<string | null>;
  declare expose_in_sqllab: CreationOptional<boolean>;
  declare allow_run_async: CreationOptional<boolean>;
  declare allow_dml: CreationOptional<boolean>;
  declare allow_ctas: CreationOptional<boolean>;
  declare allow_cvas: CreationOptional<boolean>;
  declare allow_file_upload: CreationOptional<boolean>;
  declare force_ctas_schema: CreationOptional<string | null>;
  declare cache_timeout: CreationOptional<number | null>;
  declare extra: CreationOptional<string>;
  declare impersonate_user: CreationOptional<boolean>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare created_by_fk: CreationOptional<number | null>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare created_by?: NonAttribute<User | null>;
  declare changed_by?: NonAttribute<User | null>;
}

export class Dataset extends Model<InferAttributes<Dataset>, InferCreationAttributes<Dataset>> implements Audited {
  declare id: CreationOptional<number>;
  declare uuid: CreationOptional<string>;
  declare database_id: ForeignKey<number>;
  declare schema: CreationOptional<string | null>;
  declare table_name: string;
  declare sql: CreationOptional<string | null>;
  declare description: CreationOptional<string | null>;
  declare main_dttm_col: CreationOptional<string | null>;
  declare cache_timeout: CreationOptional<number | null>;
  declare extra: CreationOptional<string | null>;
  declare filter_select_enabled: CreationOptional<boolean>;
  declare fetch_values_predicate: CreationOptional<string | null>;
  declare normalize_columns: CreationOptional<boolean>;
  declare always_filter_main_dttm: CreationOptional<boolean>;
  /** Hours added to the dataset's datetimes. */
  declare offset: CreationOptional<number>;
  declare default_endpoint: CreationOptional<string | null>;
  declare is_sqllab_view: CreationOptional<boolean>;
  declare template_params: CreationOptional<string | null>;
  declare is_managed_externally: CreationOptional<boolean>;
  declare external_url: CreationOptional<string | null>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare created_by_fk: CreationOptional<number | null>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare created_by?: NonAttribute<User | null>;
  declare changed_by?: NonAttribute<User | null>;
  declare database?: NonAttribute<Database>;
  declare owners?: NonAttribute<User[]>;
  declare columns?: NonAttribute<TableColumn[]>;
  declare metrics?: NonAttribute<SqlMetric[]>;
}

export class TableColumn extends Model<InferAttributes<TableColumn>, InferCreationAttributes<TableColumn>> implements Audited {
  declare id: CreationOptional<number>;
  declare uuid: CreationOptional<string>;
  declare table_id: ForeignKey<number>;
  declare column_name: string;
  declare verbose_name: CreationOptional<string | null>;
  declare type: CreationOptional<string | null>;
  /** Superset's GenericDataType: 0 numeric, 1 string, 2 temporal, 3 boolean. */
  declare type_generic: CreationOptional<number | null>;
  declare is_dttm: CreationOptional<boolean>;
  declare is_active: CreationOptional<boolean>;
  declare groupby: CreationOptional<boolean>;
  declare filterable: CreationOptional<boolean>;
  declare expression: CreationOptional<string | null>;
  declare description: CreationOptional<string | null>;
  declare python_date_format: CreationOptional<string | null>;
  declare advanced_data_type: CreationOptional<string | null>;
  declare extra: CreationOptional<string | null>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare created_by_fk: CreationOptional<number | null>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare created_by?: NonAttribute<User | null>;
  declare changed_by?: NonAttribute<User | null>;
}

/** A saved metric of a dataset (Superset's sql_metrics). */
export class SqlMetric extends Model<InferAttributes<SqlMetric>, InferCreationAttributes<SqlMetric>> implements Audited {
  declare id: CreationOptional<number>;
  declare uuid: CreationOptional<string>;
  declare table_id: ForeignKey<number>;
  declare metric_name: string;
  declare verbose_name: CreationOptional<string | null>;
  declare metric_type: CreationOptional<string | null>;
  declare expression: string;
  declare description: CreationOptional<string | null>;
  declare d3format: CreationOptional<string | null>;
  /** JSON text: {symbol, symbolPosition}. */
  declare currency: CreationOptional<string | null>;
  declare warning_text: CreationOptional<string | null>;
  /** JSON text: certified_by, certification_details, warning_markdown. */
  declare extra: CreationOptional<string | null>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare created_by_fk: CreationOptional<number | null>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare created_by?: NonAttribute<User | null>;
  declare changed_by?: NonAttribute<User | null>;
}

/** A row-level security filter: a WHERE clause added to every query on its datasets for (or, Base, except for) its roles. */
export class RowLevelSecurityFilter extends Model<InferAttributes<RowLevelSecurityFilter>, InferCreationAttributes<RowLevelSecurityFilter>> implements Audited {
  declare id: CreationOptional<number>;
  declare name: string;
  declare description: CreationOptional<string | null>;
  declare filter_type: 'Regular' | 'Base';
  declare group_key: CreationOptional<string | null>;
  declare clause: string;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare created_by_fk: CreationOptional<number | null>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare created_by?: NonAttribute<User | null>;
  declare changed_by?: NonAttribute<User | null>;
  declare roles?: NonAttribute<Role[]>;
  declare tables?: NonAttribute<Dataset[]>;
}

export class Chart extends Model<InferAttributes<Chart>, InferCreationAttributes<Chart>> implements Audited {
  declare id: CreationOptional<number>;
  declare uuid: CreationOptional<string>;
  declare slice_name: string;
  declare viz_type: string;
  declare datasource_id: CreationOptional<number | null>;
  declare datasource_type: CreationOptional<string | null>;
  declare params: CreationOptional<string | null>;
  declare query_context: CreationOptional<string | null>;
  declare description: CreationOptional<string | null>;
  declare cache_timeout: CreationOptional<number | null>;
  declare certified_by: CreationOptional<string | null>;
  declare certification_details: CreationOptional<string | null>;
  declare is_managed_externally: CreationOptional<boolean>;
  declare external_url: CreationOptional<string | null>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare created_by_fk: CreationOptional<number | null>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare created_by?: NonAttribute<User | null>;
  declare changed_by?: NonAttribute<User | null>;
  declare owners?: NonAttribute<User[]>;
  declare dashboards?: NonAttribute<Dashboard[]>;
}

export class Dashboard extends Model<InferAttributes<Dashboard>, InferCreationAttributes<Dashboard>> implements Audited {
  declare id: CreationOptional<number>;
  declare uuid: CreationOptional<string>;
  declare dashboard_title: string;
  declare slug: CreationOptional<string | null>;
  declare position_json: CreationOptional<string | null>;
  declare json_metadata: CreationOptional<string | null>;
  declare css: CreationOptional<string | null>;
  declare description: CreationOptional<string | null>;
  declare published: CreationOptional<boolean>;
  declare certified_by: CreationOptional<string | null>;
  declare certification_details: CreationOptional<string | null>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare created_by_fk: CreationOptional<number | null>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare created_by?: NonAttribute<User | null>;
  declare changed_by?: NonAttribute<User | null>;
  declare owners?: NonAttribute<User[]>;
  declare charts?: NonAttribute<Chart[]>;
  /** Role-based access: when any, only these roles (besides owners and admins) see the published dashboard. */
  declare roles?: NonAttribute<Role[]>;
}

export class SavedQuery extends Model<InferAttributes<SavedQuery>, InferCreationAttributes<SavedQuery>> implements Audited {
  declare id: CreationOptional<number>;
  declare uuid: CreationOptional<string>;
  declare db_id: ForeignKey<number>;
  declare schema: CreationOptional<string | null>;
  declare label: string;
  declare description: CreationOptional<string | null>;
  declare sql: string;
  declare template_parameters: CreationOptional<string | null>;
  declare extra_json: CreationOptional<string | null>;
  declare catalog: CreationOptional<string | null>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare created_by_fk: CreationOptional<number | null>;
  declare changed_by_fk: CreationOptional<number | null>;
  declare created_by?: NonAttribute<User | null>;
  declare changed_by?: NonAttribute<User | null>;
  declare database?: NonAttribute<Database>;
}

export class Favorite extends Model<InferAttributes<Favorite>, InferCreationAttributes<Favorite>> {
  declare id: CreationOptional<number>;
  declare user_id: number;
  declare class_name: string;
  declare obj_id: number;
  declare created_on: CreationOptional<Date>;
}

export function initAssetModels(sequelize: Sequelize) {
  Database.init(
    {
      id: idColumn,
      uuid: uuidColumn,
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
      ...audit(),
    },
    { sequelize, tableName: 'databases', ...auditOptions },
  );
  Dataset.init(
    {
      id: idColumn,
      uuid: uuidColumn,
      schema: { type: DataTypes.STRING(255), allowNull: true },
      table_name: { type: DataTypes.STRING(250), allowNull: false },
      sql: { type: DataTypes.TEXT, allowNull: true },
      description: { type: DataTypes.TEXT, allowNull: true },
      main_dttm_col: { type: DataTypes.STRING(250), allowNull: true },
      cache_timeout: { type: DataTypes.INTEGER, allowNull: true },
      extra: { type: DataTypes.TEXT, allowNull: true },
      filter_select_enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      fetch_values_predicate: { type: DataTypes.TEXT, allowNull: true },
      normalize_columns: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      always_filter_main_dttm: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      offset: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      default_endpoint: { type: DataTypes.TEXT, allowNull: true },
      is_sqllab_view: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      template_params: { type: DataTypes.TEXT, allowNull: true },
      is_managed_externally: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      external_url: { type: DataTypes.TEXT, allowNull: true },
      ...audit(),
    },
    { sequelize, tableName: 'datasets', ...auditOptions },
  );
  TableColumn.init(
    {
      id: idColumn,
      uuid: uuidColumn,
      column_name: { type: DataTypes.STRING(255), allowNull: false },
      verbose_name: { type: DataTypes.STRING(1024), allowNull: true },
      type: { type: DataTypes.TEXT, allowNull: true },
      type_generic: { type: DataTypes.INTEGER, allowNull: true },
      is_dttm: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      groupby: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      filterable: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      expression: { type: DataTypes.TEXT, allowNull: true },
      description: { type: DataTypes.TEXT, allowNull: true },
      python_date_format: { type: DataTypes.STRING(255), allowNull: true },
      advanced_data_type: { type: DataTypes.STRING(255), allowNull: true },
      extra: { type: DataTypes.TEXT, allowNull: true },
      ...audit(),
    },
    { sequelize, tableName: 'table_columns', ...auditOptions },
  );
  SqlMetric.init(
    {
      id: idColumn,
      uuid: uuidColumn,
      metric_name: { type: DataTypes.STRING(255), allowNull: false },
      verbose_name: { type: DataTypes.STRING(1024), allowNull: true },
      metric_type: { type: DataTypes.STRING(32), allowNull: true },
      expression: { type: DataTypes.TEXT, allowNull: false },
      description: { type: DataTypes.TEXT, allowNull: true },
      d3format: { type: DataTypes.STRING(128), allowNull: true },
      currency: { type: DataTypes.TEXT, allowNull: true },
      warning_text: { type: DataTypes.TEXT, allowNull: true },
      extra: { type: DataTypes.TEXT, allowNull: true },
      ...audit(),
    },
    { sequelize, tableName: 'sql_metrics', ...auditOptions },
  );
  RowLevelSecurityFilter.init(
    {
      id: idColumn,
      name: { type: DataTypes.STRING(255), allowNull: false, unique: true },
      description: { type: DataTypes.TEXT, allowNull: true },
      filter_type: { type: DataTypes.STRING(255), allowNull: false },
      group_key: { type: DataTypes.STRING(255), allowNull: true },
      clause: { type: DataTypes.TEXT, allowNull: false },
      ...audit(),
    },
    { sequelize, tableName: 'row_level_security_filters', ...auditOptions },
  );
  Chart.init(
    {
      id: idColumn,
      uuid: uuidColumn,
      slice_name: { type: DataTypes.STRING(250), allowNull: false },
      viz_type: { type: DataTypes.STRING(250), allowNull: false },
      datasource_id: { type: DataTypes.INTEGER, allowNull: true },
      datasource_type: { type: DataTypes.STRING(200), allowNull: true },
      params: { type: DataTypes.TEXT, allowNull: true },
      query_context: { type: DataTypes.TEXT, allowNull: true },
      description: { type: DataTypes.TEXT, allowNull: true },
      cache_timeout: { type: DataTypes.INTEGER, allowNull: true },
      certified_by: { type: DataTypes.TEXT, allowNull: true },
      certification_details: { type: DataTypes.TEXT, allowNull: true },
      is_managed_externally: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      external_url: { type: DataTypes.TEXT, allowNull: true },
      ...audit(),
    },
    { sequelize, tableName: 'charts', ...auditOptions },
  );
  Dashboard.init(
    {
      id: idColumn,
      uuid: uuidColumn,
      dashboard_title: { type: DataTypes.STRING(500), allowNull: false },
      slug: { type: DataTypes.STRING(255), allowNull: true, unique: true },
      position_json: { type: DataTypes.TEXT, allowNull: true },
      json_metadata: { type: DataTypes.TEXT, allowNull: true },
      css: { type: DataTypes.TEXT, allowNull: true },
      description: { type: DataTypes.TEXT, allowNull: true },
      published: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      certified_by: { type: DataTypes.TEXT, allowNull: true },
      certification_details: { type: DataTypes.TEXT, allowNull: true },
      ...audit(),
    },
    { sequelize, tableName: 'dashboards', ...auditOptions },
  );
  SavedQuery.init(
    {
      id: idColumn,
      uuid: uuidColumn,
      schema: { type: DataTypes.STRING(128), allowNull: true },
      label: { type: DataTypes.STRING(256), allowNull: false },
      description: { type: DataTypes.TEXT, allowNull: true },
      sql: { type: DataTypes.TEXT, allowNull: false },
      template_parameters: { type: DataTypes.TEXT, allowNull: true },
      extra_json: { type: DataTypes.TEXT, allowNull: true },
      catalog: { type: DataTypes.STRING(256), allowNull: true },
      ...audit(),
    },
    { sequelize, tableName: 'saved_queries', ...auditOptions },
  );
  Favorite.init(
    {
      id: idColumn,
      user_id: { type: DataTypes.INTEGER, allowNull: false },
      class_name: { type: DataTypes.STRING(50), allowNull: false },
      obj_id: { type: DataTypes.INTEGER, allowNull: false },
      created_on: DataTypes.DATE,
    },
    { sequelize, tableName: 'favorites', timestamps: true, createdAt: 'created_on', updatedAt: false },
  );

  for (const model of [Database, Dataset, TableColumn, SqlMetric, RowLevelSecurityFilter, Chart, Dashboard, SavedQuery] as ModelStatic<Model>[]) {
    model.belongsTo(User, { foreignKey: 'created_by_fk', as: 'created_by' });
    model.belongsTo(User, { foreignKey: 'changed_by_fk', as: 'changed_by' });
  }
  Dataset.belongsTo(Database, { foreignKey: 'database_id', as: 'database' });
  Database.hasMany(Dataset, { foreignKey: 'database_id', as: 'datasets' });
  TableColumn.belongsTo(Dataset, { foreignKey: 'table_id', as: 'dataset' });
  Dataset.hasMany(TableColumn, { foreignKey: 'table_id', as: 'columns' });
  SqlMetric.belongsTo(Dataset, { foreignKey: 'table_id', as: 'dataset' });
  Dataset.hasMany(SqlMetric, { foreignKey: 'table_id', as: 'metrics' });
  RowLevelSecurityFilter.belongsToMany(Role, { through: 'rls_filter_roles', foreignKey: 'rls_filter_id', otherKey: 'role_id', as: 'roles', timestamps: false });
  RowLevelSecurityFilter.belongsToMany(Dataset, { through: 'rls_filter_tables', foreignKey: 'rls_filter_id', otherKey: 'table_id', as: 'tables', timestamps: false });
  SavedQuery.belongsTo(Database, { foreignKey: 'db_id', as: 'database' });
  Dataset.belongsToMany(User, { through: 'dataset_owners', foreignKey: 'dataset_id', otherKey: 'user_id', as: 'owners', timestamps: false });
  Chart.belongsToMany(User, { through: 'chart_owners', foreignKey: 'chart_id', otherKey: 'user_id', as: 'owners', timestamps: false });
  Dashboard.belongsToMany(User, { through: 'dashboard_owners', foreignKey: 'dashboard_id', otherKey: 'user_id', as: 'owners', timestamps: false });
  Dashboard.belongsToMany(Chart, { through: 'dashboard_charts', foreignKey: 'dashboard_id', otherKey: 'chart_id', as: 'charts', timestamps: false });
  Dashboard.belongsToMany(Role, { through: 'dashboard_roles', foreignKey: 'dashboard_id', otherKey: 'role_id', as: 'roles', timestamps: false });
  Chart.belongsToMany(Dashboard, { through: 'dashboard_charts', foreignKey: 'chart_id', otherKey: 'dashboard_id', as: 'dashboards', timestamps: false });
}
