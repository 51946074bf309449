/**
 * The `/api/v1/database/*` endpoints as request → Response functions, for the thin route modules.
 * Each authenticates (requireUser, which also checks CSRF on cookie-authenticated writes), parses
 * `q` or the JSON body, and calls a domain function, which checks the permission. Errors leave in
 * Superset's envelopes: `{message}` or `{message: {field: [...]}}` for bad input and refusals,
 * `{errors: [{message, error_type, level, extra}]}` for what a database answered; anything else
 * is apiRoute's logged 500 with no detail.
 */
import { z } from 'zod';
import { SchemasQuerySchema, TablesQuerySchema } from '~/lib/database-settings';
import { handleGenericSegment, handleList } from '../api/handlers.server';
import { apiRoute, createdResponse, json, methodNotAllowed, parseJsonBody, parseQuery, resultResponse } from '../api/respond.server';
import { requirePermission, requireUser, type CurrentUser } from '../auth/current-user.server';
import { EngineError, type SupersetError } from '../engines/errors.server';
import { badRequest } from '../http.server';
import { availableEngines } from './available.server';
import { getAccessibleDatabase, relatedObjectsOf, schemasOf, selectStarOf, tableExtraOf, tableMetadataOf, tablesOf } from './metadata.server';
import { DatabaseInputError, databaseId } from './records.server';
import { createDatabase, DatabaseRefusedError, deleteDatabase, updateDatabase } from './save-database.server';
import { serializeDatabase } from './serialize.server';
import { CONNECTION_OK, testConnection, validateParameters } from './test-connection.server';

/**
 * Superset's own spelling of the missing-parameters type (errors.py, the OpenAPI document, its
 * frontend's checks). The engines' ErrorType follows the spec's plural; answer Superset's until
 * the engines adopt it, so Superset clients recognise the error.
 */
function supersetSpelling(error: SupersetError): Omit<SupersetError, 'error_type'> & { error_type: string } {
  return error.error_type === 'CONNECTION_MISSING_PARAMETERS_ERRORS' ? { ...error, error_type: 'CONNECTION_MISSING_PARAMETERS_ERROR' } : error;
}

export function errorsResponse(errors: SupersetError[], status: number): Response {
  return json({ errors: errors.map(supersetSpelling) }, { status });
}

/** apiRoute, plus this domain's own errors turned into their envelopes. */
function databaseApi(handler: () => Promise<Response>): Promise<Response> {
  return apiRoute(async () => {
    try {
      return await handler();
    } catch (error) {
      if (error instanceof DatabaseInputError) return json({ message: error.fields }, { status: error.status });
      if (error instanceof DatabaseRefusedError) return json({ message: error.message }, { status: error.status });
      if (error instanceof EngineError) return errorsResponse([error.error], error.status);
      throw error;
    }
  });
}

const method = (request: Request) => request.method.toUpperCase();
const AnyBody = z.unknown();

/** `/api/v1/database/`: GET lists (the generic list), POST creates. */
export function handleDatabaseCollection(request: Request): Promise<Response> {
  if (method(request) === 'GET' || method(request) === 'HEAD') return handleList(request, 'database');
  return databaseApi(async () => {
    const user = await requireUser(request);
    if (method(request) !== 'POST') return methodNotAllowed(request, ['GET', 'POST']);
    const record = await createDatabase(user, await parseJsonBody(request, AnyBody));
    return createdResponse(record.id, serializeDatabase(record, user));
  });
}

/** `/api/v1/database/<id>`: GET, PUT, DELETE; `_info` and `favorite_status` go to the generic handlers. */
export function handleDatabaseItem(request: Request, idParam: string | undefined): Promise<Response> {
  const generic = handleGenericSegment(request, 'database', idParam);
  if (generic) return generic;
  return databaseApi(async () => {
    const user = await requireUser(request);
    const id = databaseId(idParam);
    switch (method(request)) {
      case 'GET':
      case 'HEAD': {
        const record = await getAccessibleDatabase(user, id);
        return json({ id, result: serializeDatabase(record, user) });
      }
      case 'PUT': {
        const record = await updateDatabase(user, id, await parseJsonBody(request, AnyBody));
        return json({ id, result: serializeDatabase(record, user) });
      }
      case 'DELETE':
        await deleteDatabase(user, id);
        return json({ message: 'OK' });
      default:
        return methodNotAllowed(request, ['GET', 'PUT', 'DELETE']);
    }
  });
}

