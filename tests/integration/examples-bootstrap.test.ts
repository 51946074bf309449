/**
 * Bootstrap's examples step: a warehouse file built by an older Sightline (another table set) is
 * rebuilt, the examples database is registered with Superset's uuid and gets the example
 * datasets, and a second start changes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXAMPLE_DATASETS } from '~/server/examples/dataset-definitions/index.server';
import { startApp, type AppUnderTest } from '../helpers/app-under-test';

type BootstrapModule = typeof import('../../app/server/bootstrap.server');
type EnvModule = typeof import('../../app/server/env.server');
type LoadModule = typeof import('../../app/server/examples/load.server');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-examples-bootstrap-'));
const file = path.join(dir, 'examples.sqlite');
let app: AppUnderTest;

function exec(db: sqlite3.Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())));
}

beforeAll(async () => {
  // A warehouse as an older version left it: one table, no version in its header.
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const d = new sqlite3.Database(file, (err) => (err ? reject(err) : resolve(d)));
  });
  await exec(db, 'CREATE TABLE birth_names (ds TEXT); PRAGMA user_version = 7;');
  await new Promise<void>((resolve) => db.close(() => resolve()));
  app = await startApp();
  // startApp turns the examples off for every other test; this one turns them back on, on the file above.
  const { env } = await app.load<EnvModule>('/app/server/env.server.ts');
  Object.assign(env(), { LOAD_EXAMPLES: 'true', examplesUrl: `sqlite:///${file}` });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('rebuilds a stale warehouse, registers the database and its datasets, and does nothing the second time', async () => {
  const { ensureExamples } = await app.load<BootstrapModule>('/app/server/bootstrap.server.ts');
  const { sqliteWarehouseIsCurrent } = await app.load<LoadModule>('/app/server/examples/load.server.ts');
  const first: string[] = [];
  await ensureExamples((m) => first.push(m));
  expect(first[0]).toBe(`rebuilding the examples warehouse (its tables changed) at ${file} ...`);
  expect(first).toContain('registered the examples database');
  expect(first).toContain(`registered ${EXAMPLE_DATASETS.length} example datasets`);
  expect(await sqliteWarehouseIsCurrent(file)).toBe(true);

  const { Database, Dataset } = app.models();
  const examples = (await Database.findOne({ where: { database_name: 'examples' } }))!;
  expect(examples.uuid).toBe('a2dc77af-e654-49bb-b321-40f6b559a1ee');
  expect(await Dataset.count({ where: { database_id: examples.id } })).toBe(EXAMPLE_DATASETS.length);

  const modified = fs.statSync(file).mtimeMs;
  const second: string[] = [];
  await ensureExamples((m) => second.push(m));
  expect(second).toEqual([]);
  expect(fs.statSync(file).mtimeMs).toBe(modified);
  expect(await Dataset.count()).toBe(EXAMPLE_DATASETS.length);
}, 240_000);
