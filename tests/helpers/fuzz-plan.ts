/**
 * The route fuzz's plan: from the route table, the bodies each JSON route takes (learnt from its
 * answers) and the forms the pages render, every request to send, built lazily (held at once
 * they would be gigabytes of deep bodies) and in a fixed order, random parts seeded.
 *
 * Pages answer with rendered HTML, which is slow to make; so their hostile bodies and form fields
 * mostly go to the route's single-fetch `.data` URL (the same action, answered as data, as the
 * browser's own script submits), while a few of each kind still ask for the document.
 */
import type { ServerBuild } from '@remix-run/node';
import type { AppUnderTest } from './app-under-test';
import { learnBody, type Learnt } from './fuzz-learn';
import { harvestForms, sendProbe, type Actor, type HarvestedForm, type Probe } from './fuzz-runner';
import {
  formText, HOSTILE_FORM_VALUES, HOSTILE_IDS, HOSTILE_QUERY_VALUES, hostileBodies, hostileFieldValues, hostileQ, jsonText, randomJson, seededRandom,
} from './fuzz-values';
import { fillPattern, routeTable, type RouteEntry } from './route-table';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
const MUTATIONS = ['POST', 'PUT', 'DELETE'] as const;
type Mutation = (typeof MUTATIONS)[number];

