/**
 * A SQL Lab query charted as it is (Superset's `query` datasource, `{id}__query`): SQL Lab's
 * "Create chart" opens Explore on it. Its SQL is the source, like a virtual dataset's; its columns
 * are what the SQL returns (one row read through the execution core, read-only); it has no saved
 * metrics. Only the query's author (or an admin) may chart it, on a database they may still use;
 * anyone else gets the same 404 as for a query that does not exist.
 */
import { isAdmin } from '~/lib/permissions';
import { parseStoredObject } from '~/lib/safe-json';
import { requireDatabaseAccess } from '../access/database-access.server';
import type { CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { NotFoundError } from '../domain-errors.server';
import type { DatasetSource, GenericType, SourceColumn } from '../query/types.server';
import { connectionOf } from '../sqllab/database.server';
import { discoverColumns, type DiscoveredColumn } from './columns.server';
import type { LoadedSource } from './source.server';

/** A query's columns, kept per query (its SQL never changes) so each chart request does not re-run the probe. */
const columnsByQuery = new Map<number, Promise<DiscoveredColumn[]>>();
const MAX_REMEMBERED = 200;

function rememberedColumns(queryId: number, discover: () => Promise<DiscoveredColumn[]>): Promise<DiscoveredColumn[]> {
  let columns = columnsByQuery.get(queryId);
  if (!columns) {
    if (columnsByQuery.size >= MAX_REMEMBERED) columnsByQuery.delete(columnsByQuery.keys().next().value as number);
    columns = discover();
    columnsByQuery.set(queryId, columns);
    // A failure is not remembered: the next request asks again.
    columns.catch(() => columnsByQuery.delete(queryId));
  }
  return columns;
}


/** The name Explore shows for a query datasource. */
export function queryDatasourceName(query: { id: number; tab_name: string | null }): string {
  return query.tab_name?.trim() || `Query ${query.id}`;
}

export async function loadQuerySource(user: CurrentUser, queryId: number): Promise<LoadedSource & { query: { id: number; sql: string; tab_name: string | null } }> {
  const { Query, Database } = models();
  const query = await Query.findByPk(queryId, { include: [{ model: Database, as: 'database' }] });
  if (!query || !query.database || (query.user_id !== user.id && !isAdmin(user.roles))) throw new NotFoundError(`There is no query with id ${queryId}.`);
  requireDatabaseAccess(user, query.database);
  const connection = connectionOf(query.database);
  const discovered = await rememberedColumns(query.id, () => discoverColumns(connection, { sql: query.sql, schema: query.schema, table_name: '' }));
  const columns: SourceColumn[] = discovered.map((c, i) => ({
    id: i + 1,
    column_name: c.column_name,
    verbose_name: null,
    type: c.type,
    type_generic: c.type_generic === 0 || c.type_generic === 1 || c.type_generic === 2 || c.type_generic === 3 ? (c.type_generic as GenericType) : null,
    is_dttm: c.is_dttm,
    python_date_format: null,
    expression: null,
    filterable: true,
    groupby: true,
    advanced_data_type: null,
  }));
  const database = query.database;
  const source: DatasetSource = {
    kind: 'query',
    id: query.id,
    // Distinct from every dataset's uuid, so cached answers of a query and a dataset never meet.
    uuid: `query-${query.id}`,
    table_name: queryDatasourceName(query),
    schema: query.schema,
    sql: query.sql,
    template_params: parseStoredObject(query.template_params),
    main_dttm_col: columns.find((c) => c.is_dttm)?.column_name ?? null,
    offset: 0,
    fetch_values_predicate: null,
    always_filter_main_dttm: false,
    normalize_columns: false,
    cache_timeout: null,
    disallow_adhoc_metrics: false,
    columns,
    metrics: [],
    database: { id: database.id, database_name: database.database_name, dialect: connection.engine.name, cache_timeout: database.cache_timeout },
  };
  return { source, connection, query: { id: query.id, sql: query.sql, tab_name: query.tab_name } };
}
