/**
 * The example datasets: registered at bootstrap with Superset's uuids, columns and metrics (once,
 * whatever the number of starts), and every one of them usable on each engine, since the
 * definitions are data the warehouse must agree with: each physical column exists, each
 * calculated column, metric and virtual dataset's SQL runs, and a virtual dataset's SQL returns
 * exactly the columns the dataset lists.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlDialect, postgresqlDialect, sqliteDialect, type SqlDialect } from '~/lib/sql/dialects';
import { EXAMPLE_DATASETS, type ExampleDataset } from '~/server/examples/dataset-definitions/index.server';
import { forDialect } from '~/server/examples/datasets.server';
import { loadExamples } from '~/server/examples/load.server';
import { EXAMPLE_TABLES, exampleTable } from '~/server/examples/tables.server';
import { startApp, type AppUnderTest } from '../helpers/app-under-test';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { createTempMariaDatabase, serviceAvailable } from '../helpers/engine-fixtures';

type DatasetsModule = typeof import('../../app/server/examples/datasets.server');
type Rec = Record<string, unknown>;

const byName = (name: string): ExampleDataset => EXAMPLE_DATASETS.find((d) => d.table_name === name)!;

describe('registering the example datasets', () => {
  let app: AppUnderTest;
  let register: DatasetsModule['registerExampleDatasets'];
  const logs: string[] = [];
  const log = (m: string) => logs.push(m);

  beforeAll(async () => {
    app = await startApp();
    register = (await app.load<DatasetsModule>('/app/server/examples/datasets.server.ts')).registerExampleDatasets;
  });
  afterAll(() => app?.close());

  const examplesDb = async () => {
    const { Database } = app.models();
    return (await Database.findOne({ where: { database_name: 'examples' } }))
      ?? Database.create({ database_name: 'examples', sqlalchemy_uri: `sqlite:///${path.join(os.tmpdir(), 'never-opened.sqlite')}` });
  };

  it('adds every definition once, with its uuid, columns, metrics and a datasource_access permission', async () => {
    const db = await examplesDb();
    expect(await register(db, log)).toBe(EXAMPLE_DATASETS.length);
    expect(await register(db, log)).toBe(0);
    const { Dataset, TableColumn, SqlMetric, Permission } = app.models();
    const datasets = await Dataset.findAll({ where: { database_id: db.id } });
    expect(datasets.map((d) => d.uuid).sort()).toEqual(EXAMPLE_DATASETS.map((d) => d.uuid).sort());

    const birth = datasets.find((d) => d.table_name === 'birth_names')!;
    expect(birth).toMatchObject({ uuid: '3758a086-e040-490e-8ac3-530633f7ce51', main_dttm_col: 'ds', schema: null, sql: null });
    const birthColumns = await TableColumn.findAll({ where: { table_id: birth.id } });
    expect(birthColumns.find((c) => c.column_name === 'num_california')).toMatchObject({ expression: "CASE WHEN state = 'CA' THEN num ELSE 0 END" });
    expect(birthColumns.find((c) => c.column_name === 'ds')).toMatchObject({ is_dttm: true, type_generic: 2 });
    const birthMetrics = await SqlMetric.findAll({ where: { table_id: birth.id }, order: [['id', 'ASC']] });
    expect(birthMetrics.map((m) => [m.metric_name, m.expression])).toEqual([['count', 'COUNT(*)'], ['sum__num', 'SUM(num)']]);

    const fcc = datasets.find((d) => d.uuid === 'd95a2865-53ce-1f82-a53d-8e3c89331469')!;
    const fccColumns = await TableColumn.findAll({ where: { table_id: fcc.id } });
    expect(fccColumns).toHaveLength(141);
    expect(fccColumns.find((c) => c.column_name === 'developer_type')).toMatchObject({ verbose_name: 'Developer Type', type: 'STRING', type_generic: 1 });
    expect(fccColumns.find((c) => c.column_name === 'gender')).toMatchObject({ expression: null, type: 'TEXT' });

    const videoGames = datasets.find((d) => d.table_name === 'video_game_sales')!;
    expect(await TableColumn.findOne({ where: { table_id: videoGames.id, column_name: 'year' } })).toMatchObject({ is_dttm: true, python_date_format: '%Y' });
    const stats = datasets.find((d) => d.table_name === 'exported_stats')!;
    expect(stats.main_dttm_col).toBe('date');
    expect(await TableColumn.findOne({ where: { table_id: stats.id, column_name: 'new_members' } })).toMatchObject({
      verbose_name: 'New Members', expression: 'total_membership - LAG(total_membership) OVER (ORDER BY date)',
    });
    const pairs = datasets.find((d) => d.table_name === 'users_channels-uzooNNtSRO')!;
    expect(pairs.sql).toMatch(/^SELECT uc1\.name as channel_1/);

    for (const d of datasets) {
      expect(await SqlMetric.count({ where: { table_id: d.id, metric_name: 'count' } }), d.table_name).toBe(1);
      expect(await Permission.count({ where: { permission_name: 'datasource_access', view_name: `[examples].[${d.table_name}](id:${d.id})` } })).toBe(1);
    }
  });

  it('a later version adds only what is missing and leaves edited or hand-made datasets alone', async () => {
    const db = await examplesDb();
    const { Dataset, SqlMetric } = app.models();
    const unicode = (await Dataset.findOne({ where: { uuid: byName('unicode_test').uuid } }))!;
    await unicode.destroy();
    const birth = (await Dataset.findOne({ where: { table_name: 'birth_names', database_id: db.id } }))!;
    await SqlMetric.destroy({ where: { table_id: birth.id, metric_name: 'sum__num' } });
    const threads = (await Dataset.findOne({ where: { table_name: 'threads', database_id: db.id } }))!;
    await threads.update({ uuid: '00000000-0000-4000-8000-000000000000' });

    logs.length = 0;
    expect(await register(db, log)).toBe(1);
    expect(await Dataset.count({ where: { uuid: byName('unicode_test').uuid } })).toBe(1);
    // Edits to a registered dataset are kept, and a name someone else holds is not taken over.
    expect(await SqlMetric.count({ where: { table_id: birth.id } })).toBe(1);
    expect(await Dataset.count({ where: { table_name: 'threads', database_id: db.id } })).toBe(1);
    expect(logs).toEqual(['an example dataset "threads" already exists in the examples database; leaving it as it is']);
  });
});

describe('forDialect', () => {
  it('turns ANSI identifiers into backticks for MySQL only, leaving strings alone', () => {
    const sql = `SELECT 1 as "id", 'say "hi"' AS "it""s" FROM t WHERE x = 'a''b'`;
    expect(forDialect(sql, postgresqlDialect)).toBe(sql);
    expect(forDialect(sql, sqliteDialect)).toBe(sql);
    expect(forDialect(sql, mysqlDialect)).toBe("SELECT 1 as `id`, 'say \"hi\"' AS `it\"s` FROM t WHERE x = 'a''b'");
  });
});

/** Runs a query on one engine and gives its rows and column names. */
type Run = (sql: string) => Promise<{ rows: Rec[]; columns: string[] }>;

