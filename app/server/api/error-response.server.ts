/**
 * The one mapping from what a domain function throws to what the client gets, for every API route
 * (through endpoint.server.ts) and every page loader or action (through pageResult). Envelopes
 * are Superset's:
 * - DomainError: `{message}`, or `{message: {field: [messages]}}` when it names fields;
 * - EngineError(s) and SqlLabError (what a query or a database produced): `{errors: [{message,
 *   error_type, level, extra}]}` with the error's own status;
 * - a ZodError escaping a domain function (a schema of its own): 400 with field errors;
 * - a Response (auth's redirect to the login page, its 401, a 405): passes as it is;
 * - anything else is ours: logged, and a 500 saying only that the log has the details.
 */
import { z } from 'zod';
import { fieldErrorsOf } from '~/lib/field-errors';
import { DomainError, InputError } from '../domain-errors.server';
import { EngineError, EngineErrors, type SupersetError } from '../engines/errors.server';
import { SqlLabError } from '../sqllab/errors.server';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** API answers are per user; no shared cache may keep them. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(NO_STORE)) if (!headers.has(k)) headers.set(k, v);
  return Response.json(body, { ...init, headers });
}

/**
 * Superset's own spelling of the missing-parameters type (errors.py, the OpenAPI document, its
 * frontend's checks); the engines' ErrorType follows the spec's plural.
 */
function supersetSpelling(error: SupersetError): Omit<SupersetError, 'error_type'> & { error_type: string } {
  return error.error_type === 'CONNECTION_MISSING_PARAMETERS_ERRORS' ? { ...error, error_type: 'CONNECTION_MISSING_PARAMETERS_ERROR' } : error;
}

/** `{errors: [...]}`, Superset's envelope for what a database or a query answered. */
export function supersetErrorsResponse(errors: SupersetError[], status: number): Response {
  return json({ errors: errors.map(supersetSpelling) }, { status });
}

const INTERNAL = 'Internal error: the server could not answer this request. The details are in the server log.';

export function errorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof DomainError) {
    const fields = error instanceof InputError ? error.fields : null;
    return json({ message: fields ?? error.message }, { status: error.status, headers: error.headers });
  }
  if (error instanceof SqlLabError) return json(error.toJSON(), { status: error.status });
  if (error instanceof EngineError) return supersetErrorsResponse([error.error], error.status);
  if (error instanceof EngineErrors) return supersetErrorsResponse(error.errors, error.status);
  if (error instanceof z.ZodError) return json({ message: fieldErrorsOf(error) }, { status: 400 });
  console.error('sightline: request failed', error);
  return json({ message: INTERNAL }, { status: 500 });
}

/**
 * A page loader's or action's domain call: its value, or its error thrown as the Response the
 * page's ErrorBoundary shows (404 page for NotFoundError, and so on). Redirects pass.
 */
export async function pageResult<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    throw errorResponse(error);
  }
}
