/**
 * The SQL of app/lib/sql/dialects evaluated by the real engines (a SQLite file, PostgreSQL and
 * MariaDB, each in a database of its own) through the engines' own execution path: every time
 * grain over timestamps chosen at week, month, year and DST edges must give the bucket a plain
 * UTC calculation gives, on all three engines alike, whatever the session's time zone; literals
 * must read back as the values they were written from; limits, casts and epochs must agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type SqlDialect } from '~/lib/sql/dialects';
import { TIME_GRAINS, type TimeGrainCode } from '~/lib/sql/time-grains';
import { executeSql } from '~/server/engines/execute.server';
import { closeAllPools, type ConnectionTarget } from '~/server/engines/pools.server';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { createTempMariaDatabase, serviceAvailable, tempSqliteFile } from '../helpers/engine-fixtures';

const postgresUp = await serviceAvailable('postgresql');
const mariadbUp = await serviceAvailable('mariadb');

/** Each timestamp with its weekday, for the reader: the buckets below are computed, not listed. */
const TIMESTAMPS = [
  '2024-03-06 13:47:31', // Wednesday
  '2024-03-03 00:00:00', // Sunday, midnight: its own Sunday-start week
  '2024-03-09 23:59:59', // Saturday, last second: its own ending-Saturday week
  '2024-03-10 02:30:00', // Sunday; a wall-clock time that does not exist in US time zones that day
  '2023-12-31 23:59:59', // Sunday, the year's last second
  '2024-02-29 06:05:04', // Thursday, leap day
  '2024-11-03 01:30:00', // Sunday; ambiguous in US time zones that day
  '2025-01-01 00:00:00', // Wednesday: a Monday-start week that began in the year before
];

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The bucket of `text` (a UTC wall clock) by `grain`, computed in JavaScript from UTC components. */
function expectedBucket(text: string, grain: TimeGrainCode): string {
  const t = Date.parse(`${text.replace(' ', 'T')}Z`);
  const d = new Date(t);
  const [y, mo, day, h, mi, s] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
  const midnight = Date.UTC(y, mo, day);
  const sinceSunday = d.getUTCDay();
  const sinceMonday = (sinceSunday + 6) % 7;
  const floorTo = (n: number, step: number) => Math.floor(n / step) * step;
  const buckets: Record<TimeGrainCode, number> = {
    PT1S: t,
    PT5S: Date.UTC(y, mo, day, h, mi, floorTo(s, 5)),
    PT30S: Date.UTC(y, mo, day, h, mi, floorTo(s, 30)),
    PT1M: Date.UTC(y, mo, day, h, mi),
    PT5M: Date.UTC(y, mo, day, h, floorTo(mi, 5)),
    PT10M: Date.UTC(y, mo, day, h, floorTo(mi, 10)),
    PT15M: Date.UTC(y, mo, day, h, floorTo(mi, 15)),
    PT30M: Date.UTC(y, mo, day, h, floorTo(mi, 30)),
    'PT0.5H': Date.UTC(y, mo, day, h, floorTo(mi, 30)),
    PT1H: Date.UTC(y, mo, day, h),
    PT6H: Date.UTC(y, mo, day, floorTo(h, 6)),
    P1D: midnight,
    P1W: midnight - sinceMonday * DAY,
    '1969-12-28T00:00:00Z/P1W': midnight - sinceSunday * DAY,
    '1969-12-29T00:00:00Z/P1W': midnight - sinceMonday * DAY,
    'P1W/1970-01-03T00:00:00Z': midnight + (6 - sinceSunday) * DAY,
    'P1W/1970-01-04T00:00:00Z': midnight + (6 - sinceMonday) * DAY,
    P1M: Date.UTC(y, mo, 1),
    P3M: Date.UTC(y, floorTo(mo, 3), 1),
    'P0.25Y': Date.UTC(y, floorTo(mo, 3), 1),
    P1Y: Date.UTC(y, 0, 1),
  };
  return iso(buckets[grain]);
}

