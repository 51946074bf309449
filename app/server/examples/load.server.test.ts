import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { loadExamples, parseWarehouseUrl, sqliteWarehouseIsCurrent, WAREHOUSE_VERSION } from './load.server';
import { EXAMPLE_TABLES, exampleTable } from './tables.server';

type Rec = Record<string, unknown>;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-examples-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sha256 = (file: string): string => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function openReadOnly(file: string): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (err) => (err ? reject(err) : resolve(db)));
  });
}

function all(db: sqlite3.Database, sql: string): Promise<Rec[]> {
  return new Promise((resolve, reject) => db.all(sql, (err: Error | null, rows: Rec[]) => (err ? reject(err) : resolve(rows))));
}

async function counts(db: sqlite3.Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of EXAMPLE_TABLES) out[t.name] = Number((await all(db, `SELECT COUNT(*) AS n FROM "${t.name}"`))[0].n);
  return out;
}

describe('SQLite warehouse at scale 1', () => {
  const a = path.join(dir, 'nested', 'a.sqlite');
  const b = path.join(dir, 'b.db');
  let db: sqlite3.Database;
  const q = (sql: string): Promise<Rec[]> => all(db, sql);
  const one = async (sql: string): Promise<Rec> => (await q(sql))[0];

  beforeAll(async () => {
    const messages: string[] = [];
    const result = await loadExamples({ url: `sqlite:///${path.relative(process.cwd(), a)}`, onProgress: (m) => messages.push(m) });
    expect(result.tables.map((t) => t.name)).toEqual(EXAMPLE_TABLES.map((t) => t.name));
    expect(messages.some((m) => /^flights: 40% /.test(m))).toBe(true);
    await loadExamples({ url: b });
    db = await openReadOnly(a);
  }, 180_000);
  afterAll(() => new Promise<void>((resolve) => (db ? db.close(() => resolve()) : resolve())));

  it('is byte-identical across runs and leaves no temporary file', () => {
    expect(sha256(a)).toBe(sha256(b));
    expect(fs.readdirSync(path.dirname(a))).toEqual(['a.sqlite']);
  });

  it('records the table set in its header, so a stale or partial warehouse is rebuilt', async () => {
    expect(Number((await one('PRAGMA user_version')).user_version)).toBe(WAREHOUSE_VERSION);
    expect(await sqliteWarehouseIsCurrent(a)).toBe(true);
    expect(await sqliteWarehouseIsCurrent(path.join(dir, 'missing.sqlite'))).toBe(false);
    const partial = path.join(dir, 'partial.sqlite');
    await loadExamples({ url: partial, tables: ['energy_usage'] });
    expect(await sqliteWarehouseIsCurrent(partial)).toBe(false);
  });

  it('holds the declared number of rows in every table', async () => {
    const expected = Object.fromEntries(EXAMPLE_TABLES.map((t) => [t.name, t.rowCount(1)]));
    expect(await counts(db)).toEqual(expected);
    expect(expected).toMatchObject({ wb_health_population: 214 * 55, energy_usage: 85, cleaned_sales_data: 2823, long_lat: 10_000 });
    expect(expected).toMatchObject({
      'FCC 2018 Survey': 28_397, covid_vaccines: 265, channels: 64, channel_members: 8368, users: 2505, users_channels: 8368,
      messages: 4684, threads: 85, exported_stats: 1141, unicode_test: 41,
    });
    expect(expected.birth_names).toBeGreaterThan(70_000);
    expect(expected.flights).toBeGreaterThan(50_000);
  });

  it('keeps upper-case column names as declared', async () => {
    const cols = (await q(`PRAGMA table_info("wb_health_population")`)).map((c) => c.name);
    expect(cols).toContain('SP_POP_TOTL');
    expect(cols.length - 4).toBeGreaterThanOrEqual(20);
    expect((await q(`PRAGMA table_info("flights")`)).map((c) => c.name)).toEqual(exampleTable('flights')!.columns.map((c) => c.name));
  });

  it('birth_names: 11 states, 250 names, 1965–2008, counts consistent with gender', async () => {
    expect(await one(`SELECT COUNT(DISTINCT state) s, COUNT(DISTINCT name) n, MIN(ds) lo, MAX(ds) hi, COUNT(DISTINCT ds) y FROM birth_names`))
      .toEqual({ s: 11, n: 250, lo: '1965-01-01 00:00:00', hi: '2008-01-01 00:00:00', y: 44 });
    expect((await q(`SELECT DISTINCT state FROM birth_names ORDER BY state`)).map((r) => r.state))
      .toEqual(['CA', 'FL', 'IL', 'MA', 'MI', 'NJ', 'NY', 'OH', 'PA', 'TX', 'other']);
    expect(await one(`SELECT COUNT(*) bad FROM birth_names WHERE num < 1 OR num_boys + num_girls <> num
      OR (gender = 'boy' AND num_girls <> 0) OR (gender = 'girl' AND num_boys <> 0) OR gender NOT IN ('boy', 'girl')`)).toEqual({ bad: 0 });
    // Each name mostly belongs to one gender.
    const mixed = await one(`SELECT COUNT(*) n FROM (SELECT name FROM birth_names GROUP BY name HAVING COUNT(DISTINCT gender) > 1)`);
    expect(Number(mixed.n)).toBeGreaterThan(0);
    expect(Number(mixed.n)).toBeLessThan(25);
  });

  it('wb_health_population: 214 economies in 7 regions, 1960–2014', async () => {
    expect(await one(`SELECT COUNT(DISTINCT country_code) c, COUNT(DISTINCT country_name) n, COUNT(DISTINCT region) r,
      MIN(year) lo, MAX(year) hi FROM wb_health_population`))
      .toEqual({ c: 214, n: 214, r: 7, lo: '1960-01-01 00:00:00', hi: '2014-01-01 00:00:00' });
    expect((await q(`SELECT DISTINCT country_name FROM wb_health_population WHERE region = 'North America' ORDER BY 1`))
      .map((r) => r.country_name)).toEqual(['Bermuda', 'Canada', 'United States']);
    expect(await one(`SELECT COUNT(*) bad FROM wb_health_population WHERE length(country_code) <> 3 OR SP_POP_TOTL IS NULL
      OR ABS(SP_POP_0014_TO_ZS + SP_POP_1564_TO_ZS + SP_POP_65UP_TO_ZS - 100) > 0.01`)).toEqual({ bad: 0 });
    expect(Number((await one(`SELECT COUNT(*) n FROM wb_health_population WHERE NY_GDP_MKTP_CD IS NULL`)).n)).toBeGreaterThan(0);
    const china = await q(`SELECT SP_POP_TOTL p FROM wb_health_population WHERE country_code = 'CHN' ORDER BY year`);
    expect(Number(china[54].p)).toBeGreaterThan(Number(china[0].p));
  });

  it('flights: 2015, 14 airlines, reasons only for cancellations', async () => {
    expect(await one(`SELECT COUNT(DISTINCT AIRLINE) a, MIN(ds) >= '2015-01-01' lo, MAX(ds) < '2016-01-01' hi,
      COUNT(DISTINCT ORIGIN_AIRPORT) <= 60 o FROM flights`)).toEqual({ a: 14, lo: 1, hi: 1, o: 1 });
    expect(await one(`SELECT COUNT(*) bad FROM flights WHERE (CANCELLED = 1) <> (CANCELLATION_REASON IS NOT NULL)
      OR length(ORIGIN_AIRPORT) <> 3 OR ORIGIN_AIRPORT = DESTINATION_AIRPORT OR YEAR <> 2015 OR LATITUDE IS NULL`)).toEqual({ bad: 0 });
    expect(Number((await one(`SELECT SUM(CANCELLED) n FROM flights`)).n)).toBeGreaterThan(100);
  });

  it('cleaned_sales_data, video_game_sales, energy_usage, random_time_series, long_lat look right', async () => {
    expect(await one(`SELECT COUNT(DISTINCT product_line) l, MIN(year) lo, MAX(year) hi,
      SUM(deal_size <> CASE WHEN sales < 3000 THEN 'Small' WHEN sales < 7000 THEN 'Medium' ELSE 'Large' END) bad FROM cleaned_sales_data`))
      .toEqual({ l: 7, lo: 2003, hi: 2005, bad: 0 });
    expect((await one(`SELECT status s FROM cleaned_sales_data GROUP BY status ORDER BY COUNT(*) DESC`)).s).toBe('Shipped');
    expect(await one(`SELECT MIN(year) lo, MAX(year) hi, COUNT(DISTINCT rank) = COUNT(*) uniq,
      SUM(ABS(na_sales + eu_sales + jp_sales + other_sales - global_sales) > 0.005) bad FROM video_game_sales`))
      .toEqual({ lo: 1980, hi: 2016, uniq: 1, bad: 0 });
    const edges = await q(`SELECT source, target, value FROM energy_usage`);
    expect(edges).toHaveLength(85);
    expect(isAcyclic(edges.map((e) => [String(e.source), String(e.target)]))).toBe(true);
    expect(await one(`SELECT MIN(ds) >= '2019-01-01' lo, MAX(ds) < '2021-01-01' hi FROM random_time_series`)).toEqual({ lo: 1, hi: 1 });
    expect(await one(`SELECT MIN(occupancy) o1, MAX(occupancy) o6, MIN(radius_miles) >= 1 r1, MAX(radius_miles) <= 3 r3,
      AVG(LAT) BETWEEN 37.7 AND 37.82 lat, AVG(LON) BETWEEN -122.52 AND -122.35 lon FROM long_lat`))
      .toEqual({ o1: 1, o6: 6, r1: 1, r3: 1, lat: 1, lon: 1 });
  });
});

