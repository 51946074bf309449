/**
 * Request bodies, read the one way every route reads them, API and pages alike. Trusts nothing
 * in them and checks:
 * - size: at most REQUEST_BODY_MAX_BYTES are read, whatever Content-Length says (413 past it);
 * - JSON: through the safe parser (app/lib/safe-json.ts): nesting depth and NUL are a 400, and
 *   `__proto__` / `constructor` stay ordinary keys;
 * - forms: sent as a form (urlencoded or multipart, 400 otherwise, and 400 for a multipart body
 *   that does not parse), text fields only, no NUL in any name or value.
 * A request's body is read once and kept with the request, so the CSRF check (which needs the
 * form's `csrf_token`) and the action after it share one read; nothing reads `request.body`
 * past these functions.
 */
import { hasNul, isJsonObject, JsonTextError, NUL_MESSAGE, parseJsonText } from '~/lib/safe-json';
import { env } from '../env.server';
import { badRequest, payloadTooLarge } from './http-errors.server';

const bodies = new WeakMap<Request, Promise<Uint8Array<ArrayBuffer>>>();
const forms = new WeakMap<Request, Promise<FormData>>();

/** The name of the error server-app.mjs fails a body stream with once it passes the limit. */
const EDGE_TOO_LARGE = 'PayloadTooLargeError';

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

function mediaType(request: Request): string {
  return (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
}

/** Whether the request says its body is a form. */
export const isFormRequest = (request: Request) => FORM_TYPES.has(mediaType(request));

async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
  if (declared > limit) throw payloadTooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  // A programming error, not bad input: some code read the body without these functions.
  if (request.bodyUsed) throw new Error('the request body was already read outside app/server/api/body.server.ts');
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        void reader.cancel().catch(() => {});
        throw payloadTooLarge(limit);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof Error && error.name === EDGE_TOO_LARGE) throw payloadTooLarge(limit);
    // The client went away, or sent a body that ends early: nothing to act on.
    throw badRequest('The request body could not be read to its end.');
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The body's bytes, at most REQUEST_BODY_MAX_BYTES of them (413 otherwise). */
export function readBodyBytes(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  let body = bodies.get(request);
  if (!body) {
    body = readLimited(request, env().REQUEST_BODY_MAX_BYTES);
    bodies.set(request, body);
  }
  return body;
}

/** The body as UTF-8 text (invalid sequences become U+FFFD, as `request.text()` does). */
export async function readBodyText(request: Request): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request));
}

/** The body as JSON; `undefined` when it is empty. 400 when it is not JSON, nested too deep, or holds a NUL. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await readBodyText(request);
  if (text.trim() === '') return undefined;
  try {
    return parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonTextError) throw badRequest(error.problem === 'syntax' ? 'The request body is not valid JSON.' : error.about('The request body'));
    throw error;
  }
}

/** The body as a JSON object; {} when empty, 400 for any other JSON value. */
export async function readJsonObjectBody(request: Request): Promise<Record<string, unknown>> {
  const value = await readJsonBody(request);
  if (value === undefined) return {};
  if (!isJsonObject(value)) throw badRequest('The request body must be a JSON object.');
  return value;
}

async function parseForm(request: Request): Promise<FormData> {
  if (!isFormRequest(request)) {
    throw badRequest('This takes a form: send it as application/x-www-form-urlencoded or multipart/form-data.');
  }
  const bytes = await readBodyBytes(request);
  let form: FormData;
  try {
    // The platform's own parser, as request.formData() would use, on the bytes read within the limit.
    form = await new Response(bytes, { headers: { 'Content-Type': request.headers.get('Content-Type') ?? '' } }).formData();
  } catch {
    throw badRequest('The form could not be read: its multipart body is malformed.');
  }
  for (const [name, value] of form) {
    if (typeof value !== 'string') throw badRequest(`This form takes no files (the field ${JSON.stringify(name)} is one).`);
    if (hasNul(name) || hasNul(value)) throw badRequest(`The form field ${JSON.stringify(name.replace(/\0/g, ''))}: ${NUL_MESSAGE}`);
  }
  return form;
}

/** The body as a form: 400 for another content type, a malformed multipart body, a file, or a NUL. */
export function readForm(request: Request): Promise<FormData> {
  let form = forms.get(request);
  if (!form) {
    form = parseForm(request);
    forms.set(request, form);
  }
  return form;
}
