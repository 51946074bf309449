/**
 * Looking inside a database: schemas, tables, a table's columns and keys, its `SELECT *`, its
 * partitions, and what in Sightline is built on it. Every function takes the acting user and
 * checks `can_read` on Database plus access to this database (access/database-access.server.ts).
 * Schema and table lists are cached per database (keys `db:<id>:…`, dropped on edit and delete)
 * for the database's `metadata_cache_timeout`; `force` reads through the cache and refreshes it.
 */
import type { Database } from '../../../db/index';
import { metadataCacheTimeouts, readDatabaseExtra } from '~/lib/stored-json/database-extra';
import { requireDatabaseAccess } from '../access/database-access.server';
import { rowScope } from '../access/visibility.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { cached } from '../cache/cache.server';
import { models } from '../db.server';
import { getTableExtra, getTableMetadata, listSchemas, listTables } from '../engines/introspect.server';
import { resolveTarget } from '../engines/pools.server';
import type { TableExtra, TableMetadata } from '../engines/types.server';
import { InvalidInputError } from '../domain-errors.server';
import { connectionTarget, datasetsOf, getDatabase } from './records.server';

/** The database, after checking the user may look inside it. */
export async function getAccessibleDatabase(actor: CurrentUser, id: number): Promise<Database> {
  requirePermission(actor, 'can_read', 'Database');
  const record = await getDatabase(id);
  requireDatabaseAccess(actor, record);
  return record;
}

/** A database and how to read its lists: `force` reads through the cache and refreshes it. */
export type SchemasInput = { id: number; force: boolean; upload_allowed: boolean };

export async function schemasOf(actor: CurrentUser, { id, force, upload_allowed }: SchemasInput): Promise<string[]> {
  const record = await getAccessibleDatabase(actor, id);
  const extra = readDatabaseExtra(record.extra);
  const ttl = metadataCacheTimeouts(extra).schemas;
  const schemas = await cached(`db:${id}:schemas`, ttl, () => listSchemas(connectionTarget(record)), force);
  if (!upload_allowed) return schemas;
  // Superset's upload_allowed: only where file uploads may land.
  if (!record.allow_file_upload) return [];
  const allowed = extra.schemas_allowed_for_file_upload ?? [];
  return allowed.length > 0 ? schemas.filter((s) => allowed.includes(s)) : schemas;
}

export type TableOption = { value: string; type: 'table' | 'view' | 'materialized_view'; extra: null };

export type TablesInput = { id: number; schema_name: string; force: boolean };

export async function tablesOf(actor: CurrentUser, { id, schema_name: schema, force }: TablesInput): Promise<TableOption[]> {
  const record = await getAccessibleDatabase(actor, id);
  const ttl = metadataCacheTimeouts(readDatabaseExtra(record.extra)).tables;
  const tables = await cached(`db:${id}:tables:${schema}`, ttl, () => listTables(connectionTarget(record), schema), force);
  return tables.map((t) => ({ value: t.name, type: t.type, extra: null }));
}

/** The schema a request means: the one named, else the engine's default (public, main, the URI's database). */
function schemaOrDefault(record: Database, schema: string | null | undefined): string {
  if (schema) return schema;
  const { engine, params } = resolveTarget(connectionTarget(record));
  const fallback = engine.dialect.defaultSchema ?? (params.database || null);
  if (!fallback) throw new InvalidInputError('Name the schema: this database has no default schema.');
  return fallback;
}

type Key = { column_names: string[]; name: string | null; type: 'pk' | 'fk' | 'index' } & Record<string, unknown>;

/** Superset's table metadata payload (superset/databases/utils.py get_table_metadata). */
export type TableMetadataPayload = {
  name: string;
  schema: string;
  columns: {
    name: string;
    type: string;
    type_generic: string;
    longType: string;
    nullable: boolean;
    default: string | null;
    keys: Key[];
    comment: null;
  }[];
  selectStar: string;
  primaryKey: Key | null;
  foreignKeys: Key[];
  indexes: Key[];
  comment: string | null;
};