function checkDatasets(engine: string, dialect: SqlDialect, run: () => Run, loaded: () => Set<string>) {
  const tablesOf = (d: ExampleDataset): string[] => {
    if (!d.sql) return [d.table_name];
    return EXAMPLE_TABLES.map((t) => t.name).filter((t) => new RegExp(`\\b${t}\\b`).test(d.sql!));
  };
  for (const d of EXAMPLE_DATASETS) {
    it(`${engine}: ${d.table_name}`, async (ctx) => {
      if (!tablesOf(d).every((t) => loaded().has(t))) return ctx.skip('its tables are not loaded on this engine');
      const q = dialect.quoteIdentifier;
      const source = d.sql ? `(${forDialect(d.sql, dialect)}) AS src` : q(d.table_name);
      const physical = d.columns.filter((c) => !c.expression);
      if (d.sql) {
        const { columns } = await run()(`SELECT * FROM ${source} ${dialect.limitClause(1)}`);
        expect(columns.sort()).toEqual(physical.map((c) => c.column_name).sort());
      } else {
        expect(physical.map((c) => c.column_name).sort()).toEqual(exampleTable(d.table_name)!.columns.map((c) => c.name).sort());
      }
      const selected = [
        ...physical.map((c) => q(c.column_name)),
        ...d.columns.filter((c) => c.expression).map((c, i) => `${forDialect(c.expression!, dialect)} AS ${q(`calc_${i}`)}`),
      ];
      const { rows } = await run()(`SELECT ${selected.join(', ')} FROM ${source} ${dialect.limitClause(5)}`);
      expect(rows.length).toBeGreaterThan(0);
      const metrics = d.metrics.map((m, i) => `${forDialect(m.expression, dialect)} AS ${q(`m_${i}`)}`);
      const totals = (await run()(`SELECT ${metrics.join(', ')} FROM ${source}`)).rows[0];
      expect(Number(totals[`m_${d.metrics.findIndex((m) => m.metric_name === 'count')}`])).toBeGreaterThan(0);
      if (d.table_name === 'wb_health_population') expect(Number(totals.m_2)).toBeGreaterThan(1e9);
    });
  }
}

