/**
 * How an endpoint reads its input: path params, the rison `q` parameter, plain query parameters,
 * a JSON body or form fields, each through a zod schema. Trusts nothing it reads: bodies come
 * through body.server.ts (size, depth, NUL), `q` through the rison parser's or the safe JSON
 * parser's depth bound. A failure is an InvalidInputError whose message says what to fix (a path
 * param that names nothing is a NotFoundError, as a missing object is).
 */
import { z } from 'zod';
import { describeFieldErrors, fieldErrorsOf } from '~/lib/field-errors';
import { decodeRison, RisonError } from '~/lib/rison';
import { hasNul, isJsonObject, JsonTextError, NUL_MESSAGE, parseJsonText } from '~/lib/safe-json';
import { InvalidInputError, NotFoundError } from '../domain-errors.server';
import { isFormRequest, readForm, readJsonBody } from './body.server';

/** Reads one part of a request's input. */
export interface InputReader<T> {
  read(request: Request): T | Promise<T>;
}

/* ---------- path params ---------- */

/** A path segment that must be a positive integer id; anything else names no object (404). */
export const idParam = (what: string) =>
  z.string().optional().transform((value, ctx) => {
    if (value && /^[1-9]\d{0,15}$/.test(value)) return Number(value);
    ctx.addIssue({ code: 'custom', message: `There is no ${what} with id ${JSON.stringify(value ?? '')}.` });
    return z.NEVER;
  });

/** A path segment that must be present and not empty. */
export const textParam = (what: string) => z.string({ error: `Name the ${what}.` }).min(1, `Name the ${what}.`);

export function parseParams<S extends z.ZodType>(schema: S, params: Record<string, string | undefined>): z.infer<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new NotFoundError(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

/* ---------- the query string ---------- */

function decodeQueryText(text: string): unknown {
  if (hasNul(text)) throw new InvalidInputError(`Invalid q: ${NUL_MESSAGE}`);
  try {
    return decodeRison(text);
  } catch (risonError) {
    if (!(risonError instanceof RisonError)) throw risonError;
    // Flask-AppBuilder falls back to JSON when rison fails. Text that opens like JSON was
    // meant as JSON, so its JSON error is the helpful one; otherwise the rison error is.
    if (!/^\s*[[{]/.test(text)) throw new InvalidInputError(`Invalid q: ${risonError.message}`);
    try {
      return parseJsonText(text);
    } catch (jsonError) {
      if (!(jsonError instanceof JsonTextError)) throw jsonError;
      if (jsonError.problem !== 'syntax') throw new InvalidInputError(`Invalid q: ${jsonError.message}`);
      throw new InvalidInputError(`Invalid q: not valid JSON (${jsonError.message}) nor rison`);
    }
  }
}

/**
 * The rison `q` parameter, decoded and validated. A missing or empty `q` is `empty` ({} by
 * default), so schemas with defaults answer their defaults.
 */
export function parseRisonQuery<S extends z.ZodType>(url: URL, schema: S, empty: unknown = {}): z.infer<S> {
  const text = url.searchParams.get('q');
  const raw = text === null || text.trim() === '' ? empty : decodeQueryText(text);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new InvalidInputError(`Invalid q: ${describeFieldErrors(fieldErrorsOf(parsed.error))}`);
  return parsed.data;
}

/** `?q=(…)` in rison (or JSON, as Superset also takes). */
export const rison = <S extends z.ZodType>(schema: S, empty: unknown = {}): InputReader<z.infer<S>> => ({
  read: (request) => parseRisonQuery(new URL(request.url), schema, empty),
});

/** Plain query parameters (`?name=x&schema=y`), as an object of strings (a repeated name keeps its last value). */
export const searchParams = <S extends z.ZodType>(schema: S): InputReader<z.infer<S>> => ({
  read: (request) => {
    const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw new InvalidInputError(describeFieldErrors(fieldErrorsOf(parsed.error)));
    return parsed.data;
  },
});

/* ---------- the body ---------- */

/** Validates `value` with the schema: InvalidInputError with field errors when it fails. */
export function parseFields<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidInputError(fieldErrorsOf(parsed.error));
  return parsed.data;
}

/** A JSON body (an empty body is {}), validated: 400 `{message}` when it is not JSON, `{message: {field: […]}}` when invalid. */
export const jsonBody = <S extends z.ZodType>(schema: S): InputReader<Promise<z.infer<S>>> => ({
  read: async (request) => parseFields(schema, (await readJsonBody(request)) ?? {}),
});

/**
 * JSON text as its value, or the text itself when it is not JSON. JSON this server will not
 * take (nested too deep, a NUL) is a 400, not text: it was meant as JSON.
 */
export function decodeJsonText(value: string, field?: string): unknown {
  try {
    return parseJsonText(value);
  } catch (error) {
    if (error instanceof JsonTextError && error.problem === 'syntax') return value;
    if (error instanceof JsonTextError) throw new InvalidInputError(error.about(field === undefined ? 'A field' : `The field ${JSON.stringify(field)}`));
    throw error;
  }
}

/**
 * The body as fields: form fields (text values, `csrf_token` dropped) or a JSON object, as the
 * legacy Flask-AppBuilder views take either. `decodeJson`: form values are JSON text (Superset's
 * client JSON-encodes each form field); one that is not JSON is kept as the text it is.
 */
export async function readFields(request: Request, opts: { decodeJson: boolean }): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  if (!isFormRequest(request)) {
    const value = await readJsonBody(request);
    if (value === undefined) return out;
    if (!isJsonObject(value)) throw new InvalidInputError('The request body must be a JSON object.');
    return value;
  }
  for (const [key, value] of (await readForm(request)).entries()) {
    if (key === 'csrf_token' || typeof value !== 'string') continue;
    set(key, opts.decodeJson ? decodeJsonText(value, key) : value);
  }
  return out;
}

/** Form fields or a JSON object (see readFields), validated with the schema. */
export const fieldsBody = <S extends z.ZodType>(schema: S, opts: { decodeJson: boolean }): InputReader<Promise<z.infer<S>>> => ({
  read: async (request) => parseFields(schema, await readFields(request, opts)),
});
