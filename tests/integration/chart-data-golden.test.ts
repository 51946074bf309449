/**
 * Golden tests of the chart data compiler (planQuery, app/server/query/plan.server.ts) on the
 * examples data, for SQLite, PostgreSQL and MariaDB:
 *
 * 1. The SQL each query context of tests/golden/query-contexts/contexts.ts compiles to, per engine,
 *    is stored in tests/golden/sql/<name>.<engine>.sql (the main query, then each time offset's):
 *    a change in the compiler shows as a diff to review. `UPDATE_GOLDEN=1 npx vitest run
 *    tests/integration/chart-data-golden.test.ts` rewrites them (and removes orphans).
 * 2. That SQL runs on the real engines, each loaded with the same deterministic examples tables
 *    at scale 1 (a temp SQLite file, a fresh PostgreSQL database and a fresh MariaDB database per
 *    run), and the rows must agree: numbers within rounding (MariaDB answers AVG with 4
 *    decimals), datetimes as epoch ms UTC, booleans whatever the engine's spelling. Rows are
 *    compared in order where the query object has an orderby (rows with equal order keys as a
 *    set), otherwise as a set. Time offsets are joined on (applyTimeOffsets) and the plan's
 *    post-processing applied, and those rows must agree too.
 *
 * Failures name the context, the engine, the SQL and the error, for the compiler's author.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPostProcessing } from '~/lib/post-processing';
import type { Frame } from '~/lib/post-processing/frame';
import type { DialectName } from '~/lib/sql/dialects';
import { TIME_GRAINS } from '~/lib/sql/time-grains';
import type { CurrentUser } from '~/server/auth/current-user.server';
import { executeSql } from '~/server/engines/execute.server';
import { closeAllPools, type ConnectionTarget } from '~/server/engines/pools.server';
import { loadExamples } from '~/server/examples/load.server';
import { createExpressionTypeProbe, type ExpressionTypeProbe } from '~/server/query/expression-type.server';
import { planQuery } from '~/server/query/plan.server';
import { applyTimeOffsets } from '~/server/query/time-offsets.server';
import { GenericType, type DatasetSource, type QueryPlan } from '~/server/query/types.server';
import { GOLDEN_CONTEXTS, GOLDEN_NOW, type GoldenContext } from '../golden/query-contexts/contexts';
import { GOLDEN_TABLES, goldenDatasets } from '../golden/query-contexts/datasets';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { createTempMariaDatabase, serviceAvailable, tempSqliteFile } from '../helpers/engine-fixtures';

const GOLDEN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../golden/sql');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const ENGINES: DialectName[] = ['sqlite', 'postgresql', 'mysql'];

const postgresUp = await serviceAvailable('postgresql');
const mariadbUp = await serviceAvailable('mariadb');

const USER: CurrentUser = {
  id: 1,
  username: 'golden',
  firstName: 'Golden',
  lastName: 'Tests',
  email: 'golden@example.com',
  theme: 'system',
  roles: { Admin: [] },
  authenticatedBy: 'bearer',
};

const DATASETS = Object.fromEntries(ENGINES.map((e) => [e, goldenDatasets(e)])) as Record<DialectName, ReturnType<typeof goldenDatasets>>;

// ---------------------------------------------------------------------------------------------
// Planning and golden files

const plans = new Map<string, Promise<QueryPlan>>();

/** One type probe per engine, as the service has one per request: x-axis expressions are asked of the loaded data. */
const probes = new Map<DialectName, ExpressionTypeProbe>();

function probeFor(engine: DialectName): ExpressionTypeProbe {
  let probe = probes.get(engine);
  if (!probe) {
    const loaded = engines.get(engine);
    if (!loaded) throw new Error(`${engine} is not loaded: the x-axis expressions of the golden contexts need it to be planned`);
    probes.set(engine, (probe = createExpressionTypeProbe(loaded.target)));
  }
  return probe;
}

/** planQuery for a context on an engine, once; a failure names the context and engine. */
function planFor(ctx: GoldenContext, engine: DialectName): Promise<QueryPlan> {
  const key = `${ctx.name}.${engine}`;
  let plan = plans.get(key);
  if (!plan) {
    plan = Promise.resolve().then(() => planQuery({
      user: USER,
      dataset: DATASETS[engine][ctx.dataset],
      query: structuredClone(ctx.query),
      resultType: 'full',
      formData: ctx.formData ? structuredClone(ctx.formData) : null,
      rls: ctx.rls ?? [],
      now: GOLDEN_NOW,
    }, { probe: probeFor(engine) })).catch((error: unknown) => {
      throw new Error(`planQuery failed for context "${ctx.name}" on ${engine}: ${describeError(error)}\nquery object: ${JSON.stringify(ctx.query)}`);
    });
    plans.set(key, plan);
  }
  return plan;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const extra = (error as { error?: { message?: string } }).error?.message;
    return extra && extra !== error.message ? `${error.name}: ${error.message} (${extra})` : `${error.name}: ${error.message}`;
  }
  return String(error);
}