/** What a driver answered for a date or timestamp, as 'YYYY-MM-DD HH:MM:SS[.fff]' (a date alone at midnight). */
function wallClock(value: unknown): string {
  const text = value instanceof Date ? value.toISOString() : String(value);
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2})(\.\d+)?)?/.exec(text);
  if (!m) throw new Error(`not a date or timestamp: ${JSON.stringify(value)}`);
  const fraction = m[3] ? m[3].slice(0, 4).padEnd(4, '0') : '';
  return `${m[1]} ${m[2] ?? '00:00:00'}${fraction === '.000' ? '' : fraction}`;
}

interface Engine {
  dialect: SqlDialect;
  target: () => ConnectionTarget;
  /** Statements that set the session's time zone, for each zone the engine is tried under. */
  zones: string[];
}

const sqliteFile = tempSqliteFile();
let postgres: TempDatabase | null = null;
let mariadb: TempDatabase | null = null;

const byName = Object.fromEntries(DIALECTS.map((d) => [d.name, d]));
const ENGINES: Engine[] = [
  { dialect: byName.sqlite, target: () => ({ databaseId: 'dialects-sqlite', uri: `sqlite:///${sqliteFile.file}` }), zones: [''] },
  ...(postgresUp
    ? [{ dialect: byName.postgresql, target: () => ({ databaseId: 'dialects-pg', uri: postgres!.url }), zones: ["SET TIME ZONE 'UTC'", "SET TIME ZONE 'America/Los_Angeles'", "SET TIME ZONE 'Asia/Kolkata'"] }]
    : []),
  ...(mariadbUp ? [{ dialect: byName.mysql, target: () => ({ databaseId: 'dialects-maria', uri: mariadb!.url }), zones: ["SET time_zone = '+00:00'", "SET time_zone = '-08:00'", "SET time_zone = '+05:30'"] }] : []),
];

/** One row of `expressions`, evaluated by the engine after `setup`. */
async function evaluate(engine: Engine, expressions: string[], setup = ''): Promise<unknown[]> {
  const select = `SELECT ${expressions.map((e, i) => `${e} AS v${i}`).join(', ')}`;
  const result = await executeSql({ target: engine.target(), sql: setup ? `${setup}; ${select}` : select });
  return result.rows[0];
}

beforeAll(async () => {
  if (postgresUp) postgres = await createTempPostgresDatabase('sightline_test_dialects');
  if (mariadbUp) mariadb = await createTempMariaDatabase('sightline_test_dialects');
});

afterAll(async () => {
  await closeAllPools();
  await postgres?.drop();
  await mariadb?.drop();
  sqliteFile.remove();
});

describe('time grains on the real engines', () => {
  it('the examples: Wednesday 2024-03-06 13:47:31 is in the week starting Sunday 03-03 and ending Saturday 03-09', () => {
    expect(expectedBucket('2024-03-06 13:47:31', '1969-12-28T00:00:00Z/P1W')).toBe('2024-03-03 00:00:00');
    expect(expectedBucket('2024-03-06 13:47:31', 'P1W/1970-01-03T00:00:00Z')).toBe('2024-03-09 00:00:00');
    expect(expectedBucket('2024-03-06 13:47:31', 'P1W')).toBe('2024-03-04 00:00:00');
    expect(expectedBucket('2024-03-06 13:47:31', 'P1W/1970-01-04T00:00:00Z')).toBe('2024-03-10 00:00:00');
    expect(expectedBucket('2024-03-06 13:47:31', 'PT5M')).toBe('2024-03-06 13:45:00');
    expect(expectedBucket('2025-01-01 00:00:00', 'P1W')).toBe('2024-12-30 00:00:00');
  });

  it.each(ENGINES.map((e) => [e.dialect.name, e] as const))('%s buckets every timestamp by every grain as UTC arithmetic does, in every session time zone', async (_name, engine) => {
    const codes = TIME_GRAINS.map((g) => g.code);
    for (const zone of engine.zones) {
      for (const at of TIMESTAMPS) {
        const row = await evaluate(engine, codes.map((code) => engine.dialect.timeGrain(code, engine.dialect.datetimeLiteral(at))), zone);
        const got = Object.fromEntries(codes.map((code, i) => [code, wallClock(row[i])]));
        const want = Object.fromEntries(codes.map((code) => [code, expectedBucket(at, code)]));
        expect(got, `${engine.dialect.name} ${zone} ${at}`).toEqual(want);
      }
    }
  });
});

