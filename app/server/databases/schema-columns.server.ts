/**
 * `GET /api/v1/database/<id>/schema_columns/?q=(schema_name:x,force:!f)`: the columns of every
 * table and view of one schema in a single engine query, for SQL Lab's autocomplete. It trusts
 * nothing: the user is authenticated, `q` is parsed with zod, and the same checks as the table list
 * apply (can_read on Database, access to this database). Cached like the table list, for the
 * database's table_cache_timeout; `force` reads through. At most SCHEMA_COLUMNS_CAP columns; a cut
 * answer says `truncated: true`.
 */
import { z } from 'zod';
import { metadataCacheTimeouts, readExtra } from '~/lib/database-settings';
import { apiRoute, json, methodNotAllowed, parseQuery } from '../api/respond.server';
import { requireUser, type CurrentUser } from '../auth/current-user.server';
import { cached } from '../cache/cache.server';
import { EngineError } from '../engines/errors.server';
import { listSchemaColumns, type SchemaColumns } from '../engines/introspect.server';
import { resolveTarget } from '../engines/pools.server';
import { badRequest } from '../http.server';
import { errorsResponse } from './api.server';
import { getAccessibleDatabase } from './metadata.server';
import { connectionTarget, DatabaseInputError, databaseId } from './records.server';

/** 200k columns: about 8 MB of JSON, and an index the browser builds in well under a second. */
export const SCHEMA_COLUMNS_CAP = 200_000;

export const SchemaColumnsQuerySchema = z.object({
  /** Absent: the engine's default schema (public, main, the URI's database), as SQL Lab runs in it. */
  schema_name: z.string().min(1, 'schema_name must not be empty.').nullish(),
  force: z.boolean().default(false),
});

export type SchemaColumnsAnswer = {
  count: number;
  result: SchemaColumns['tables'];
  schema: string;
  truncated: boolean;
  /** The engine, so the editor picks its keywords and quoting. */
  backend: string;
};

export async function schemaColumnsOf(actor: CurrentUser, id: number, schemaName: string | null | undefined, force: boolean): Promise<SchemaColumnsAnswer> {
  const record = await getAccessibleDatabase(actor, id);
  const target = connectionTarget(record);
  const { engine, params } = resolveTarget(target);
  const schema = schemaName || engine.dialect.defaultSchema || params.database;
  if (!schema) throw badRequest('Name the schema (schema_name): this database has no default schema.');
  const ttl = metadataCacheTimeouts(readExtra(record.extra)).tables;
  const answer = await cached(`db:${id}:schema_columns:${schema}`, ttl, () => listSchemaColumns(target, schema, SCHEMA_COLUMNS_CAP), force);
  return { count: answer.tables.length, result: answer.tables, schema, truncated: answer.truncated, backend: engine.name };
}

export function handleSchemaColumns(request: Request, idParam: string | undefined): Promise<Response> {
  return apiRoute(async () => {
    const user = await requireUser(request);
    if (!['GET', 'HEAD'].includes(request.method.toUpperCase())) return methodNotAllowed(request, ['GET']);
    try {
      const id = databaseId(idParam);
      const q = parseQuery(request, SchemaColumnsQuerySchema);
      return json(await schemaColumnsOf(user, id, q.schema_name, q.force));
    } catch (error) {
      if (error instanceof DatabaseInputError) return json({ message: error.fields }, { status: error.status });
      if (error instanceof EngineError) return errorsResponse([error.error], error.status);
      throw error;
    }
  });
}