describe('SQLite warehouse: the tables of Superset\'s example bundles', () => {
  let db: sqlite3.Database;
  const q = (sql: string): Promise<Rec[]> => all(db, sql);
  const one = async (sql: string): Promise<Rec> => (await q(sql))[0];
  beforeAll(async () => {
    const file = path.join(dir, 'bundles.sqlite');
    await loadExamples({ url: file, tables: BUNDLE_TABLES });
    db = await openReadOnly(file);
  }, 120_000);
  afterAll(() => new Promise<void>((resolve) => (db ? db.close(() => resolve()) : resolve())));

  it('FCC 2018 Survey: developers and aspiring developers answer their own questions', async () => {
    const fcc = '"FCC 2018 Survey"';
    const shape = await one(`SELECT COUNT(*) n, SUM(is_software_dev) devs, COUNT(DISTINCT lang_at_home) langs, MIN(time_start) lo, MAX(time_start) hi FROM ${fcc}`);
    expect(Number(shape.devs) / Number(shape.n)).toBeGreaterThan(0.15);
    expect(Number(shape.devs) / Number(shape.n)).toBeLessThan(0.3);
    expect(Number(shape.langs)).toBeGreaterThanOrEqual(15);
    expect(String(shape.lo) >= '2018-03-08' && String(shape.hi) < '2018-06-01').toBe(true);
    expect(await one(`SELECT COUNT(*) bad FROM ${fcc} WHERE (is_software_dev = 1 AND (job_pref IS NOT NULL OR expected_earn IS NOT NULL))
      OR (is_software_dev = 0 AND (communite_time IS NOT NULL OR is_first_dev_job IS NOT NULL)) OR age < 10 OR length(ID) <> 32`)).toEqual({ bad: 0 });
    // The calculated columns' CASE branches all match some rows.
    const degrees = (await q(`SELECT DISTINCT school_degree d FROM ${fcc} WHERE school_degree IS NOT NULL`)).map((r) => r.d);
    expect(degrees).toHaveLength(10);
    expect(degrees).toContain("bachelor's degree");
    expect((await q(`SELECT DISTINCT gender g FROM ${fcc} ORDER BY 1`)).map((r) => r.g)).toEqual([null, 'Agender', 'Female', 'Genderqueer', 'Male', 'Trans']);
  });

  it('Slack: ids agree across channels, members, users, messages and threads', async () => {
    expect(await one(`SELECT COUNT(*) bad FROM channel_members cm LEFT JOIN channels c ON c.id = cm.channel_id
      LEFT JOIN users u ON u.id = cm.user_id WHERE c.id IS NULL OR u.id IS NULL`)).toEqual({ bad: 0 });
    expect(await one(`SELECT SUM(num_members) n, SUM(is_general) g, COUNT(DISTINCT name) names FROM channels`)).toEqual({ n: 8368, g: 1, names: 64 });
    expect(await one(`SELECT num_members n FROM channels WHERE name = 'general'`)).toEqual({ n: 2505 });
    expect(await one(`SELECT COUNT(*) n FROM users_channels uc JOIN channels c ON c.name = uc.name JOIN channel_members cm
      ON cm.channel_id = c.id AND cm.user_id = uc.user_id`)).toEqual({ n: 8368 });
    expect(await one(`SELECT COUNT(*) n, SUM(t.reply_count) replies FROM threads t JOIN messages m ON m.thread_ts = t.thread_ts
      AND m.client_msg_id = t.client_msg_id`)).toMatchObject({ n: 85 });
    const replies = await one(`SELECT COUNT(*) n FROM messages WHERE parent_user_id IS NOT NULL OR (thread_ts IS NOT NULL AND reply_count IS NULL)`);
    expect(replies.n).toBe(Number((await one('SELECT SUM(reply_count) n FROM threads')).n));
    expect(Number((await one(`SELECT COUNT(*) n FROM messages m JOIN channels c ON c.id = m.channel_id WHERE c.name = 'github-notifications'
      AND m.subtype = 'bot_message'`)).n)).toBeGreaterThan(500);
    expect(Number((await one(`SELECT COUNT(*) n FROM threads WHERE ts >= '2020-08-05' AND ts < '2020-09-06'`)).n)).toBeGreaterThan(10);
    const stats = await one(`SELECT MIN(date) lo, MAX(date) hi, MIN(total_membership) first, MAX(total_membership) last FROM exported_stats`);
    expect(stats).toEqual({ lo: '2017-07-26 00:00:00', hi: '2020-09-08 00:00:00', first: 40, last: 2505 });
    expect(await one(`SELECT COUNT(*) bad FROM (SELECT total_membership - LAG(total_membership) OVER (ORDER BY date) d FROM exported_stats) x
      WHERE d < 0`)).toEqual({ bad: 0 });
  });

  it('covid_vaccines and unicode_test', async () => {
    expect((await q(`SELECT DISTINCT stage_of_development s FROM covid_vaccines ORDER BY 1`)).map((r) => r.s))
      .toEqual(['Authorized', 'Phase I', 'Phase I/II', 'Phase II', 'Phase III', 'Pre-clinical']);
    expect(await one(`SELECT COUNT(*) bad FROM covid_vaccines WHERE length(ioc_country_code) <> 3 OR treatment_vs_vaccine <> 'Vaccine'`)).toEqual({ bad: 0 });
    const phrases = await q(`SELECT phrase, short_phrase, with_missing FROM unicode_test`);
    expect(phrases.map((r) => r.phrase)).toContain('こんにちは世界');
    expect(phrases.map((r) => r.phrase)).toContain('مرحبا بالعالم');
    expect(phrases.filter((r) => r.with_missing === null)).toHaveLength(13);
    for (const r of phrases) {
      expect([...String(r.short_phrase)].length).toBeLessThanOrEqual(10);
      expect(String(r.phrase).startsWith(String(r.short_phrase))).toBe(true);
    }
  });
});

