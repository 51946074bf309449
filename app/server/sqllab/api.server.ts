/**
 * SQL Lab's API endpoints as request → Response functions, so the `api.v1.sqllab.*` and
 * `api.v1.query.*` route modules stay one line each. Every handler authenticates first
 * (requireUser: 401, and CSRF for cookie-authenticated POSTs), parses its input with the shared
 * zod schemas (400 naming the field), then calls the domain function, which checks permissions.
 * Query and engine errors that escape a domain function are answered in Superset's `{errors}`
 * envelope with their status, never as a 500.
 */
import {
  EstimatePayloadSchema, ExecutePayloadSchema, FormatSqlPayloadSchema, ResultsQuerySchema, StopQuerySchema, UpdatedSinceQuerySchema,
} from '~/lib/sqllab-api';
import { requireUser } from '../auth/current-user.server';
import { EngineError } from '../engines/errors.server';
import { apiRoute, json, methodNotAllowed, parseIdParam, parseJsonBody, parseQuery } from '../api/respond.server';
import { describeFailure, failureResponse, SqlLabError } from './errors.server';
import { estimateQuery } from './estimate.server';
import { executeQuery } from './execute.server';
import { exportCsv } from './export.server';
import { formatSql } from './format.server';
import { getQueryRecord, queriesUpdatedSince } from './queries-api.server';
import { getResults } from './results.server';
import { stopQuery } from './stop.server';

function sqlLabRoute(handler: () => Promise<Response>): Promise<Response> {
  return apiRoute(async () => {
    try {
      return await handler();
    } catch (error) {
      if (error instanceof EngineError || error instanceof SqlLabError) return failureResponse(describeFailure(error));
      throw error;
    }
  });
}

/** Authenticates before refusing the method, so nobody learns more than a 401. */
export function sqlLabMethodNotAllowed(request: Request, allowed: string[]): Promise<Response> {
  return apiRoute(async () => {
    await requireUser(request);
    return methodNotAllowed(request, allowed);
  });
}

export function handleExecute(request: Request): Promise<Response> {
  return sqlLabRoute(async () => {
    const user = await requireUser(request);
    const payload = await parseJsonBody(request, ExecutePayloadSchema);
    const urlParams = Object.fromEntries(new URL(request.url).searchParams);
    return executeQuery({ user, urlParams }, payload);
  });
}

export function handleResults(request: Request): Promise<Response> {
  return sqlLabRoute(async () => {
    const user = await requireUser(request);
    return getResults(user, parseQuery(request, ResultsQuerySchema));
  });
}

export function handleEstimate(request: Request): Promise<Response> {
  return sqlLabRoute(async () => {
    const user = await requireUser(request);
    return json(await estimateQuery(user, await parseJsonBody(request, EstimatePayloadSchema)));
  });
}

export function handleFormatSql(request: Request): Promise<Response> {
  return sqlLabRoute(async () => {
    const user = await requireUser(request);
    return json(await formatSql(user, await parseJsonBody(request, FormatSqlPayloadSchema)));
  });
}

export function handleExport(request: Request, clientId: string | undefined): Promise<Response> {
  return sqlLabRoute(async () => {
    const user = await requireUser(request);
    return exportCsv(user, clientId ?? '', request.signal);
  });
}

export function handleStop(request: Request): Promise<Response> {
  return sqlLabRoute(async () => {
    const user = await requireUser(request);
    const { client_id } = await parseJsonBody(request, StopQuerySchema);
    return json(await stopQuery(user, client_id));
  });
}

export function handleUpdatedSince(request: Request): Promise<Response> {
  return sqlLabRoute(async () => {
    const user = await requireUser(request);
    const { last_updated_ms } = parseQuery(request, UpdatedSinceQuerySchema);
    return json(await queriesUpdatedSince(user, last_updated_ms));
  });
}

export function handleQueryGet(request: Request, idParam: string | undefined): Promise<Response> {
  return sqlLabRoute(async () => {
    const user = await requireUser(request);
    return json(await getQueryRecord(user, parseIdParam(idParam, 'query')));
  });
}
