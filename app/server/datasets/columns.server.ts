/**
 * A dataset's columns: found by running its SQL (or a SELECT * of its table) for one row through
 * the engines' execution core, never allowing anything but a single read, and kept in
 * table_columns (model TableColumn) with the editor's fields (verbose name, expression, date
 * format, …) as Superset's DatasetRestApi shows them.
 */
import type { Transaction } from 'sequelize';
import { splitStatements } from '~/lib/sql/split';
import { GENERIC_DATA_TYPES } from '~/lib/sqllab-api';
import type { Database, TableColumn } from '../../../db/index';
import { models } from '../db.server';
import { UnprocessableError } from '../domain-errors.server';
import { env } from '../env.server';
import { engineError, EngineError } from '../engines/errors.server';
import { executeSql } from '../engines/execute.server';
import type { Engine } from '../engines/types.server';
import { connectionOf, type SqlLabDatabase } from '../sqllab/database.server';
import { describeFailure, SqlLabError } from '../sqllab/errors.server';

/** A column as the source returns it. */
export type DiscoveredColumn = {
  column_name: string;
  type: string | null;
  /** Superset's GenericDataType: 0 numeric, 1 string, 2 temporal, 3 boolean. */
  type_generic: number | null;
  is_dttm: boolean;
};

/** A stored column with every field of Superset's DatasetRestApi.get.TableColumn. */
export type ColumnDetail = DiscoveredColumn & {
  id: number;
  uuid: string;
  verbose_name: string | null;
  description: string | null;
  expression: string | null;
  filterable: boolean;
  groupby: boolean;
  is_active: boolean;
  python_date_format: string | null;
  advanced_data_type: string | null;
  extra: string | null;
  created_on: string;
  changed_on: string;
};

export type SourceRef = { sql: string | null; schema: string | null; table_name: string };

/** The statement whose result columns are the dataset's columns. */
function sourceSql(db: SqlLabDatabase, source: SourceRef): string {
  if (!source.sql) return `SELECT * FROM ${db.engine.dialect.qualifiedName(source.schema, source.table_name)}`;
  const statements = splitStatements(source.sql, db.engine.dialect.flavor);
  if (statements.length !== 1) {
    throw engineError('GENERIC_COMMAND_ERROR', 'Only single queries supported: a virtual dataset is one SELECT statement.', { engineName: db.engine.label });
  }
  return statements[0].sql;
}

/** Runs the source for at most one row; DML and DDL are refused whatever the database allows. */
export async function discoverColumns(db: SqlLabDatabase, source: SourceRef): Promise<DiscoveredColumn[]> {
  const result = await executeSql({
    target: db.target,
    sql: sourceSql(db, source),
    schema: source.schema,
    limit: 1,
    serverMaxRows: 1,
    allowDml: false,
    timeoutMs: env().SQLLAB_TIMEOUT_SECONDS * 1000,
    timeoutErrorType: 'BACKEND_TIMEOUT_ERROR',
  });
  if (result.columns.length === 0) {
    throw engineError('GENERIC_COMMAND_ERROR', 'The query returns no columns: a dataset needs a SELECT that returns at least one column.', { engineName: db.engine.label });
  }
  const seen = new Set<string>();
  for (const c of result.columns) {
    if (seen.has(c.name)) {
      throw engineError('GENERIC_COMMAND_ERROR', `The query returns the column "${c.name}" more than once: give each column its own name (an alias).`, { engineName: db.engine.label });
    }
    seen.add(c.name);
  }
  return result.columns.map((c) => ({
    column_name: c.name,
    type: c.type || null,
    type_generic: GENERIC_DATA_TYPES[c.type_generic],
    is_dttm: c.type_generic === 'temporal',
  }));
}

function isMissingTable(error: unknown): boolean {
  return error instanceof EngineError && (error.errorType === 'TABLE_DOES_NOT_EXIST_ERROR' || error.errorType === 'OBJECT_DOES_NOT_EXIST_ERROR');
}

/**
 * The source's columns for create, update and refresh: a missing table is a 422 (Superset's
 * TableNotFoundValidationError), the SQL's own failure the engines' `{errors}` with SQL Lab's status for it.
 */
export async function columnsOfSource(database: Database, source: SourceRef): Promise<DiscoveredColumn[]> {
  try {
    return await discoverColumns(connectionOf(database), source);
  } catch (error) {
    if (!source.sql && isMissingTable(error)) {
      throw new UnprocessableError({ table: [`Table [${source.table_name}] could not be found, please double check your database connection, schema, and table name`] });
    }
    if (error instanceof EngineError) {
      const failure = describeFailure(error);
      throw new SqlLabError(failure.errors[0], failure.status, { cause: error });
    }
    throw error;
  }
}

/** The generic type of an engine's type name (null for none: a calculated column without a type). */
export function genericTypeOf(engine: Engine | null, type: string | null | undefined): number | null {
  if (!engine || !type || !type.trim()) return null;
  return GENERIC_DATA_TYPES[engine.typeGeneric(type)];
}

export async function storeColumns(datasetId: number, userId: number, columns: DiscoveredColumn[], transaction?: Transaction): Promise<void> {
  if (columns.length === 0) return;
  await models().TableColumn.bulkCreate(columns.map((c) => ({
    table_id: datasetId,
    column_name: c.column_name,
    type: c.type,
    type_generic: c.type_generic,
    is_dttm: c.is_dttm,
    created_by_fk: userId,
    changed_by_fk: userId,
  })), { transaction });
}

/** Superset's default time column: the first temporal one. */
export function firstTemporal(columns: readonly Pick<DiscoveredColumn, 'column_name' | 'is_dttm'>[]): string | null {
  return columns.find((c) => c.is_dttm)?.column_name ?? null;
}

export function columnDetail(c: TableColumn): ColumnDetail {
  return {
    id: c.id,
    uuid: c.uuid,
    column_name: c.column_name,
    verbose_name: c.verbose_name,
    description: c.description,
    type: c.type,
    type_generic: c.type_generic,
    is_dttm: c.is_dttm,
    expression: c.expression,
    filterable: c.filterable,
    groupby: c.groupby,
    is_active: c.is_active,
    python_date_format: c.python_date_format,
    advanced_data_type: c.advanced_data_type,
    extra: c.extra,
    created_on: c.created_on.toISOString(),
    changed_on: c.changed_on.toISOString(),
  };
}

export async function readColumns(datasetId: number): Promise<ColumnDetail[]> {
  const rows = await models().TableColumn.findAll({ where: { table_id: datasetId }, order: [['id', 'ASC']] });
  return rows.map(columnDetail);
}