function toPayload(meta: TableMetadata): TableMetadataPayload {
  const primaryKey: Key | null =
    meta.primaryKey.constrained_columns.length > 0 ? { column_names: meta.primaryKey.constrained_columns, name: meta.primaryKey.name, type: 'pk' } : null;
  const foreignKeys: Key[] = meta.foreignKeys.map(({ constrained_columns, ...fk }) => ({ ...fk, column_names: constrained_columns, type: 'fk', options: {} }));
  const indexes: Key[] = meta.indexes.map((ix) => ({ ...ix, type: 'index' }));
  const keys = [...(primaryKey ? [primaryKey] : []), ...foreignKeys, ...indexes];
  return {
    name: meta.name,
    schema: meta.schema,
    columns: meta.columns.map((c) => ({
      name: c.name,
      // As Superset: the type without its length or precision, and the full one as longType.
      type: c.type.split('(')[0].trim(),
      type_generic: c.type_generic,
      longType: c.type,
      nullable: c.nullable,
      default: c.default,
      keys: keys.filter((k) => k.column_names.includes(c.name)),
      comment: null,
    })),
    selectStar: meta.selectStar,
    primaryKey,
    foreignKeys,
    indexes,
    comment: meta.comment,
  };
}

/** One table: in `schema`, or in the database's default schema when none is named. */
export type TableInput = { id: number; table: string; schema?: string | null };

export async function tableMetadataOf(actor: CurrentUser, { id, table, schema }: TableInput): Promise<TableMetadataPayload> {
  const record = await getAccessibleDatabase(actor, id);
  return toPayload(await getTableMetadata(connectionTarget(record), schemaOrDefault(record, schema), table));
}

export async function tableExtraOf(actor: CurrentUser, { id, table, schema }: TableInput): Promise<TableExtra> {
  const record = await getAccessibleDatabase(actor, id);
  const target = connectionTarget(record);
  const inSchema = schemaOrDefault(record, schema);
  // A missing table is a 404 here as for the metadata, not an empty answer.
  await getTableMetadata(target, inSchema, table);
  return getTableExtra(target, inSchema, table);
}

export async function selectStarOf(actor: CurrentUser, { id, table, schema }: TableInput): Promise<string> {
  const record = await getAccessibleDatabase(actor, id);
  return (await getTableMetadata(connectionTarget(record), schemaOrDefault(record, schema), table)).selectStar;
}

export type RelatedObjects = {
  charts: { count: number; result: { id: number; slice_name: string; viz_type: string }[] };
  dashboards: { count: number; result: { id: number; json_metadata: string | null; slug: string | null; title: string }[] };
  datasets: { count: number; result: { id: number; table_name: string; schema: string | null }[] };
};

/**
 * Charts (through their datasets) and dashboards (through those charts) built on the database.
 * Whoever may open the database sees its datasets and charts; dashboards only as the
 * dashboards' row scope allows (another user's draft stays unnamed).
 */
export async function relatedObjectsOf(actor: CurrentUser, { id }: { id: number }): Promise<RelatedObjects> {
  await getAccessibleDatabase(actor, id);
  const { Chart, Dashboard } = models();
  const visibleDashboards = await rowScope(Dashboard.name, actor);
  const datasets = await datasetsOf(id);
  const ids = datasets.map((d) => d.id);
  const charts =
    ids.length === 0
      ? []
      : await Chart.findAll({
          where: { datasource_type: 'table', datasource_id: ids },
          attributes: ['id', 'slice_name', 'viz_type'],
          include: [{
            model: Dashboard, as: 'dashboards', attributes: ['id', 'dashboard_title', 'slug', 'json_metadata'], through: { attributes: [] },
            where: visibleDashboards, required: false,
          }],
          order: [['slice_name', 'ASC']],
        });
  const dashboards = new Map<number, RelatedObjects['dashboards']['result'][number]>();
  for (const chart of charts) {
    for (const d of chart.dashboards ?? []) dashboards.set(d.id, { id: d.id, json_metadata: d.json_metadata ?? null, slug: d.slug ?? null, title: d.dashboard_title });
  }
  return {
    charts: { count: charts.length, result: charts.map((c) => ({ id: c.id, slice_name: c.slice_name, viz_type: c.viz_type })) },
    dashboards: { count: dashboards.size, result: [...dashboards.values()] },
    datasets: { count: datasets.length, result: datasets },
  };
}
