/**
 * Every route, fuzzed: the routes come from Remix's server build (tests/helpers/route-table.ts),
 * so a new route file is covered without editing this test. Each route gets every method from
 * anonymous callers and from Admin, Gamma and sql_lab users, by bearer token and by session cookie
 * with its CSRF token; bodies wrong in themselves (broken JSON, arrays, huge numbers, broken
 * multipart, forms to JSON routes and JSON to pages, `__proto__` keys, NUL bytes, nesting 10,000
 * deep); existing and hostile path ids; rison and JSON `q` (broken, wrong types, 7,000 deep);
 * hostile query-string values; and plausible bodies with one field made hostile, as JSON and as
 * the pages' own forms (tests/helpers/fuzz-plan.ts). A little data is arranged first so ids
 * that exist are fuzzed too. It fails on any answer of 500 or more, or a request without an
 * answer within the deadline, listing each. Deterministic: fixed lists, seeded generators, and
 * probes that delete sent last.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTempPostgresDatabase, postgresReachable, type TempDatabase } from '../helpers/databases';
import { tempSqliteFile } from '../helpers/engine-fixtures';
import { fuzzProbes, isDestructive, prepareFuzz, type FuzzWorld } from '../helpers/fuzz-plan';
import { describeOutcome, failed, sendProbe, type Actor } from '../helpers/fuzz-runner';
import { fresh } from '../helpers/fuzz-values';
import { startSqlLabApp, type SqlLabApp } from '../helpers/sqllab';

const SEED = 8_2024;
/** Set FUZZ_TRACE=1 to print each failure as it happens, the bodies learnt, and the time spent per route. */
const TRACE = Boolean(process.env.FUZZ_TRACE);
/** Set FUZZ_SHOW to a regular expression to print every answer whose report line matches it. */
const SHOW = process.env.FUZZ_SHOW ? new RegExp(process.env.FUZZ_SHOW) : null;

let s: SqlLabApp;
let warehouse: ReturnType<typeof tempSqliteFile>;
let storeDir = '';
let pgStore: TempDatabase | undefined;
const actors: Record<string, Actor> = { anon: { name: 'anonymous' } };
/** Values that exist (ids, keys, names), by path parameter name; `id` takes every existing id. */
const existing: Record<string, string[]> = {
  // `dashboard` first: the generic resource routes answer it beyond its own list and create route.
  resource: ['dashboard', 'chart', 'database', 'dataset', 'saved_query', 'query', 'nope'],
  column: ['database', 'created_by', 'owners', 'changed_by', 'database_name', 'label', 'id', 'nope'],
  schema: ['main'],
};
let dictionary: Record<string, unknown> = {};