/** The golden file's text: a header, the main query, then each time offset's query. */
function goldenText(ctx: GoldenContext, plan: QueryPlan): string {
  const parts = [`-- ${ctx.name}: ${ctx.covers}`, plan.sql.trim()];
  for (const offset of plan.timeOffsets) parts.push(`-- time offset: ${offset.offset}`, offset.sql.trim());
  return `${parts.join('\n')}\n`;
}

const goldenFile = (ctx: GoldenContext, engine: DialectName) => path.join(GOLDEN_DIR, `${ctx.name}.${engine}.sql`);

// ---------------------------------------------------------------------------------------------
// Engines and the examples data

interface LoadedEngine {
  target: ConnectionTarget;
  drop(): Promise<void>;
}

const engines = new Map<DialectName, LoadedEngine>();

async function loadSqlite(): Promise<LoadedEngine> {
  const temp = tempSqliteFile();
  // loadExamples writes a temp file beside the target and renames it over the empty one.
  await loadExamples({ url: `sqlite:///${temp.file}`, tables: [...GOLDEN_TABLES] });
  return { target: { databaseId: 'golden-sqlite', uri: `sqlite:///${temp.file}` }, drop: async () => temp.remove() };
}

async function loadServer(db: TempDatabase, databaseId: string): Promise<LoadedEngine> {
  await loadExamples({ url: db.url, tables: [...GOLDEN_TABLES] });
  return { target: { databaseId, uri: db.url }, drop: () => db.drop() };
}

beforeAll(async () => {
  const loading: Promise<[DialectName, LoadedEngine]>[] = [loadSqlite().then((e) => ['sqlite', e])];
  if (postgresUp) loading.push(createTempPostgresDatabase('sightline_test_golden').then((db) => loadServer(db, 'golden-pg')).then((e) => ['postgresql', e]));
  if (mariadbUp) loading.push(createTempMariaDatabase('sightline_test_golden').then((db) => loadServer(db, 'golden-maria')).then((e) => ['mysql', e]));
  const settled = await Promise.allSettled(loading);
  for (const s of settled) if (s.status === 'fulfilled') engines.set(s.value[0], s.value[1]);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}, 180_000);

afterAll(async () => {
  await closeAllPools();
  for (const e of engines.values()) await e.drop().catch(() => undefined);
});

// ---------------------------------------------------------------------------------------------
// Normalising and comparing rows

type Cell = null | boolean | number | string;

/** 'YYYY-MM-DD[ T]HH:mm:ss[.fff][Z]' or 'YYYY-MM-DD' (any engine's datetime text) → epoch ms UTC. */
function epochMs(value: unknown): Cell {
  if (typeof value === 'number') return value;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?)?(Z)?$/.exec(String(value));
  if (!m) return `unparsed datetime ${String(value)}`;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0'] = m;
  return Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, Number(frac.slice(0, 3).padEnd(3, '0')));
}

function normaliseCell(value: unknown, kind: 'temporal' | 'boolean' | 'metric' | 'other'): Cell {
  if (value === null || value === undefined) return null;
  if (kind === 'temporal') return epochMs(value);
  if (kind === 'boolean') return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  // Metrics may come back as decimal text (NUMERIC/DECIMAL beyond a double's digits).
  if (kind === 'metric' && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(String(value))) return Number(value);
  return String(value);
}

interface Result {
  columns: string[];
  rows: Cell[][];
}

function columnKinds(plan: QueryPlan, dataset: DatasetSource): ('temporal' | 'boolean' | 'metric' | 'other')[] {
  const booleans = new Set(dataset.columns.filter((c) => c.type_generic === GenericType.BOOLEAN).map((c) => c.column_name));
  return plan.columns.map((c) => (c.temporal ? 'temporal' : booleans.has(c.label) ? 'boolean' : c.metric ? 'metric' : 'other'));
}

async function run(ctx: GoldenContext, engine: DialectName, sql: string, plan: QueryPlan): Promise<Result> {
  const loaded = engines.get(engine)!;
  let result;
  try {
    result = await executeSql({ target: loaded.target, sql });
  } catch (error) {
    throw new Error(`context "${ctx.name}" failed on ${engine}: ${describeError(error)}\nSQL:\n${sql}`);
  }
  const kinds = columnKinds(plan, DATASETS[engine][ctx.dataset]);
  return {
    columns: result.columns.map((c) => c.name),
    rows: result.rows.map((row) => row.map((v, i) => normaliseCell(v, kinds[i] ?? 'other'))),
  };
}

