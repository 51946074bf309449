/**
 * The API's edges: reading `q` (rison, or JSON as Superset also accepts) and JSON bodies, and
 * answering in Superset's envelopes. Trusts nothing it parses: bodies come through body.server.ts
 * (size, depth, NUL), `q` through the rison parser's or the safe JSON parser's depth bound, every
 * input through a zod schema, and a failure is a 400 whose message says what to fix. Errors that
 * are not Responses become a 500 with a generic message; the detail goes to the server log,
 * never to the client.
 */
import { z } from 'zod';
import { decodeRison, RisonError } from '~/lib/rison';
import { hasNul, JsonTextError, NUL_MESSAGE, parseJsonText } from '~/lib/safe-json';
import { httpError } from '../http.server';
import { readJsonBody } from './body.server';

/** Marshmallow's shape for field errors: field → messages, nested for nested fields. */
export type FieldErrors = { [field: string]: string[] | FieldErrors };

function issuePath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

/** One line per zod issue, each prefixed with where it is: "page_size: Too big: expected number to be <=1000". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issuePath(issue.path)}: ${issue.message}` : issue.message)).join('; ');
}

function decodeQueryText(text: string): unknown {
  if (hasNul(text)) throw httpError(400, `Invalid q: ${NUL_MESSAGE}`);
  try {
    return decodeRison(text);
  } catch (risonError) {
    if (!(risonError instanceof RisonError)) throw risonError;
    // Flask-AppBuilder falls back to JSON when rison fails. Text that opens like JSON was
    // meant as JSON, so its JSON error is the helpful one; otherwise the rison error is.
    if (!/^\s*[[{]/.test(text)) throw httpError(400, `Invalid q: ${risonError.message}`);
    try {
      return parseJsonText(text);
    } catch (jsonError) {
      if (!(jsonError instanceof JsonTextError)) throw jsonError;
      if (jsonError.problem !== 'syntax') throw httpError(400, `Invalid q: ${jsonError.message}`);
      throw httpError(400, `Invalid q: not valid JSON (${jsonError.message}) nor rison`);
    }
  }
}

/**
 * The `q` parameter of a request, decoded and validated. A missing or empty `q` is `empty`
 * ({} by default), so schemas with defaults answer their defaults.
 */
export function parseQuery<S extends z.ZodType>(request: Request | URL, schema: S, empty: unknown = {}): z.infer<S> {
  const url = request instanceof URL ? request : new URL(request.url);
  const text = url.searchParams.get('q');
  const raw = text === null || text.trim() === '' ? empty : decodeQueryText(text);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw httpError(400, `Invalid q: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** Sets an own property: a key from the client may be `__proto__` or `constructor`, and stays a key. */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** An own property only, never one inherited from Object.prototype (`constructor`, `toString`). */
export const getOwn = <T>(target: Record<string, T>, key: string): T | undefined => (Object.hasOwn(target, key) ? target[key] : undefined);

/** Zod issues as marshmallow-style field errors; issues about the whole body go under `_schema`. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.length ? issue.path.map((p) => String(p)) : ['_schema'];
    let node: FieldErrors = out;
    for (const key of path.slice(0, -1)) {
      const next = getOwn(node, key);
      if (next === undefined || Array.isArray(next)) setOwn(node, key, {});
      node = node[key] as FieldErrors;
    }
    const leaf = path[path.length - 1];
    const existing = getOwn(node, leaf);
    setOwn(node, leaf, Array.isArray(existing) ? [...existing, issue.message] : [issue.message]);
  }
  return out;
}

/** The JSON body, validated: 400 `{message}` when it is not JSON, 400 `{message: {field: [msgs]}}` when invalid. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const raw = (await readJsonBody(request)) ?? {};
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw Response.json({ message: fieldErrorsOf(parsed.error) }, { status: 400 });
  return parsed.data;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/** API answers are per user; no shared cache may keep them. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(NO_STORE)) if (!headers.has(k)) headers.set(k, v);
  return Response.json(body, { ...init, headers });
}

export const resultResponse = (result: unknown, init?: ResponseInit) => json({ result }, init);
export const createdResponse = (id: number | string, result: unknown) => json({ id, result }, { status: 201 });
export function listResponse(result: unknown[], count: number, ids: Array<number | string>, extra: Record<string, unknown> = {}) {
  return json({ ...extra, count, ids, result });
}

export function methodNotAllowed(request: Request, allowed: string[]): Response {
  return httpError(405, `${request.method} is not allowed here; use ${allowed.join(' or ')}.`, { Allow: allowed.join(', ') });
}

/** A path segment that must be a positive integer id: 404 otherwise, as for a missing object. */
export function parseIdParam(value: string | undefined, what = 'object'): number {
  if (value && /^[1-9]\d{0,15}$/.test(value)) return Number(value);
  throw httpError(404, `There is no ${what} with id ${JSON.stringify(value ?? '')}.`);
}

/**
 * Wraps a loader or action body: Responses (thrown or returned) pass as they are; a ZodError
 * from domain validation is a 400; anything else is logged and answered as a JSON 500.
 */
export async function apiRoute(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof z.ZodError) return json({ message: fieldErrorsOf(error) }, { status: 400 });
    console.error('sightline: API error', error);
    return json({ message: 'Internal error: the server could not answer this request. The details are in the server log.' }, { status: 500 });
  }
}
