/**
 * A dataset's columns: found by running its SQL (or a SELECT * of its table) for one row through
 * the engines' execution core, never allowing anything but a single read, and kept in
 * table_columns (migration 0004, model TableColumn).
 */
import type { Transaction } from 'sequelize';
import { splitStatements } from '~/lib/sql/split';
import { GENERIC_DATA_TYPES } from '~/lib/sqllab-api';
import { models } from '../db.server';
import { env } from '../env.server';
import { engineError, EngineError } from '../engines/errors.server';
import { executeSql } from '../engines/execute.server';
import type { SqlLabDatabase } from '../sqllab/database.server';

export type DatasetColumn = {
  id?: number;
  column_name: string;
  type: string | null;
  /** Superset's GenericDataType: 0 numeric, 1 string, 2 temporal, 3 boolean. */
  type_generic: number | null;
  is_dttm: boolean;
};

type Source = { sql: string | null; schema: string | null; tableName: string };

/** The statement whose result columns are the dataset's columns. */
function sourceSql(db: SqlLabDatabase, source: Source): string {
  if (!source.sql) return `SELECT * FROM ${db.engine.dialect.qualifiedName(source.schema, source.tableName)}`;
  const statements = splitStatements(source.sql, db.engine.dialect.flavor);
  if (statements.length !== 1) {
    throw engineError('GENERIC_COMMAND_ERROR', 'Only single queries supported: a virtual dataset is one SELECT statement.', { engineName: db.engine.label });
  }
  return statements[0].sql;
}

/** Runs the source for at most one row; DML and DDL are refused whatever the database allows. */
export async function discoverColumns(db: SqlLabDatabase, source: Source): Promise<DatasetColumn[]> {
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

export function isMissingTable(error: unknown): boolean {
  return error instanceof EngineError && (error.errorType === 'TABLE_DOES_NOT_EXIST_ERROR' || error.errorType === 'OBJECT_DOES_NOT_EXIST_ERROR');
}

export async function storeColumns(datasetId: number, userId: number, columns: DatasetColumn[], transaction?: Transaction): Promise<void> {
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

export async function readColumns(datasetId: number): Promise<DatasetColumn[]> {
  const rows = await models().TableColumn.findAll({ where: { table_id: datasetId }, order: [['id', 'ASC']] });
  return rows.map((r) => ({ id: r.id, column_name: r.column_name, type: r.type, type_generic: r.type_generic, is_dttm: r.is_dttm }));
}