export function handleTestConnection(request: Request): Promise<Response> {
  return databaseApi(async () => {
    const user = await requireUser(request);
    if (method(request) !== 'POST') return methodNotAllowed(request, ['POST']);
    await testConnection(user, await parseJsonBody(request, AnyBody));
    return json({ message: CONNECTION_OK });
  });
}

export function handleValidateParameters(request: Request): Promise<Response> {
  return databaseApi(async () => {
    const user = await requireUser(request);
    if (method(request) !== 'POST') return methodNotAllowed(request, ['POST']);
    const outcome = await validateParameters(user, await parseJsonBody(request, AnyBody));
    return outcome.ok ? json({ message: CONNECTION_OK }) : errorsResponse(outcome.errors, outcome.status);
  });
}

export function handleAvailable(request: Request): Promise<Response> {
  return databaseApi(async () => {
    const user = await requireUser(request);
    if (!['GET', 'HEAD'].includes(method(request))) return methodNotAllowed(request, ['GET']);
    // Reading the engine list is part of reading databases.
    requirePermission(user, 'can_read', 'Database');
    return json({ databases: availableEngines() });
  });
}

/** The read-only endpoints under `/api/v1/database/<id>/…`: authenticate, parse the id, answer GET only. */
function databaseGet(request: Request, idParam: string | undefined, answer: (user: CurrentUser, id: number) => Promise<Response>) {
  return databaseApi(async () => {
    const user = await requireUser(request);
    if (!['GET', 'HEAD'].includes(method(request))) return methodNotAllowed(request, ['GET']);
    return answer(user, databaseId(idParam));
  });
}

export function handleSchemas(request: Request, idParam: string | undefined): Promise<Response> {
  return databaseGet(request, idParam, async (user, id) => {
    const q = parseQuery(request, SchemasQuerySchema);
    return resultResponse(await schemasOf(user, id, { force: q.force, uploadAllowed: q.upload_allowed }));
  });
}

export function handleTables(request: Request, idParam: string | undefined): Promise<Response> {
  return databaseGet(request, idParam, async (user, id) => {
    const q = parseQuery(request, TablesQuerySchema);
    const result = await tablesOf(user, id, q.schema_name, q.force);
    return json({ count: result.length, result });
  });
}

type Params = { id?: string; table?: string; schema?: string };

function tableName(params: Params): string {
  if (!params.table) throw badRequest('Name the table.');
  return params.table;
}

export function handleTable(request: Request, params: Params): Promise<Response> {
  return databaseGet(request, params.id, async (user, id) => json(await tableMetadataOf(user, id, tableName(params), params.schema)));
}

export function handleTableExtra(request: Request, params: Params): Promise<Response> {
  return databaseGet(request, params.id, async (user, id) => json(await tableExtraOf(user, id, tableName(params), params.schema)));
}

const TableMetadataQuerySchema = z.object({
  name: z.string({ error: 'name is required: the table to describe.' }).min(1, 'name is required: the table to describe.'),
  schema: z.string().optional(),
  catalog: z.string().optional(),
});

/** `/table_metadata/?name=&schema=`: plain query parameters, as Superset's newer clients send them. */
export function handleTableMetadata(request: Request, idParam: string | undefined): Promise<Response> {
  return databaseGet(request, idParam, async (user, id) => {
    const url = new URL(request.url);
    const parsed = TableMetadataQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) throw badRequest(parsed.error.issues.map((i) => i.message).join('; '));
    return json(await tableMetadataOf(user, id, parsed.data.name, parsed.data.schema || null));
  });
}

export function handleSelectStar(request: Request, params: Params): Promise<Response> {
  return databaseGet(request, params.id, async (user, id) => resultResponse(await selectStarOf(user, id, tableName(params), params.schema)));
}

export function handleRelatedObjects(request: Request, idParam: string | undefined): Promise<Response> {
  return databaseGet(request, idParam, async (user, id) => json(await relatedObjectsOf(user, id)));
}
