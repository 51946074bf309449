/**
 * The columns of every table and view of one schema in a single engine query, for SQL Lab's
 * autocomplete (`GET /api/v1/database/<id>/schema_columns/`). The same checks as the table list
 * apply (can_read on Database, access to this database). Cached like the table list, for the
 * database's table_cache_timeout; `force` reads through. At most SCHEMA_COLUMNS_CAP columns; a
 * cut answer says `truncated: true`.
 */
import { metadataCacheTimeouts, readDatabaseExtra } from '~/lib/stored-json/database-extra';
import type { CurrentUser } from '../auth/current-user.server';
import { cached } from '../cache/cache.server';
import { InvalidInputError } from '../domain-errors.server';
import { listSchemaColumns, type SchemaColumns } from '../engines/introspect.server';
import { resolveTarget } from '../engines/pools.server';
import { getAccessibleDatabase } from './metadata.server';
import { connectionTarget } from './records.server';

/** 200k columns: about 8 MB of JSON, and an index the browser builds in well under a second. */
export const SCHEMA_COLUMNS_CAP = 200_000;

/** A database and one of its schemas (absent: the engine's default schema, as SQL Lab runs in it). */
export type SchemaColumnsInput = { id: number; schema_name?: string | null; force: boolean };

export type SchemaColumnsAnswer = {
  count: number;
  result: SchemaColumns['tables'];
  schema: string;
  truncated: boolean;
  /** The engine, so the editor picks its keywords and quoting. */
  backend: string;
};

export async function schemaColumnsOf(actor: CurrentUser, { id, schema_name, force }: SchemaColumnsInput): Promise<SchemaColumnsAnswer> {
  const record = await getAccessibleDatabase(actor, id);
  const target = connectionTarget(record);
  const { engine, params } = resolveTarget(target);
  const schema = schema_name || engine.dialect.defaultSchema || params.database;
  if (!schema) throw new InvalidInputError('Name the schema (schema_name): this database has no default schema.');
  const ttl = metadataCacheTimeouts(readDatabaseExtra(record.extra)).tables;
  const answer = await cached(`db:${id}:schema_columns:${schema}`, ttl, () => listSchemaColumns(target, schema, SCHEMA_COLUMNS_CAP), force);
  return { count: answer.tables.length, result: answer.tables, schema, truncated: answer.truncated, backend: engine.name };
}