function isAcyclic(edges: [string, string][]): boolean {
  const out = new Map<string, string[]>();
  for (const [s, t] of edges) out.set(s, [...(out.get(s) ?? []), t]);
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (n: string): boolean => {
    if (state.get(n) === 'done') return true;
    if (state.get(n) === 'visiting') return false;
    state.set(n, 'visiting');
    const ok = (out.get(n) ?? []).every(visit);
    state.set(n, 'done');
    return ok;
  };
  return [...out.keys()].every(visit);
}

describe('scale', () => {
  it('--scale 2 doubles the fact tables and keeps the dimension tables', async () => {
    const file = path.join(dir, 'scale2.sqlite');
    await loadExamples({ url: `sqlite:${file}`, scale: 2 });
    const db = await openReadOnly(file);
    try {
      const got = await counts(db);
      for (const t of EXAMPLE_TABLES) {
        expect(got[t.name], t.name).toBe(t.scalable ? 2 * t.rowCount(1) : t.rowCount(1));
      }
      expect(EXAMPLE_TABLES.filter((t) => t.scalable).map((t) => t.name).sort()).toEqual(
        ['birth_names', 'cleaned_sales_data', 'flights', 'long_lat', 'random_time_series', 'video_game_sales'],
      );
    } finally {
      await new Promise<void>((resolve) => db.close(() => resolve()));
    }
  }, 180_000);
});

