/**
 * How a Query record and a result set are answered: Superset's camelCase `Query.to_dict()`
 * (QueryResultSchema, used by execute, results and updated_since), the snake_case record of
 * `GET /api/v1/query/{id}`, and result columns and rows as `QueryExecutionResponseSchema` has them
 * (rows as objects keyed by column name, duplicate names suffixed `__1`, `__2` as Superset does).
 */
import type { CellValue } from '~/lib/sql/values';
import type { LimitingFactor } from '~/lib/sql/limit';
import { GENERIC_DATA_TYPES, type CtasMethod, type QueryResultDict, type QueryState, type ResultColumn } from '~/lib/sqllab-api';
import type { Query } from '../../../db/index';
import type { ColumnInfo, Row } from '../engines/types.server';

/** Keys of `extra_json` that are Sightline's bookkeeping, not the editor's business. */
const PRIVATE_EXTRA = new Set(['worker']);

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function publicExtra(query: Query): Record<string, unknown> {
  const extra = parseJson<Record<string, unknown>>(query.extra_json, {});
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(extra)) if (!PRIVATE_EXTRA.has(k)) out[k] = v;
  const errors = parseJson<unknown[] | null>(query.errors, null);
  if (errors && errors.length) out.errors = errors;
  return out;
}

/** Superset's `user_label`: "First Last", or the username. */
export function userLabel(user: { username: string; first_name: string; last_name: string } | null | undefined): string | null {
  if (!user) return null;
  return `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.username;
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** QueryResultSchema. Needs `database` and `user` loaded for `db` and `user`. */
export function toQueryResult(query: Query): QueryResultDict {
  const errors = parseJson<unknown[] | null>(query.errors, null);
  return {
    changed_on: iso(query.changed_on) ?? '',
    dbId: query.database_id,
    db: query.database?.database_name ?? null,
    endDttm: query.end_time ?? null,
    errorMessage: query.error_message ?? null,
    executedSql: query.executed_sql ?? null,
    id: query.client_id,
    queryId: query.id,
    limit: query.limit ?? null,
    limitingFactor: (query.limiting_factor as LimitingFactor) ?? 'UNKNOWN',
    progress: query.progress ?? 0,
    rows: query.rows ?? null,
    schema: query.schema ?? null,
    catalog: query.catalog ?? null,
    ctas: Boolean(query.select_as_cta),
    ctas_method: (query.ctas_method as CtasMethod | null) ?? null,
    serverId: query.id,
    sql: query.sql,
    sqlEditorId: query.sql_editor_id ?? null,
    startDttm: query.start_time ?? null,
    state: String(query.status).toLowerCase() as QueryState,
    tab: query.tab_name ?? null,
    tempSchema: query.tmp_schema_name ?? null,
    tempTable: query.tmp_table_name ?? null,
    userId: query.user_id ?? null,
    user: userLabel(query.user),
    resultsKey: query.results_key ?? null,
    trackingUrl: query.tracking_url ?? null,
    extra: publicExtra(query),
    ...(errors && errors.length ? { errors } : {}),
  };
}

/** `GET /api/v1/query/{id}`'s record (QueryRestApi show_columns), with the database and user named. */
export function toQueryRecord(query: Query): Record<string, unknown> {
  return {
    id: query.id,
    changed_on: iso(query.changed_on),
    client_id: query.client_id,
    database: query.database ? { id: query.database.id, database_name: query.database.database_name } : { id: query.database_id },
    end_result_backend_time: query.end_result_backend_time ?? null,
    end_time: query.end_time ?? null,
    error_message: query.error_message ?? null,
    executed_sql: query.executed_sql ?? null,
    limit: query.limit ?? null,
    progress: query.progress ?? 0,
    results_key: query.results_key ?? null,
    rows: query.rows ?? null,
    schema: query.schema ?? null,
    select_as_cta: Boolean(query.select_as_cta),
    select_as_cta_used: Boolean(query.select_as_cta_used),
    select_sql: query.select_sql ?? null,
    sql: query.sql,
    sql_editor_id: query.sql_editor_id ?? null,
    start_running_time: query.start_running_time ?? null,
    start_time: query.start_time ?? null,
    status: query.status,
    tab_name: query.tab_name ?? null,
    tmp_schema_name: query.tmp_schema_name ?? null,
    tmp_table_name: query.tmp_table_name ?? null,
    tracking_url: query.tracking_url ?? null,
    user: query.user ? { id: query.user.id, first_name: query.user.first_name, last_name: query.user.last_name } : null,
  };
}

/** Result column names made unique, as Superset's `dedup`: `a`, `a__1`, `a__2`. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const taken = new Set(names);
  return names.map((name) => {
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    if (count === 0) return name;
    let n = count;
    while (taken.has(`${name}__${n}`)) n++;
    const unique = `${name}__${n}`;
    taken.add(unique);
    return unique;
  });
}

export function resultColumns(columns: readonly ColumnInfo[]): ResultColumn[] {
  const names = uniqueNames(columns.map((c) => c.name));
  return columns.map((c, i) => ({
    column_name: names[i],
    name: names[i],
    type: c.type,
    type_generic: GENERIC_DATA_TYPES[c.type_generic],
    is_dttm: c.type_generic === 'temporal',
  }));
}

/** Rows (arrays in column order) as objects keyed by the unique column names. */
export function rowsAsObjects(columns: readonly ResultColumn[], rows: readonly Row[]): Record<string, CellValue>[] {
  return rows.map((row) => {
    // No prototype: a column named "__proto__" stays a column.
    const out = Object.create(null) as Record<string, CellValue>;
    for (let i = 0; i < columns.length; i++) out[columns[i].name] = row[i] ?? null;
    return out;
  });
}
