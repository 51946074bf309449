/**
 * Request plumbing for SQL Lab's state endpoints: the Flask-AppBuilder views the editor still
 * calls (`/tabstateview/`, `/tableschemaview/`, `/kv/`, `/savedqueryviewapi/`) and the saved
 * query and permalink APIs. Trusts nothing in the body: each field is validated by the domain
 * module's zod schema, and a failure is a 400 `{message: {field: [messages]}}` as marshmallow
 * words it. Authentication is requireUser's (cookie or bearer, CSRF on cookie mutations);
 * these are XHR endpoints, so an anonymous caller gets a 401 `{message}`, not the login redirect
 * pages get.
 */
import { z } from 'zod';
import { isJsonObject, JsonTextError, parseJsonText } from '~/lib/safe-json';
import { requireUser, type CurrentUser } from '../auth/current-user.server';
import { env } from '../env.server';
import { badRequest, httpError, unauthorized } from '../http.server';
import { isFormRequest, readForm, readJsonObjectBody } from '../api/body.server';
import { apiRoute, getOwn, methodNotAllowed, setOwn, type FieldErrors } from '../api/respond.server';

/** The logged-in user, or 401 `{message}`. Cookie-authenticated mutations need the CSRF token (requireUser). */
export async function requireSqlLabUser(request: Request): Promise<CurrentUser> {
  try {
    return await requireUser(request);
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw unauthorized();
    throw error;
  }
}

export const backendPersistence = () => env().SQLLAB_BACKEND_PERSISTENCE === 'true';

/** Tab state lives on the server only with SQLLAB_BACKEND_PERSISTENCE; otherwise its views do not exist. */
export function requireBackendPersistence(): void {
  if (!backendPersistence()) {
    throw httpError(404, 'SQL Lab keeps tab state in the browser here: backend persistence is off (SQLLAB_BACKEND_PERSISTENCE=false).');
  }
}

/**
 * The body as fields: form fields (text values, `csrf_token` dropped) or a JSON object, both read
 * by body.server.ts (size, NUL, nesting). `decodeJson`: form values are JSON text (Superset's
 * client JSON-encodes each form field); one that is not JSON is kept as the text it is.
 */
export async function readFields(request: Request, opts: { decodeJson: boolean }): Promise<Record<string, unknown>> {
  if (!isFormRequest(request)) return readJsonObjectBody(request);
  const out: Record<string, unknown> = {};
  for (const [key, value] of (await readForm(request)).entries()) {
    if (key === 'csrf_token' || typeof value !== 'string') continue;
    setOwn(out, key, opts.decodeJson ? decodeJsonText(value, key) : value);
  }
  return out;
}

/**
 * JSON text as its value, or the text itself when it is not JSON. JSON this server will not
 * take (nested too deep, a NUL) is a 400, not text: it was meant as JSON.
 */
export function decodeJsonText(value: string, field?: string): unknown {
  try {
    return parseJsonText(value);
  } catch (error) {
    if (error instanceof JsonTextError && error.problem === 'syntax') return value;
    if (error instanceof JsonTextError) throw badRequest(error.about(field === undefined ? 'A field' : `The field ${JSON.stringify(field)}`));
    throw error;
  }
}

/** A field holding a JSON object, given as the object or as its JSON text (the editor sends the text). */
export function jsonObjectField(fields: Record<string, unknown>, name: string): Record<string, unknown> {
  const raw = fields[name];
  if (raw === undefined) throw fieldError(400, { [name]: [MISSING] });
  const value = typeof raw === 'string' ? decodeJsonText(raw, name) : raw;
  if (!isJsonObject(value)) throw fieldError(400, { [name]: ['Must be a JSON object.'] });
  return value;
}

export function fieldError(status: number, errors: FieldErrors): Response {
  return Response.json({ message: errors }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** Zod issues as marshmallow's field errors; an unknown key is `{key: ['Unknown field.']}` as marshmallow has it. */
export function marshmallowErrors(error: z.ZodError): FieldErrors {
  const out: Record<string, string[]> = {};
  // Own properties only: a body key may be named `constructor` or `__proto__`.
  const add = (key: string, message: string) => setOwn(out, key, [...(getOwn(out, key) ?? []), message]);
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add([...issue.path, key].map(String).join('.'), 'Unknown field.');
    else add(issue.path.length ? issue.path.map(String).join('.') : '_schema', issue.message);
  }
  return out;
}

/** Validates with the schema: 400 `{message: {field: [...]}}` when invalid. */
export function parseFields<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fieldError(400, marshmallowErrors(parsed.error));
  return parsed.data;
}

/* Field types shared by the schemas. */
export const MISSING = 'Missing data for required field.';
export const requiredText = (max: number) =>
  z.string({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid string.') }).max(max, `Longer than maximum length ${max}.`);
export const optionalText = (max: number) => z.string({ error: 'Not a valid string.' }).max(max, `Longer than maximum length ${max}.`).nullish();
export const positiveId = z.number({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid integer.') }).int('Not a valid integer.').positive('Must be a positive id.');
/** An id as the legacy views get it: a number, or its text from a form. */
export const idLike = z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v), positiveId);

/** A JSON object given as text (stored as is) or as an object (stored as its JSON); empty text or null is null. */
export const jsonObjectText = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: 'Must be a JSON object or its JSON text.' })
  .nullish()
  .transform((value, ctx): string | null | undefined => {
    if (value === undefined || value === null) return value;
    if (typeof value !== 'string') return JSON.stringify(value);
    if (value.trim() === '') return null;
    try {
      if (isJsonObject(parseJsonText(value))) return value;
    } catch (error) {
      if (!(error instanceof JsonTextError)) throw error;
      if (error.problem !== 'syntax') {
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }
    ctx.addIssue({ code: 'custom', message: 'Not a valid JSON object.' });
    return z.NEVER;
  });

/** `text` as an object; {} when it is not a JSON object (stored values we wrote ourselves). */
export function parseStoredObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A route body for these endpoints: authenticate (401, CSRF), check the method (405 after
 * authenticating, so nobody learns more than a 401), run, and answer errors as JSON.
 */
export function sqlLabRoute(
  request: Request,
  handlers: Partial<Record<'GET' | 'POST' | 'PUT' | 'DELETE', (user: CurrentUser) => Promise<Response>>>,
  /** Methods the path takes in the route's other half (loader or action), for the 405's Allow. */
  otherMethods: string[] = [],
): Promise<Response> {
  return apiRoute(async () => {
    const user = await requireSqlLabUser(request);
    const method = request.method.toUpperCase();
    const handler = handlers[method === 'HEAD' ? 'GET' : (method as keyof typeof handlers)];
    if (!handler) return methodNotAllowed(request, [...otherMethods, ...Object.keys(handlers)]);
    return handler(user);
  });
}