/** Equal, with numbers equal to 1e-9 relative or 1e-3 absolute (MariaDB's AVG keeps 4 decimals). */
function sameCell(a: Cell, b: Cell): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
    return Math.abs(a - b) <= Math.max(1e-3, 1e-9 * Math.max(Math.abs(a), Math.abs(b)));
  }
  return a === b;
}

const sameRow = (a: Cell[], b: Cell[]) => a.length === b.length && a.every((v, i) => sameCell(v, b[i]));

/** A sort key that puts equal rows (within rounding) next to each other: numbers to 3 decimals. */
function rowKey(row: Cell[]): string {
  return JSON.stringify(row.map((v) => (typeof v === 'number' ? [0, Math.round(v * 1000) / 1000] : [typeof v, v])));
}

const sortRows = (rows: Cell[][]) => [...rows].sort((a, b) => (rowKey(a) < rowKey(b) ? -1 : rowKey(a) > rowKey(b) ? 1 : 0));

/** Consecutive runs of rows with equal values in `keys` (column indexes), each run sorted. */
function orderedGroups(rows: Cell[][], keys: number[]): Cell[][][] {
  const groups: Cell[][][] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && keys.every((k) => sameCell(last[0][k], row[k]))) last.push(row);
    else groups.push([row]);
  }
  return groups.map(sortRows);
}

/** Null when the two row lists agree, else where they first differ. */
function diffRows(expected: Cell[][], actual: Cell[][], orderKeys: number[] | null): string | null {
  if (expected.length !== actual.length) return `${actual.length} rows instead of ${expected.length}`;
  const a = orderKeys ? orderedGroups(expected, orderKeys).flat() : sortRows(expected);
  const b = orderKeys ? orderedGroups(actual, orderKeys).flat() : sortRows(actual);
  const at = a.findIndex((row, i) => !sameRow(row, b[i]));
  if (at === -1) return null;
  return `row ${at}${orderKeys ? ' (in order)' : ' (sorted)'}: expected ${JSON.stringify(a[at])}, got ${JSON.stringify(b[at])}`;
}

/** Result column indexes of the query object's orderby, or null (compare as a set) when it has none. */
function orderKeysOf(ctx: GoldenContext, plan: QueryPlan): number[] | null {
  const orderby = ctx.query.orderby;
  if (!Array.isArray(orderby) || orderby.length === 0) return null;
  const labels = plan.columns.map((c) => c.label);
  const keys = orderby.map(([key]: [unknown]) => labels.indexOf(typeof key === 'string' ? key : String((key as { label?: unknown }).label)));
  // An order key that is not a result column cannot be checked from the rows: compare as a set.
  return keys.every((k) => k >= 0) ? keys : null;
}

const frameOf = (columns: string[], result: Result): Frame => ({
  columns,
  rows: result.rows.map((row) => Object.fromEntries(columns.map((l, i) => [l, row[i]]))),
});

/** The rows as the service would answer them: time offsets joined on, then the post-processing. */
function postProcessed(plan: QueryPlan, main: Result, offsets: Result[]): { columns: string[]; rows: Cell[][] } {
  const labels = plan.columns.map((c) => c.label);
  const joined = applyTimeOffsets(
    frameOf(labels, main),
    plan.timeOffsets.map((o, i) => ({ offset: o.offset, frame: frameOf(labels, offsets[i]) })),
    plan,
  );
  const frame = applyPostProcessing(joined, plan.postProcessing);
  return { columns: frame.columns, rows: frame.rows.map((row) => frame.columns.map((c) => (row[c] ?? null) as Cell)) };
}

// ---------------------------------------------------------------------------------------------
// The tests

