/**
 * What body a JSON route takes, learnt from its own answers, so the route fuzz can send plausible
 * bodies with one field made hostile (and reach the domain code behind the validation) to any
 * route, including ones added later. Starts from a dictionary of every field name the app knows,
 * drops the fields the route calls unknown, adds the ones it says are missing; when the route
 * ignores unknown fields, keeps those whose wrong type the route complains about.
 */
import type { AppUnderTest } from './app-under-test';
import { sendProbe, type Actor } from './fuzz-runner';
import { formText, jsonText } from './fuzz-values';

export type Learnt = {
  /** The answer to the plausible body: 405 means the method is not taken here. */
  status: number;
  body: Record<string, unknown>;
  /** The route answers a form of the same fields as it answers the JSON (SQL Lab's form-or-JSON views). */
  acceptsForm: boolean;
};

const json = (value: unknown) => ({ kind: 'learn', contentType: 'application/json', text: jsonText(value) });

const asForm = (body: Record<string, unknown>) => ({
  kind: 'learn',
  contentType: 'application/x-www-form-urlencoded',
  text: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, formText(v)])).toString(),
});

/** The field errors of a 400/422 answer: `{message: {field: [...]}}` or `{errors: [...]}` flattened to text per field. */
function fieldProblems(text: string): Record<string, string> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const message = (parsed as { message?: unknown } | null)?.message;
  if (!message || typeof message !== 'object') return null;
  return Object.fromEntries(Object.entries(message).map(([k, v]) => [k, JSON.stringify(v)]));
}

/** Field names a route rejected as unknown: marshmallow's "Unknown field." or zod's "Unrecognized keys: "a", "b"". */
function unknownFields(problems: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [field, text] of Object.entries(problems)) {
    if (text.includes('Unknown field')) out.push(field.split('.')[0]);
    for (const m of text.matchAll(/Unrecognized keys?: ((?:\\"[^\\]*\\"(?:, )?)+)/g)) {
      for (const key of m[1].matchAll(/\\"([^\\]*)\\"/g)) out.push(key[1]);
    }
  }
  return out;
}

export async function learnBody(app: AppUnderTest, actor: Actor, path: string, method: string, dictionary: Record<string, unknown>): Promise<Learnt> {
  const send = async (body: Record<string, unknown>) => sendProbe(app, { method, path, actor, kind: 'learn', body: json(body) });
  let body: Record<string, unknown> = { ...dictionary };
  let strict = false;
  let status = 0;
  for (let round = 0; round < 4; round++) {
    const o = await send(body);
    status = typeof o.status === 'number' ? o.status : 0;
    if (status === 405) return { status, body: {}, acceptsForm: false };
    const problems = status === 400 || status === 422 ? fieldProblems(o.text) : null;
    if (!problems) break;
    const next = { ...body };
    const unknown = unknownFields(problems);
    if (unknown.length) strict = true;
    for (const field of unknown) delete next[field];
    for (const field of Object.keys(problems)) {
      if (!(field in next) && !field.includes('.') && field !== '_schema' && !unknown.includes(field)) next[field] = 'fuzz';
    }
    if (JSON.stringify(next) === JSON.stringify(body)) break;
    body = next;
  }
  if (!strict) {
    // The route ignores fields it does not know: keep the ones it checks. One body with every field
    // of a wrong type names them all at once (zod reports every issue); a route that answers
    // without naming fields is asked field by field, when the plausible body succeeded.
    const wrong = await send(Object.fromEntries(Object.keys(body).map((k) => [k, [[{}]]])));
    const named = new Set(Object.keys((wrong.status === 400 || wrong.status === 422 ? fieldProblems(wrong.text) : null) ?? {}).map((k) => k.split('.')[0]));
    const kept: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(body)) {
      if (named.has(field)) kept[field] = value;
      else if (named.size === 0 && status >= 200 && status < 300) {
        const o = await send({ ...body, [field]: [[{}]] });
        if (o.status !== status) kept[field] = value;
      }
    }
    body = kept;
  }
  const form = await sendProbe(app, { method, path, actor, kind: 'learn', body: asForm(body) });
  return { status, body, acceptsForm: form.status === status };
}
