/** SQL Lab's records: queries, tabs persisted on the server, tables shown in a tab, stored results. */
import {
  DataTypes, Model, type Sequelize, type InferAttributes, type InferCreationAttributes, type CreationOptional,
  type NonAttribute,
} from 'sequelize';
import { Database, SavedQuery } from './assets';
import { User } from './security';

export class Query extends Model<InferAttributes<Query>, InferCreationAttributes<Query>> {
  declare id: CreationOptional<number>;
  declare client_id: string;
  declare database_id: number;
  declare user_id: number | null;
  declare status: CreationOptional<string>;
  declare tab_name: CreationOptional<string | null>;
  declare sql_editor_id: CreationOptional<string | null>;
  declare catalog: CreationOptional<string | null>;
  declare schema: CreationOptional<string | null>;
  declare sql: string;
  declare select_sql: CreationOptional<string | null>;
  declare executed_sql: CreationOptional<string | null>;
  declare limit: CreationOptional<number | null>;
  declare limiting_factor: CreationOptional<string>;
  declare select_as_cta: CreationOptional<boolean>;
  declare select_as_cta_used: CreationOptional<boolean>;
  declare ctas_method: CreationOptional<string | null>;
  declare tmp_table_name: CreationOptional<string | null>;
  declare tmp_schema_name: CreationOptional<string | null>;
  declare progress: CreationOptional<number>;
  declare rows: CreationOptional<number | null>;
  declare error_message: CreationOptional<string | null>;
  declare errors: CreationOptional<string | null>;
  declare results_key: CreationOptional<string | null>;
  declare run_async: CreationOptional<boolean>;
  declare template_params: CreationOptional<string | null>;
  declare cancel_key: CreationOptional<string | null>;
  declare tracking_url: CreationOptional<string | null>;
  declare extra_json: CreationOptional<string | null>;
  declare start_time: CreationOptional<number | null>;
  declare start_running_time: CreationOptional<number | null>;
  declare end_time: CreationOptional<number | null>;
  declare end_result_backend_time: CreationOptional<number | null>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare database?: NonAttribute<Database>;
  declare user?: NonAttribute<User | null>;
}

export class TabState extends Model<InferAttributes<TabState>, InferCreationAttributes<TabState>> {
  declare id: CreationOptional<number>;
  declare user_id: number;
  declare label: string;
  declare active: CreationOptional<boolean>;
  declare database_id: CreationOptional<number | null>;
  declare catalog: CreationOptional<string | null>;
  declare schema: CreationOptional<string | null>;
  declare sql: CreationOptional<string | null>;
  declare query_limit: CreationOptional<number | null>;
  declare latest_query_id: CreationOptional<string | null>;
  declare autorun: CreationOptional<boolean>;
  declare template_params: CreationOptional<string | null>;
  declare hide_left_bar: CreationOptional<boolean>;
  declare saved_query_id: CreationOptional<number | null>;
  declare extra_json: CreationOptional<string | null>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
  declare table_schemas?: NonAttribute<TableSchema[]>;
  declare saved_query?: NonAttribute<SavedQuery | null>;
}

export class TableSchema extends Model<InferAttributes<TableSchema>, InferCreationAttributes<TableSchema>> {
  declare id: CreationOptional<number>;
  declare tab_state_id: number;
  declare database_id: number;
  declare catalog: CreationOptional<string | null>;
  declare schema: CreationOptional<string | null>;
  declare table: string;
  declare description: CreationOptional<string | null>;
  declare expanded: CreationOptional<boolean>;
  declare created_on: CreationOptional<Date>;
  declare changed_on: CreationOptional<Date>;
}

export class QueryResult extends Model<InferAttributes<QueryResult>, InferCreationAttributes<QueryResult>> {
  declare results_key: string;
  declare payload: Buffer;
  declare size_bytes: number;
  declare created_on: Date;
  declare expires_on: Date;
}