describe('URLs and failures', () => {
  it('understands the SQLAlchemy URL forms', () => {
    expect(parseWarehouseUrl('sqlite:///var/x.db')).toEqual({ dialect: 'sqlite', file: path.resolve('var/x.db') });
    expect(parseWarehouseUrl('sqlite:////abs/x.db')).toEqual({ dialect: 'sqlite', file: '/abs/x.db' });
    expect(parseWarehouseUrl('sqlite:var/x.sqlite')).toEqual({ dialect: 'sqlite', file: path.resolve('var/x.sqlite') });
    expect(parseWarehouseUrl('data/w.sqlite')).toEqual({ dialect: 'sqlite', file: path.resolve('data/w.sqlite') });
    expect(parseWarehouseUrl('postgresql+psycopg2://u:p%40ss@db.example:6543/wh')).toEqual({
      dialect: 'postgres', host: 'db.example', port: 6543, user: 'u', password: 'p@ss', database: 'wh', ssl: false,
    });
    expect(parseWarehouseUrl('postgres://h/wh?sslmode=require')).toMatchObject({ dialect: 'postgres', port: 5432, ssl: true });
    for (const scheme of ['mysql', 'mysql+mysqldb', 'mysql+pymysql', 'mariadb']) {
      expect(parseWarehouseUrl(`${scheme}://root@127.0.0.1/wh`)).toMatchObject({ dialect: 'mysql', port: 3306, database: 'wh' });
    }
  });

  it('rejects unknown and malformed URLs with a message naming the problem', () => {
    expect(() => parseWarehouseUrl('oracle://h/db')).toThrow(/unsupported URL scheme "oracle"/);
    expect(() => parseWarehouseUrl('postgresql+jdbc://h/db')).toThrow(/unsupported driver "\+jdbc"/);
    expect(() => parseWarehouseUrl('postgresql://u:secret@h:port/db')).toThrow(/malformed PostgreSQL URL/);
    expect(() => parseWarehouseUrl('postgresql://u:secret@h:port/db')).not.toThrow(/secret/);
    expect(() => parseWarehouseUrl('mysql://h:3306/')).toThrow(/must name one database/);
    expect(() => parseWarehouseUrl('sqlite://')).toThrow(/names no file/);
    expect(() => parseWarehouseUrl('warehouse.csv')).toThrow(/not a database URL/);
  });

  it('names the host, port and database it could not reach', async () => {
    await expect(loadExamples({ url: 'postgresql://postgres:pw@127.0.0.1:1/nowhere' })).rejects.toThrow(
      /cannot connect to PostgreSQL at 127\.0\.0\.1:1, database "nowhere"/,
    );
    await expect(loadExamples({ url: 'mysql://root@127.0.0.1:1/nowhere' })).rejects.toThrow(
      /cannot connect to MySQL\/MariaDB at 127\.0\.0\.1:1, database "nowhere"/,
    );
  });

  it('rejects a bad scale or table name before touching the target', async () => {
    const file = path.join(dir, 'never.sqlite');
    await expect(loadExamples({ url: file, scale: 0 })).rejects.toThrow(/scale must be a positive integer/);
    await expect(loadExamples({ url: file, tables: ['nope'] })).rejects.toThrow(/unknown example table/);
    expect(fs.existsSync(file)).toBe(false);
  });
});