beforeAll(async () => {
  // The metadata store: PostgreSQL where it is reachable (it refuses what SQLite lets through,
  // over-long text and out-of-range integers, and answers faster here), else a SQLite file on tmpfs
  // where there is one (thousands of small writes without a disk flush each). FUZZ_STORE=sqlite
  // chooses SQLite.
  if (process.env.FUZZ_STORE !== 'sqlite' && (await postgresReachable())) {
    pgStore = await createTempPostgresDatabase('sightline_test_fuzz');
    s = await startSqlLabApp({ databaseUrl: pgStore.url });
  } else {
    storeDir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'sightline-fuzz-'));
    s = await startSqlLabApp({ databaseUrl: `sqlite:${path.join(storeDir, 'meta.sqlite')}` });
  }
  warehouse = tempSqliteFile();
  fs.writeFileSync(warehouse.file, '');
  const uri = `sqlite:///${warehouse.file}`;
  const rw = await s.addDatabase({ database_name: 'fuzz_rw', sqlalchemy_uri: uri, allow_dml: true });
  const db = await s.addDatabase({ database_name: 'fuzz_warehouse', sqlalchemy_uri: uri });
  const made = await s.execute({ database_id: rw.id, sql: "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO people VALUES (1, 'Ada')" });
  expect(made.status, made.text).toBe(200);

  // Users the user pages' forms may edit; the callers are users of their own, whose access the fuzz must not change.
  for (const name of ['victim_one', 'victim_two']) await s.app.createUser({ username: name });
  const sqlLab = await s.userWith('fuzz_sqllab', [s.databaseAccess(db)]);
  await s.app.createUser({ username: 'fuzz_admin', roles: ['Admin'] });
  await s.app.createUser({ username: 'fuzz_gamma', roles: ['Gamma'] });
  for (const [key, username] of [['admin', 'fuzz_admin'], ['gamma', 'fuzz_gamma'], ['sqllab', 'fuzz_sqllab']] as const) {
    const password = `${username}-password`;
    const token = username === 'fuzz_sqllab' ? sqlLab.token : (await s.app.login(username, password)).accessToken;
    actors[`${key}Bearer`] = { name: `${username} (bearer)`, token };
    const { cookie, csrfToken } = await s.app.loginWithCookie(username, password);
    actors[`${key}Cookie`] = { name: `${username} (cookie)`, cookie, csrf: csrfToken };
  }

  // SQL Lab's objects belong to Admin, the caller the bodies are fuzzed as (another user's tab is a 404).
  const asAdmin = actors.adminBearer.token;
  const savedQuery = await s.call('POST', '/api/v1/saved_query/', { label: 'fuzz saved', sql: 'SELECT 1', db_id: db.id }, asAdmin);
  const tab = await s.call('POST', '/tabstateview/', { queryEditor: { name: 'fuzz tab', dbId: db.id, sql: 'SELECT 1' } }, asAdmin);
  const tabId = tab.body.id as number;
  const table = await s.call('POST', '/tableschemaview/', { table: { dbId: db.id, queryEditorId: tabId, name: 'people', schema: 'main' } }, asAdmin);
  const dataset = await s.call('POST', '/api/v1/dataset/', { database: db.id, table_name: 'people' });
  const query = await s.execute({ database_id: db.id, sql: 'SELECT * FROM people', client_id: 'fuzzquery01' }, asAdmin);
  const permalink = await s.call('POST', '/api/v1/sqllab/permalink', { dbId: db.id, name: 'fuzz', sql: 'SELECT 1' }, asAdmin);
  const kv = await s.call('POST', '/kv/store/', { data: JSON.stringify({ dbId: db.id, sql: 'SELECT 1' }) }, asAdmin);
  for (const answer of [savedQuery, tab, table, dataset, query, permalink, kv]) expect(answer.status, answer.text).toBeLessThan(300);
  const resultsKey = ((query.body.query as Record<string, unknown>)?.resultsKey as string | null) ?? 'none';
  const ids = [db.id, rw.id, savedQuery.body.id, tabId, table.body.id, dataset.body.id, (query.body.query as Record<string, unknown>).queryId].map(String);
  existing.id = [...new Set([...ids, String(kv.body.id)])];
  existing.client_id = ['fuzzquery01'];
  existing.key = [String(permalink.body.key)];
  existing.table = ['people'];

  dictionary = {
    database_id: db.id, db_id: db.id, dbId: db.id, database: db.id, queryEditorId: tabId, saved_query_id: savedQuery.body.id,
    sql: 'SELECT * FROM people', label: 'fuzz', name: 'fuzz', description: 'fuzz', schema: 'main', table_name: fresh('fuzz_table_'),
    client_id: fresh('fuzzc'), latest_query_id: 'fuzzquery01', queryId: 'fuzzquery01', templateParams: '{"a": 1}', template_params: '{"a": 1}',
    template_parameters: '{"a": 1}', extra_json: '{"a": 1}', queryLimit: 10, query_limit: 10, runAsync: false, expanded: true,
    queryEditor: { name: 'fuzz', dbId: db.id, sql: 'SELECT 1', templateParams: '{"a": 1}' },
    table: { dbId: db.id, queryEditorId: tabId, name: 'people', schema: 'main' },
    data: JSON.stringify({ dbId: db.id, sql: 'SELECT 1', templateParams: '{"a": 1}' }),
    database_name: fresh('fuzz_db_'), sqlalchemy_uri: uri, engine: 'sqlite', parameters: {}, extra: '{"metadata_params": {}}',
    username: 'fuzz-nobody', password: 'fuzz-password-1', confirm_password: 'fuzz-password-1', provider: 'db', refresh: true,
    first_name: 'Fuzz', last_name: 'Er', email: 'fuzz@example.com', key: resultsKey, rows: 10, last_updated_ms: 0, ids: [1],
  };
}, 180_000);