const timestamps = { timestamps: true, createdAt: 'created_on', updatedAt: 'changed_on' } as const;
const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true };

export function initSqlLabModels(sequelize: Sequelize) {
  Query.init(
    {
      id,
      client_id: { type: DataTypes.STRING(36), allowNull: false, unique: true },
      database_id: { type: DataTypes.INTEGER, allowNull: false },
      user_id: { type: DataTypes.INTEGER, allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending' },
      tab_name: DataTypes.STRING(256),
      sql_editor_id: DataTypes.STRING(256),
      catalog: DataTypes.STRING(256),
      schema: DataTypes.STRING(256),
      sql: { type: DataTypes.TEXT, allowNull: false },
      select_sql: DataTypes.TEXT,
      executed_sql: DataTypes.TEXT,
      limit: DataTypes.INTEGER,
      limiting_factor: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'UNKNOWN' },
      select_as_cta: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      select_as_cta_used: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ctas_method: DataTypes.STRING(16),
      tmp_table_name: DataTypes.STRING(256),
      tmp_schema_name: DataTypes.STRING(256),
      progress: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      rows: DataTypes.INTEGER,
      error_message: DataTypes.TEXT,
      errors: DataTypes.TEXT,
      results_key: DataTypes.STRING(64),
      run_async: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      template_params: DataTypes.TEXT,
      cancel_key: DataTypes.STRING(128),
      tracking_url: DataTypes.TEXT,
      extra_json: DataTypes.TEXT,
      start_time: DataTypes.DOUBLE,
      start_running_time: DataTypes.DOUBLE,
      end_time: DataTypes.DOUBLE,
      end_result_backend_time: DataTypes.DOUBLE,
      created_on: DataTypes.DATE,
      changed_on: DataTypes.DATE,
    },
    { sequelize, tableName: 'queries', ...timestamps },
  );
  TabState.init(
    {
      id,
      user_id: { type: DataTypes.INTEGER, allowNull: false },
      label: { type: DataTypes.STRING(256), allowNull: false },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      database_id: DataTypes.INTEGER,
      catalog: DataTypes.STRING(256),
      schema: DataTypes.STRING(256),
      sql: DataTypes.TEXT,
      query_limit: DataTypes.INTEGER,
      latest_query_id: DataTypes.STRING(36),
      autorun: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      template_params: DataTypes.TEXT,
      hide_left_bar: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      saved_query_id: DataTypes.INTEGER,
      extra_json: DataTypes.TEXT,
      created_on: DataTypes.DATE,
      changed_on: DataTypes.DATE,
    },
    { sequelize, tableName: 'tab_state', ...timestamps },
  );
  TableSchema.init(
    {
      id,
      tab_state_id: { type: DataTypes.INTEGER, allowNull: false },
      database_id: { type: DataTypes.INTEGER, allowNull: false },
      catalog: DataTypes.STRING(256),
      schema: DataTypes.STRING(256),
      table: { type: DataTypes.STRING(256), allowNull: false },
      description: DataTypes.TEXT,
      expanded: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      created_on: DataTypes.DATE,
      changed_on: DataTypes.DATE,
    },
    { sequelize, tableName: 'table_schema', ...timestamps },
  );
  QueryResult.init(
    {
      results_key: { type: DataTypes.STRING(64), primaryKey: true },
      payload: { type: DataTypes.BLOB, allowNull: false },
      size_bytes: { type: DataTypes.INTEGER, allowNull: false },
      created_on: { type: DataTypes.DATE, allowNull: false },
      expires_on: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'query_results', timestamps: false },
  );

  Query.belongsTo(Database, { foreignKey: 'database_id', as: 'database' });
  Query.belongsTo(User, { foreignKey: 'user_id', as: 'user' });
  TabState.hasMany(TableSchema, { foreignKey: 'tab_state_id', as: 'table_schemas' });
  TabState.belongsTo(SavedQuery, { foreignKey: 'saved_query_id', as: 'saved_query' });
}