describe('the golden query contexts', () => {
  it('are at least 40, named uniquely, and cover every filter operator and time grain', () => {
    expect(GOLDEN_CONTEXTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(GOLDEN_CONTEXTS.map((c) => c.name)).size).toBe(GOLDEN_CONTEXTS.length);
    const ops = new Set(GOLDEN_CONTEXTS.flatMap((c) => ((c.query.filters as { op: string }[] | undefined) ?? []).map((f) => f.op)));
    for (const op of ['==', '!=', '>', '<', '>=', '<=', 'IN', 'NOT IN', 'LIKE', 'ILIKE', 'IS NULL', 'IS NOT NULL', 'IS TRUE', 'IS FALSE', 'TEMPORAL_RANGE']) {
      expect(ops, op).toContain(op);
    }
    const grains = new Set(
      GOLDEN_CONTEXTS.flatMap((c) => [
        ...((c.query.columns as { timeGrain?: string }[] | undefined) ?? []).map((col) => col.timeGrain),
        (c.query.extras as { time_grain_sqla?: string } | undefined)?.time_grain_sqla,
      ]),
    );
    for (const { code } of TIME_GRAINS) expect(grains, code).toContain(code);
  });

  it('have no orphan golden files', () => {
    const expected = new Set(GOLDEN_CONTEXTS.flatMap((c) => ENGINES.map((e) => path.basename(goldenFile(c, e)))));
    const present = fs.existsSync(GOLDEN_DIR) ? fs.readdirSync(GOLDEN_DIR) : [];
    const orphans = present.filter((f) => !expected.has(f));
    if (UPDATE) for (const f of orphans) fs.rmSync(path.join(GOLDEN_DIR, f));
    else expect(orphans, 'golden files of no context (UPDATE_GOLDEN=1 removes them)').toEqual([]);
  });
});

describe.each(GOLDEN_CONTEXTS.map((ctx) => [ctx.name, ctx] as const))('%s', (_name, ctx) => {
  it.each(ENGINES)('compiles to its golden SQL on %s', async (engine) => {
    const plan = await planFor(ctx, engine);
    const text = goldenText(ctx, plan);
    const file = goldenFile(ctx, engine);
    if (UPDATE) {
      fs.mkdirSync(GOLDEN_DIR, { recursive: true });
      fs.writeFileSync(file, text);
      return;
    }
    expect(fs.existsSync(file), `${path.relative(process.cwd(), file)} is missing: run with UPDATE_GOLDEN=1 and review it`).toBe(true);
    expect(text, `${ctx.name} on ${engine} differs from ${path.relative(process.cwd(), file)} (UPDATE_GOLDEN=1 rewrites it)`).toBe(fs.readFileSync(file, 'utf8'));
    if (ctx.colnames) expect(plan.columns.map((c) => c.label), `${ctx.name} on ${engine}: colnames`).toEqual(ctx.colnames);
    for (const text of ctx.sqlHas ?? []) expect(plan.sql, `${ctx.name} on ${engine}: the SQL must contain ${text}`).toContain(text);
    for (const text of ctx.sqlLacks ?? []) expect(plan.sql, `${ctx.name} on ${engine}: the SQL must not contain ${text}`).not.toContain(text);
  });

  it('answers the same rows on SQLite, PostgreSQL and MariaDB', async () => {
    // The engines answer at the same time: each is a different server (or file).
    const answers = await Promise.all(
      [...engines.keys()].map(async (engine) => {
        const plan = await planFor(ctx, engine);
        const main = await run(ctx, engine, plan.sql, plan);
        const offsets: Result[] = [];
        for (const offset of plan.timeOffsets) offsets.push(await run(ctx, engine, offset.sql, plan));
        return { engine, plan, main, offsets };
      }),
    );
    for (const { engine, plan, main } of answers) {
      // The driver's column names are the plan's labels: aliases survive each engine's quoting and case rules.
      expect(main.columns, `${ctx.name} on ${engine}: result columns\nSQL:\n${plan.sql}`).toEqual(plan.columns.map((c) => c.label));
      if (ctx.rowcount !== undefined) expect(main.rows.length, `${ctx.name} on ${engine}: row count\nSQL:\n${plan.sql}`).toBe(ctx.rowcount);
    }
    const [reference, ...others] = answers;
    for (const other of others) {
      const keys = orderKeysOf(ctx, other.plan);
      const where = `${ctx.name}: ${other.engine} disagrees with ${reference.engine}`;
      expect(other.plan.columns, where).toEqual(reference.plan.columns);
      expect(diffRows(reference.main.rows, other.main.rows, keys), `${where}\n${reference.engine} SQL:\n${reference.plan.sql}\n${other.engine} SQL:\n${other.plan.sql}`).toBeNull();
      expect(other.offsets.length, where).toBe(reference.offsets.length);
      other.offsets.forEach((rows, i) => {
        const offset = other.plan.timeOffsets[i];
        expect(diffRows(reference.offsets[i].rows, rows.rows, null), `${where}, time offset ${offset.offset}\n${other.engine} SQL:\n${offset.sql}`).toBeNull();
      });
      if (other.plan.postProcessing.length || other.plan.timeOffsets.length) {
        const a = postProcessed(reference.plan, reference.main, reference.offsets);
        const b = postProcessed(other.plan, other.main, other.offsets);
        expect(b.columns, `${where}, after time offsets and post-processing`).toEqual(a.columns);
        expect(diffRows(a.rows, b.rows, null), `${where}, after time offsets and post-processing`).toBeNull();
      }
    }
  });
});