afterAll(async () => {
  await s?.close();
  warehouse?.remove();
  if (storeDir) fs.rmSync(storeDir, { recursive: true, force: true });
  await pgStore?.drop();
});

/** Adds one answer's time to a tally. */
function tally(map: Map<string, { count: number; ms: number }>, key: string, ms: number) {
  const entry = map.get(key) ?? { count: 0, ms: 0 };
  map.set(key, { count: entry.count + 1, ms: entry.ms + ms });
}

it('answers every route without a 500 or a hang', async () => {
  const started = performance.now();
  const world: FuzzWorld = { app: s.app, actors: actors as FuzzWorld['actors'], existing, dictionary, seed: SEED };
  const plan = await prepareFuzz(world);
  const prepared = ((performance.now() - started) / 1000).toFixed(1);
  if (TRACE) {
    for (const [id, byMethod] of plan.learnt) {
      for (const [method, l] of Object.entries(byMethod)) console.info(`learnt ${method} ${id}: ${l.status}, form ${l.acceptsForm}, fields ${Object.keys(l.body).join(',')}`);
    }
  }
  const failures: string[] = [];
  const statuses = new Map<string, number>();
  const phases = new Map<string, { count: number; ms: number }>();
  const routes = new Map<string, { count: number; ms: number }>();
  let sent = 0;
  // Two passes over the same sequence: everything else first, then what deletes.
  for (const destructive of [false, true]) {
    for (const probe of fuzzProbes(plan)) {
      if (isDestructive(probe) !== destructive) continue;
      const o = await sendProbe(s.app, probe);
      sent++;
      statuses.set(String(o.status), (statuses.get(String(o.status)) ?? 0) + 1);
      tally(phases, probe.phase ?? '', o.ms);
      if (TRACE) tally(routes, `${probe.phase} ${probe.method} ${probe.path.split('?')[0].replace(/\/\d+(?=\/|$)/g, '/:n').slice(0, 60)}`, o.ms);
      if (SHOW?.test(describeOutcome(o))) process.stdout.write(`${describeOutcome(o)}\n`);
      if (!failed(o)) continue;
      failures.push(describeOutcome(o));
      if (TRACE) process.stdout.write(`FAIL ${describeOutcome(o)}\n`);
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const times = (map: typeof phases) => [...map].sort((a, b) => b[1].ms - a[1].ms).map(([k, v]) => `${k} ${v.count} in ${(v.ms / 1000).toFixed(1)} s`);
  if (TRACE) console.info(times(routes).slice(0, 40).join('\n'));
  console.info(
    `route fuzz (${pgStore ? 'PostgreSQL' : 'SQLite'} store): ${sent} requests over ${plan.routes.length} routes and ${plan.forms.length} page forms in ${seconds} s ` +
      `(${prepared} s reading forms and learning bodies); statuses ${JSON.stringify(Object.fromEntries(statuses))}; per phase ${times(phases).join(', ')}`,
  );

  // The callers kept their access throughout, so no probe was refused for the wrong reason.
  for (const actor of [actors.adminBearer, actors.sqllabBearer, actors.gammaBearer]) {
    expect((await sendProbe(s.app, { method: 'GET', path: '/api/v1/me/', actor, kind: 'check' })).status).toBe(200);
  }
  expect(failures, `${failures.length} of ${sent} requests answered 500 or more, or hung`).toEqual([]);
}, 600_000);