/** Bodies wrong in themselves that callers other than Admin send. */
const SHORT_LIST = new Set(['broken JSON', 'proto keys + fields', 'deep JSON object', 'broken multipart']);
/** The ones sent where a method is not taken (a body read before the method is checked). */
const NOT_TAKEN_LIST = new Set(['broken JSON', 'deep JSON object', 'broken multipart']);
/** The `q` values sent to routes that do not read `q`, and with bodies. */
const SHORT_Q = /^(broken rison \(|NUL key|deep rison object|deep json q)$/;
/** The hostile form values a page form gets (as data; a page's answer is slow to make), and those also sent as a document. */
const PAGE_FORM_VALUES = new Set(['NUL inside', 'empty', 'huge number', 'long', 'proto', 'deep JSON text']);
const DOCUMENT_FORM_VALUES = new Set(['NUL inside']);
/** Query parameter names the app reads; the pages' links and GET forms add theirs. */
const QUERY_NAMES = ['q', 'filter', 'page', 'sort', 'dir', 'search', 'next', 'tab', 'sql', 'schema', 'database_id', 'name', 'engine', 'datasourceKey', 'confirm', 'results', 'savedQueryId', 'queryId', 'database', 'table', 'key'];

export type FuzzWorld = {
  app: AppUnderTest;
  actors: Record<'anon' | 'adminBearer' | 'adminCookie' | 'gammaBearer' | 'gammaCookie' | 'sqllabBearer' | 'sqllabCookie', Actor>;
  /** Values that exist, by path parameter name; `id` holds every existing id of every kind. */
  existing: Record<string, string[]>;
  /** A plausible value for every body field name the app knows. */
  dictionary: Record<string, unknown>;
  seed: number;
};

export type FuzzPlan = FuzzWorld & {
  routes: RouteEntry[];
  isPage: (route: RouteEntry) => boolean;
  learnt: Map<string, Partial<Record<Mutation, Learnt>>>;
  forms: Array<HarvestedForm & { actor: Actor }>;
  queryNames: string[];
  /** Ids of the routes whose answer changes with a broken `q`. */
  readsQ: Set<string>;
  /** Per route id, the first existing id its `:id` finds (ids of different kinds share numbers). */
  ownId: Map<string, string>;
};

/** The route's path with existing values (its own id where found), one parameter replaced by `value` when given. */
export function pathOf(world: FuzzWorld & { ownId?: Map<string, string> }, route: RouteEntry, override?: [string, string]): string {
  const values = Object.fromEntries(route.params.map((p) => [p, (p === 'id' && world.ownId?.get(route.id)) || (world.existing[p]?.[0] ?? world.existing.id[0])]));
  if (override) values[override[0]] = override[1];
  return fillPattern(route.pattern, values) + (route.index ? '?index' : '');
}

/** A page's single-fetch data URL: `/users/add` → `/users/add.data`, `/` → `/_root.data`. */
function dataUrl(path: string): string {
  const [pathname, query] = path.split(/\?(.*)/s);
  const data = pathname === '/' ? '/_root.data' : `${pathname.replace(/\/$/, '')}.data`;
  return query === undefined ? data : `${data}?${query}`;
}

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;
const json = (value: unknown) => ({ kind: 'json', contentType: 'application/json', text: jsonText(value) });
const formBody = (fields: Array<[string, string]>) => ({ kind: 'form', contentType: 'application/x-www-form-urlencoded', text: new URLSearchParams(fields).toString() });
const show = (value: string) => JSON.stringify(value).slice(0, 40);

/** Reads the pages' forms (as Admin, and anonymously for the login form) and learns each JSON route's body. */
export async function prepareFuzz(world: FuzzWorld): Promise<FuzzPlan> {
  const { app, actors, dictionary } = world;
  const build = await app.load<ServerBuild>('virtual:remix/server-build');
  const routes = routeTable(build);
  // A page renders a component and takes forms; a resource route answers JSON.
  const isPage = (route: RouteEntry) => typeof (build.routes[route.id]?.module as { default?: unknown }).default === 'function';
  // Each `:id` route's own id: the first existing one it does not answer 404 (GET, or an empty POST where GET is refused).
  const ownId = new Map<string, string>();
  for (const route of routes.filter((r) => r.params.includes('id'))) {
    for (const id of world.existing.id) {
      const path = pathOf(world, route, ['id', id]);
      let o = await sendProbe(app, { method: 'GET', path, actor: actors.adminBearer, kind: 'own id' });
      if (o.status === 405 && route.hasAction) o = await sendProbe(app, { method: 'POST', path, actor: actors.adminBearer, kind: 'own id', body: json({}) });
      if (o.status !== 404) {
        ownId.set(route.id, id);
        break;
      }
    }
  }
  const found: FuzzWorld & { ownId: Map<string, string> } = { ...world, ownId };
  const forms: FuzzPlan['forms'] = [];
  const queryNames = new Set(QUERY_NAMES);
  for (const route of routes.filter((r) => isPage(r) && r.hasLoader)) {
    for (const actor of [actors.adminCookie, actors.anon]) {
      const path = pathOf(found, route);
      const o = await sendProbe(app, { method: 'GET', path, actor, kind: 'harvest' });
      if (o.status !== 200 || !o.text.includes('<form')) continue;
      const read = harvestForms(o.text, path, (name) => (name in dictionary ? formText(dictionary[name]) : undefined));
      for (const n of read.queryNames) queryNames.add(n);
      for (const f of read.forms) if (!forms.some((g) => g.action === f.action && g.intent === f.intent)) forms.push({ ...f, actor });
    }
  }
  const readsQ = new Set<string>();
  for (const route of routes.filter((r) => r.hasLoader)) {
    const path = pathOf(found, route);
    const plain = await sendProbe(app, { method: 'GET', path, actor: actors.adminBearer, kind: 'reads q?' });
    const broken = await sendProbe(app, { method: 'GET', path: `${path}${path.includes('?') ? '&' : '?'}q=(`, actor: actors.adminBearer, kind: 'reads q?' });
    if (plain.status !== broken.status) readsQ.add(route.id);
  }
  const learnt: FuzzPlan['learnt'] = new Map();
  for (const route of routes.filter((r) => r.hasAction && !isPage(r))) {
    const byMethod: Partial<Record<Mutation, Learnt>> = {};
    for (const method of ['POST', 'PUT'] as const) byMethod[method] = await learnBody(app, actors.adminBearer, pathOf(found, route), method, dictionary);
    // DELETE takes no body: whether it is taken is asked of an id that does not exist, so nothing is deleted.
    const missing = pathOf(found, route, route.params.includes('id') ? ['id', '0'] : undefined);
    const del = await sendProbe(app, { method: 'DELETE', path: missing, actor: actors.adminBearer, kind: 'takes DELETE?' });
    byMethod.DELETE = { status: typeof del.status === 'number' ? del.status : 0, body: {}, acceptsForm: false };
    learnt.set(route.id, byMethod);
  }
  return { ...found, routes, isPage, learnt, forms, queryNames: [...queryNames], readsQ };
}

/** Deletes, or ends what later probes use (a delete intent): sent after all the others. */
export const isDestructive = (p: Probe) => p.method === 'DELETE' || /intent=[^&]*delete/.test(p.body?.text ?? '');

/** Every probe of the plan, in a fixed order. */
export function* fuzzProbes(plan: FuzzPlan): Generator<Probe> {
  const { actors, existing } = plan;
  const { anon, adminBearer, adminCookie, gammaCookie, sqllabBearer, sqllabCookie } = actors;
  const random = seededRandom(plan.seed);
  const qs = hostileQ();

  for (const [routeIndex, route] of plan.routes.entries()) {
    const page = plan.isPage(route);
    const base = pathOf(plan, route);
    const learnt = plan.learnt.get(route.id) ?? {};
    const bodyOf = (method: string) => learnt[method as Mutation]?.body ?? (page ? plan.dictionary : {});
    // Methods the route takes (a 405 to the plausible body says it does not); pages take POST only. A PUT
    // answered as the POST was, with the same fields, reaches the same code: its bodies are not sent again.
    const samePut = learnt.PUT?.status === learnt.POST?.status && jsonText(Object.keys(learnt.PUT?.body ?? {})) === jsonText(Object.keys(learnt.POST?.body ?? {}));
    const taken = route.hasAction ? MUTATIONS.filter((m) => (page ? m === 'POST' : learnt[m]?.status !== 405 && !(m === 'PUT' && samePut))) : [];

    // Every method, with a plausible body: GET and POST from a caller of each kind, the others from one or two.
    // Without an action, Remix itself refuses the other methods: one caller shows it.
    for (const method of METHODS) {
      const all = [anon, adminBearer, adminCookie, gammaCookie, sqllabBearer];
      const callers = method === 'GET' ? all : !route.hasAction || method === 'PATCH' ? [adminCookie] : method === 'POST' ? all : [adminCookie, sqllabBearer];
      for (const actor of callers) yield { phase: 'method', method, path: base, actor, kind: 'method', body: method === 'GET' ? undefined : json(bodyOf(method)) };
    }

    // Bodies wrong in themselves: every kind where the method is taken, the short list from others and elsewhere.
    for (const method of route.hasAction ? MUTATIONS : []) {
      // Every kind from Admin (it gets furthest; a page's mostly as data), the short list from one other caller in turn.
      const admin = page ? adminCookie : adminBearer;
      const other = [sqllabCookie, anon][routeIndex % 2];
      for (const [i, body] of hostileBodies(bodyOf(method)).entries()) {
        if (!taken.includes(method)) {
          if (method === 'POST' && NOT_TAKEN_LIST.has(body.kind)) yield { phase: 'body', method, path: base, actor: adminBearer, kind: body.kind, body };
          continue;
        }
        yield { phase: 'body', method, path: page && i % 3 ? dataUrl(base) : base, actor: admin, kind: body.kind, body };
        if (SHORT_LIST.has(body.kind)) yield { phase: 'body', method, path: base, actor: other, kind: body.kind, body };
      }
    }
    for (const method of taken) {
      for (let i = 0; i < 2; i++) yield { phase: 'body', method, path: base, actor: adminBearer, kind: `random body ${i}`, body: json(randomJson(random, Object.keys(bodyOf(method)))) };
    }

    // Path parameters: what exists (for `id`, every kind of id), and hostile values.
    for (const param of route.params) {
      for (const value of [...new Set([...(existing[param] ?? existing.id), ...HOSTILE_IDS])]) {
        const path = pathOf(plan, route, [param, value]);
        const kind = `${param}=${show(value)}`;
        if (route.hasLoader) yield { phase: 'path', method: 'GET', path, actor: adminBearer, kind };
        for (const method of taken) yield { phase: 'path', method, path, actor: method === 'DELETE' ? sqllabBearer : adminBearer, kind, body: json(bodyOf(method)) };
      }
    }

    // Query strings: `q` (rison and JSON) and every parameter name the app reads.
    if (route.hasLoader) {
      // A route that answers a broken `q` as it answers none does not read it: the broken, NUL and deep ones only.
      for (const { label, q } of plan.readsQ.has(route.id) ? qs : qs.filter((x) => SHORT_Q.test(x.label))) {
        yield { phase: 'query', method: 'GET', path: withQuery(base, `q=${encodeURIComponent(q)}`), actor: adminBearer, kind: `q: ${label}` };
      }
      for (const [i, value] of HOSTILE_QUERY_VALUES.entries()) {
        const all = plan.queryNames.map((n) => `${n}=${encodeURIComponent(value)}`).join('&');
        // A page's loader reads them: every other one as data, so not every answer is a rendered document.
        yield { phase: 'query', method: 'GET', path: withQuery(page && i % 2 ? dataUrl(base) : base, all), actor: sqllabCookie, kind: `all query names=${show(value)}` };
      }
    }
    for (const method of taken) {
      for (const { label, q } of qs.filter((x) => SHORT_Q.test(x.label))) yield { phase: 'query', method, path: withQuery(base, `q=${encodeURIComponent(q)}`), actor: adminBearer, kind: `q: ${label}`, body: json(bodyOf(method)) };
    }

    // One field of the learnt body made hostile, as JSON (and one level down) and, where taken, as a form.
    for (const method of page ? [] : taken) {
      const body = bodyOf(method);
      for (const field of Object.keys(body)) {
        for (const { label, value } of hostileFieldValues(body[field])) {
          yield { phase: 'field', method, path: base, actor: adminBearer, kind: `${field}: ${label}`, body: json({ ...body, [field]: value }) };
        }
        const inner = body[field];
        const nested = inner && Object.getPrototypeOf(inner) === Object.prototype ? Object.entries(inner as object) : [];
        for (const [sub, plausible] of nested) {
          for (const { label, value } of hostileFieldValues(plausible)) {
            yield { phase: 'field', method, path: base, actor: sqllabBearer, kind: `${field}.${sub}: ${label}`, body: json({ ...body, [field]: { ...Object.fromEntries(nested), [sub]: value } }) };
          }
        }
        if (!learnt[method]?.acceptsForm) continue;
        for (const { label, value } of HOSTILE_FORM_VALUES) {
          const fields = Object.entries(body).map(([k, v]): [string, string] => [k, k === field ? value : formText(v)]);
          yield { phase: 'field', method, path: base, actor: sqllabCookie, kind: `form ${field}: ${label}`, body: formBody(fields) };
        }
      }
    }
  }

  // The pages' own forms, one field made hostile at a time, as the caller that saw them.
  for (const form of plan.forms) {
    const actor = form.actor === anon ? anon : adminCookie;
    const fields = form.fields.map(([n, v]): [string, string] => [n, n === 'csrf_token' ? (actor.csrf ?? '') : v]);
    const intent = form.intent ?? '';
    yield { phase: 'form', method: 'POST', path: form.action, actor, kind: `form as rendered ${intent}`, body: formBody(fields) };
    for (const [i, [name]] of fields.entries()) {
      // A name repeated (a permission list's hundreds of checkboxes) is fuzzed at its first occurrence.
      if (name === 'csrf_token' || fields.findIndex(([n]) => n === name) !== i) continue;
      for (const { label, value } of HOSTILE_FORM_VALUES.filter((v) => PAGE_FORM_VALUES.has(v.label))) {
        const body = formBody(fields.map(([n, v], j): [string, string] => [n, j === i ? value : v]));
        const kind = `page form ${intent} ${name}: ${label}`;
        yield { phase: 'form', method: 'POST', path: dataUrl(form.action), actor, kind, body };
        if (DOCUMENT_FORM_VALUES.has(label)) yield { phase: 'form', method: 'POST', path: form.action, actor, kind, body };
      }
    }
  }
}