/** Connects to a server's admin database, or says why it cannot; in CI an unreachable server is a failure. */
async function requireServer<T>(ctx: TestContext, what: string, connect: () => Promise<T>): Promise<T> {
  try {
    return await connect();
  } catch (err) {
    const reason = `${what} not reachable: ${err instanceof Error ? err.message : String(err)}`;
    if (process.env.CI === 'true') throw new Error(reason);
    return ctx.skip(`skipped: ${reason}`);
  }
}

const dbName = (): string => `sightline_test_examples_${crypto.randomBytes(4).toString('hex')}`;
const BUNDLE_TABLES = ['FCC 2018 Survey', 'covid_vaccines', 'channels', 'channel_members', 'users', 'users_channels', 'messages', 'threads',
  'exported_stats', 'unicode_test'];
// Every logical type and storage, upper-case column names and unicode, without the two biggest tables, to stay quick.
const SERVER_TABLES = ['wb_health_population', 'cleaned_sales_data', 'video_game_sales', 'energy_usage', 'long_lat', ...BUNDLE_TABLES];
const UNICODE_PHRASES = [...exampleTable('unicode_test')!.rows(1)].map((r) => r[1]);

describe('server warehouses', () => {
  it('loads into PostgreSQL', async (ctx) => {
    const admin = await requireServer(ctx, 'PostgreSQL at 127.0.0.1:5432', async () => {
      const c = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 5000 });
      c.on('error', () => undefined);
      await c.connect();
      return c;
    });
    const name = dbName();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = `postgresql+psycopg2://postgres@127.0.0.1:5432/${name}`;
      const result = await loadExamples({ url, tables: SERVER_TABLES });
      expect(result.tables.map((t) => t.rows)).toEqual(SERVER_TABLES.map((t) => exampleTable(t)!.rowCount(1)));
      // Loading again replaces the tables rather than appending.
      await loadExamples({ url, tables: ['energy_usage'] });
      const c = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: name });
      await c.connect();
      try {
        for (const t of SERVER_TABLES) {
          const { rows } = await c.query(`SELECT COUNT(*)::int AS n FROM "${t}"`);
          expect(rows[0].n, t).toBe(exampleTable(t)!.rowCount(1));
        }
        const wb = await c.query(`SELECT COUNT(DISTINCT country_code)::int c, MIN(year)::text lo, pg_typeof(MIN(year))::text ty,
          MAX("SP_POP_TOTL") > 1e9 big FROM wb_health_population`);
        expect(wb.rows[0]).toEqual({ c: 214, lo: '1960-01-01 00:00:00', ty: 'timestamp without time zone', big: true });
        expect((await c.query('SELECT phrase FROM unicode_test')).rows.map((r) => r.phrase)).toEqual(UNICODE_PHRASES);
        const slack = await c.query(`SELECT COUNT(*)::int n, bool_or(is_general) g,
          MAX(length(members))::int widest FROM channels`);
        expect(slack.rows[0]).toMatchObject({ n: 64, g: true });
        expect(slack.rows[0].widest).toBeGreaterThan(30_000);
        const fcc = await c.query(`SELECT COUNT(*)::int n, COUNT(DISTINCT gender)::int g FROM "FCC 2018 Survey"`);
        expect(fcc.rows[0]).toEqual({ n: 28_397, g: 5 });
      } finally {
        await c.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  }, 180_000);

  it('loads into MariaDB/MySQL', async (ctx) => {
    const admin = await requireServer(ctx, 'MariaDB at 127.0.0.1:3306', () =>
      mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', connectTimeout: 5000 }),
    );
    const name = dbName();
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
    try {
      const result = await loadExamples({ url: `mysql+pymysql://root@127.0.0.1:3306/${name}`, tables: SERVER_TABLES });
      expect(result.tables.map((t) => t.rows)).toEqual(SERVER_TABLES.map((t) => exampleTable(t)!.rowCount(1)));
      for (const t of SERVER_TABLES) {
        const [rows] = await admin.query(`SELECT COUNT(*) AS n FROM \`${name}\`.\`${t}\``);
        expect(Number((rows as Rec[])[0].n), t).toBe(exampleTable(t)!.rowCount(1));
      }
      const [wb] = await admin.query(`SELECT COUNT(DISTINCT country_code) c, COUNT(DISTINCT region) r,
        MIN(year) lo FROM \`${name}\`.wb_health_population`);
      expect((wb as Rec[])[0]).toMatchObject({ c: 214, r: 7 });
      const [ll] = await admin.query(`SELECT MIN(occupancy) lo, MAX(occupancy) hi, COUNT(DISTINCT \`POSTCODE\`) > 10 many,
        MIN(\`datetime\`) >= '2016-01-01' y FROM \`${name}\`.long_lat`);
      expect((ll as Rec[])[0]).toEqual({ lo: 1, hi: 6, many: 1, y: 1 });
      const [uni] = await admin.query(`SELECT phrase FROM \`${name}\`.unicode_test`);
      expect((uni as Rec[]).map((r) => r.phrase)).toEqual(UNICODE_PHRASES);
      const [slack] = await admin.query(`SELECT SUM(is_general) g, MAX(length(members)) > 30000 wide, SUM(num_members) n FROM \`${name}\`.channels`);
      expect((slack as Rec[])[0]).toMatchObject({ wide: 1 });
      expect(Number((slack as Rec[])[0].g)).toBe(1);
      expect(Number((slack as Rec[])[0].n)).toBe(8368);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    }
  }, 180_000);
});