function all(db: sqlite3.Database, sql: string): Promise<Rec[]> {
  return new Promise((resolve, reject) => db.all(sql, (err: Error | null, rows: Rec[]) => (err ? reject(err) : resolve(rows))));
}

describe('every example dataset runs on SQLite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-example-datasets-'));
  let db: sqlite3.Database;
  beforeAll(async () => {
    const file = path.join(dir, 'examples.sqlite');
    await loadExamples({ url: file });
    db = await new Promise((resolve, reject) => {
      const d = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (err) => (err ? reject(err) : resolve(d)));
    });
  }, 180_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => (db ? db.close(() => resolve()) : resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const run: Run = async (sql) => {
    const rows = await all(db, sql);
    return { rows, columns: rows.length ? Object.keys(rows[0]) : [] };
  };
  checkDatasets('sqlite', sqliteDialect, () => run, () => new Set(EXAMPLE_TABLES.map((t) => t.name)));
});

// The servers get every table but the biggest (flights), to keep the run short.
const SERVER_TABLES = EXAMPLE_TABLES.map((t) => t.name).filter((t) => t !== 'flights');

describe('every example dataset runs on PostgreSQL', () => {
  let temp: TempDatabase | undefined;
  let client: pg.Client;
  const loaded = new Set<string>();
  beforeAll(async () => {
    if (!(await serviceAvailable('postgresql'))) return;
    temp = await createTempPostgresDatabase('sightline_test_example_datasets');
    await loadExamples({ url: temp.url, tables: SERVER_TABLES });
    SERVER_TABLES.forEach((t) => loaded.add(t));
    client = new pg.Client({ connectionString: temp.url });
    await client.connect();
  }, 180_000);
  afterAll(async () => {
    await client?.end();
    await temp?.drop();
  });
  const run: Run = async (sql) => {
    const result = await client.query(sql);
    return { rows: result.rows, columns: result.fields.map((f) => f.name) };
  };
  checkDatasets('postgresql', postgresqlDialect, () => run, () => loaded);
});

describe('every example dataset runs on MariaDB', () => {
  let temp: TempDatabase | undefined;
  let conn: mysql.Connection;
  const loaded = new Set<string>();
  beforeAll(async () => {
    if (!(await serviceAvailable('mariadb'))) return;
    temp = await createTempMariaDatabase('sightline_test_example_datasets');
    await loadExamples({ url: temp.url, tables: SERVER_TABLES });
    SERVER_TABLES.forEach((t) => loaded.add(t));
    conn = await mysql.createConnection({ uri: temp.url, charset: 'utf8mb4' });
  }, 180_000);
  afterAll(async () => {
    await conn?.end();
    await temp?.drop();
  });
  const run: Run = async (sql) => {
    const [rows, fields] = await conn.query(sql);
    return { rows: rows as Rec[], columns: (fields as mysql.FieldPacket[]).map((f) => f.name) };
  };
  checkDatasets('mariadb', mysqlDialect, () => run, () => loaded);
});
