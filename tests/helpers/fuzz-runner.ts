/**
 * Sending the route fuzz's requests to the in-process app and judging the answers: who sends
 * (anonymous, a bearer token, or a session cookie with its CSRF token), a per-request deadline so
 * a hang is a failure rather than a stuck run, and a report line per failing request. Also reads
 * the forms a page renders, so page actions are fuzzed with the fields their own forms post.
 */
import type { AppUnderTest } from './app-under-test';
import type { RawBody } from './fuzz-values';

export type Actor = { name: string; token?: string; cookie?: string; csrf?: string };

export type Probe = {
  /** Which part of the plan sent it (method, body, path, query, field, form), for the timing tally. */
  phase?: string;
  method: string;
  /** Path and query string, starting with '/'. */
  path: string;
  actor: Actor;
  /** What is being tried, for the report. */
  kind: string;
  body?: RawBody;
};

export type Outcome = { probe: Probe; status: number | 'hung' | 'threw'; text: string; ms: number };

export const DEADLINE_MS = 10_000;

export function headersFor(actor: Actor, method: string, contentType?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (actor.token) headers.Authorization = `Bearer ${actor.token}`;
  if (actor.cookie) headers.Cookie = actor.cookie;
  if (actor.csrf && method !== 'GET') headers['X-CSRFToken'] = actor.csrf;
  if (contentType) headers['Content-Type'] = contentType;
  return headers;
}

export async function sendProbe(app: AppUnderTest, probe: Probe): Promise<Outcome> {
  const started = performance.now();
  const hasBody = probe.body !== undefined && probe.method !== 'GET' && probe.method !== 'HEAD';
  const init: RequestInit = {
    method: probe.method,
    headers: headersFor(probe.actor, probe.method, hasBody ? probe.body?.contentType : undefined),
    body: hasBody ? probe.body?.text : undefined,
    redirect: 'manual',
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), DEADLINE_MS);
  });
  try {
    const answer = await Promise.race([
      app.fetch(probe.path, init).then(async (response) => ({ status: response.status, text: await response.text() })),
      deadline,
    ]);
    const ms = performance.now() - started;
    if (answer === 'hung') return { probe, status: 'hung', text: `no answer within ${DEADLINE_MS} ms`, ms };
    return { probe, status: answer.status, text: answer.text, ms };
  } catch (error) {
    return { probe, status: 'threw', text: error instanceof Error ? `${error.name}: ${error.message}` : String(error), ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

export const failed = (o: Outcome) => typeof o.status !== 'number' || o.status >= 500;

const clip = (text: string, max: number) => {
  const visible = text.replace(/\0/g, '\\0').replace(/\s+/g, ' ');
  return visible.length > max ? `${visible.slice(0, max)}…(${visible.length})` : visible;
};

export function describeOutcome(o: Outcome): string {
  const { probe } = o;
  return `${probe.method} ${clip(probe.path, 140)} [${probe.kind}] as ${probe.actor.name} → ${o.status}: ${clip(o.text, 200)}`;
}

/* Reading a page's forms. Regular expressions are enough for the markup our own pages render. */

export type HarvestedForm = { action: string; fields: Array<[string, string]>; intent?: string };

const decodeEntities = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)(?:="([^"]*)"|='([^']*)')?/g)) out[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? '');
  return out;
}

/**
 * The POST forms of a page, one entry per submit intent, with the values they would post:
 * text inputs with their value, checked boxes, each select's selected (or first) option.
 * Empty fields are filled from `fill` by name. GET forms and links only give query parameter names.
 */
export function harvestForms(html: string, pageUrl: string, fill: (name: string) => string | undefined): { forms: HarvestedForm[]; queryNames: string[] } {
  const forms: HarvestedForm[] = [];
  const queryNames = new Set<string>();
  for (const href of html.matchAll(/href="([^"]*\?[^"]*)"/g)) {
    for (const name of new URL(decodeEntities(href[1]), 'http://localhost').searchParams.keys()) queryNames.add(name);
  }
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attrs = attributes(m[1]);
    const inner = m[2];
    const fields: Array<[string, string]> = [];
    const intents: string[] = [];
    for (const input of inner.matchAll(/<input\b([^>]*)>/gi)) {
      const a = attributes(input[1]);
      if (!a.name) continue;
      if ((a.type === 'checkbox' || a.type === 'radio') && !('checked' in a)) continue;
      if (a.type === 'submit') {
        if (a.value) intents.push(`${a.name}=${a.value}`);
        continue;
      }
      fields.push([a.name, a.value || fill(a.name) || (a.type === 'checkbox' ? 'on' : '')]);
    }
    for (const t of inner.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/gi)) {
      const a = attributes(t[1]);
      if (a.name) fields.push([a.name, decodeEntities(t[2]) || fill(a.name) || '']);
    }
    for (const s of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      const a = attributes(s[1]);
      const options = [...s[2].matchAll(/<option\b([^>]*)>/gi)].map((o) => attributes(o[1]));
      const chosen = options.find((o) => 'selected' in o) ?? options.find((o) => o.value) ?? options[0];
      if (a.name) fields.push([a.name, chosen?.value ?? '']);
    }
    for (const b of inner.matchAll(/<button\b([^>]*)>/gi)) {
      const a = attributes(b[1]);
      if (a.name && a.value) intents.push(`${a.name}=${a.value}`);
    }
    const method = (attrs.method ?? 'get').toLowerCase();
    if (method !== 'post') {
      for (const [name] of fields) queryNames.add(name);
      continue;
    }
    const action = new URL(attrs.action || pageUrl, `http://localhost${pageUrl}`);
    const path = action.pathname + action.search;
    if (intents.length === 0) forms.push({ action: path, fields });
    for (const intent of new Set(intents)) {
      const [name, ...rest] = intent.split('=');
      forms.push({ action: path, fields: [...fields.filter(([n]) => n !== name), [name, rest.join('=')]], intent: rest.join('=') });
    }
  }
  return { forms, queryNames: [...queryNames] };
}