describe('literals, casts, epochs and limits on the real engines', () => {
  const STRINGS = ["it's", 'back\\slash', "\\'; SELECT 1; --", "''", '\\', 'naïve – ✓', 'line\nbreak', '"`$$'];

  it.each(ENGINES.map((e) => [e.dialect.name, e] as const))('%s reads each literal back as the value it was written from', async (_name, engine) => {
    const d = engine.dialect;
    expect(await evaluate(engine, STRINGS.map((s) => d.literal(s)))).toEqual(STRINGS);
    const [n, big, t, f, nil] = await evaluate(engine, [d.literal(-2.5), d.literal(9007199254740993n), d.literal(true), d.literal(false), d.literal(null)]);
    expect([Number(n), String(big), Number(t), Number(f), nil]).toEqual([-2.5, '9007199254740993', 1, 0, null]);
    const at = new Date(Date.UTC(2024, 2, 6, 13, 47, 31, 250));
    for (const zone of engine.zones) {
      const row = await evaluate(engine, [d.dateLiteral(at), d.datetimeLiteral(at), d.literal(at), d.datetimeLiteral('2024-03-10 02:30:00')], zone);
      expect(row.map(wallClock), `${d.name} ${zone}`).toEqual(['2024-03-06 00:00:00', '2024-03-06 13:47:31.250', '2024-03-06 13:47:31.250', '2024-03-10 02:30:00']);
    }
  });

  it.each(ENGINES.map((e) => [e.dialect.name, e] as const))('%s turns epochs into the UTC wall clock, whatever the session time zone', async (_name, engine) => {
    const d = engine.dialect;
    const seconds = Date.UTC(2024, 2, 6, 13, 47, 31) / 1000;
    for (const zone of engine.zones) {
      const row = await evaluate(engine, [d.epochToTimestamp(String(seconds), 'seconds'), d.epochToTimestamp(`${seconds * 1000 + 250}`, 'milliseconds'), d.epochToTimestamp('0', 'seconds')], zone);
      expect(row.map(wallClock), `${d.name} ${zone}`).toEqual(['2024-03-06 13:47:31', '2024-03-06 13:47:31.250', '1970-01-01 00:00:00']);
    }
  });

  it.each(ENGINES.map((e) => [e.dialect.name, e] as const))('%s casts to each type', async (_name, engine) => {
    const d = engine.dialect;
    const [text, integer, float, date, timestamp] = await evaluate(engine, [
      d.cast('42', 'text'),
      d.cast(d.literal('42'), 'integer'),
      d.cast(d.literal('2.5'), 'float'),
      d.cast(d.literal('2024-03-06 13:47:31'), 'date'),
      d.cast(d.literal('2024-03-06 13:47:31'), 'timestamp'),
    ]);
    expect([text, Number(integer), Number(float), wallClock(date), wallClock(timestamp)]).toEqual(['42', 42, 2.5, '2024-03-06 00:00:00', '2024-03-06 13:47:31']);
  });

  it.each(ENGINES.map((e) => [e.dialect.name, e] as const))('%s pages with LIMIT and OFFSET, an offset alone, and the limiting subquery', async (_name, engine) => {
    const d = engine.dialect;
    const numbers = 'SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5';
    const run = async (sql: string) => (await executeSql({ target: engine.target(), sql })).rows.map((r) => Number(r[0]));
    expect(await run(`SELECT n FROM (${numbers}) AS t ORDER BY n ${d.limitClause(2, 1)}`)).toEqual([2, 3]);
    expect(await run(`SELECT n FROM (${numbers}) AS t ORDER BY n ${d.limitClause(null, 3)}`)).toEqual([4, 5]);
    expect(await run(d.wrapWithLimit(`SELECT n FROM (${numbers}) AS t ORDER BY n -- trailing comment`, 2))).toHaveLength(2);
    const quoted = d.quoteIdentifier('we"ird`name');
    expect((await executeSql({ target: engine.target(), sql: `SELECT 1 AS ${quoted}` })).columns.map((c) => c.name)).toEqual(['we"ird`name']);
  });
});
