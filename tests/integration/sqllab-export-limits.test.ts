/**
 * CSV export holds exactly the rows of the query as written (issue 8, finding 8: a `LIMIT N`
 * exported N+1 rows through PostgreSQL's COPY, which kept the row the limiter adds to tell
 * whether a limit cut something off). On SQLite, PostgreSQL (COPY) and MariaDB (rows), each with
 * a fresh 50-row table: LIMIT 0, 1 and N, with OFFSET, in a subquery, before a comment, and
 * queries the SQL Lab limit cuts.
 *
 * The choice for a reached limit: the export is the query's whole result, as Sightline has always
 * streamed it (docs/sqllab.md). The SQL's own LIMIT binds; the SQL Lab dropdown, SQL_MAX_ROW and
 * DISPLAY_MAX_ROW, which bound what SQL Lab shows and stores, do not. Superset instead re-runs
 * `executed_sql` (or serves the stored rows) and cuts the extra row off, so its CSV stops at the
 * dropdown limit; Sightline streams with backpressure and so has no memory reason to stop there.
 */
import fs from 'node:fs';
import type mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { createTempMariaDatabase, mariadbAdmin, serviceAvailable, tempSqliteFile } from '../helpers/engine-fixtures';
import { startSqlLabApp, type Json, type SqlLabApp } from '../helpers/sqllab';

// Read once by env() when the app loads: a server maximum below the table's 50 rows.
const SQL_MAX_ROW = 20;
process.env.SQL_MAX_ROW = String(SQL_MAX_ROW);

const postgresUp = await serviceAvailable('postgresql');
const mariadbUp = await serviceAvailable('mariadb');

type ExecBody = Json & { status: string; data: Json[]; query: { id: string; rows: number; limitingFactor: string } };

const ROWS = 50;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

let s: SqlLabApp;
beforeAll(async () => {
  s = await startSqlLabApp();
}, 180_000);
afterAll(async () => {
  await s?.close();
});

/** Runs `sql` in SQL Lab (optionally with a dropdown limit), then exports it: the shown run and the CSV's data records. */
async function runAndExport(db: { id: number }, sql: string, queryLimit?: number) {
  const answer = await s.execute<ExecBody>({ database_id: db.id, sql, ...(queryLimit ? { queryLimit } : {}) });
  expect(answer.status, answer.text).toBe(200);
  const response = await s.app.fetch(`/api/v1/sqllab/export/${answer.body.query.id}/`, { headers: { Authorization: `Bearer ${s.adminToken}` } });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const records = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(records.pop()).toBe(''); // every record ends in CRLF
  expect(records.shift()).toBe('n');
  return { shown: answer.body.query, exported: records };
}

/** The cases every engine shares; `dialect` adds the limit spellings only some engines take. */
function exportCases(database: () => { id: number }, dialect: { offsetComma: boolean; fetchFirst: boolean }) {
  const ordered = 'SELECT n FROM nums ORDER BY n';

  it('LIMIT 0, 1 and N export exactly 0, 1 and N rows', async () => {
    expect((await runAndExport(database(), `${ordered} LIMIT 0`)).exported).toEqual([]);
    expect((await runAndExport(database(), `${ordered} LIMIT 1`)).exported).toEqual(['1']);
    expect((await runAndExport(database(), `${ordered} LIMIT 7`)).exported).toEqual(range(1, 7));
    // The table has fewer rows than the LIMIT: all of them.
    expect((await runAndExport(database(), `SELECT n FROM nums WHERE n > 45 ORDER BY n LIMIT 10`)).exported).toEqual(range(46, 50));
  });

  it('the LIMIT as written: with OFFSET, in a subquery, before a trailing comment, lower case', async () => {
    expect((await runAndExport(database(), `${ordered} LIMIT 3 OFFSET 5`)).exported).toEqual(range(6, 8));
    if (dialect.offsetComma) expect((await runAndExport(database(), `${ordered} LIMIT 5, 3`)).exported).toEqual(range(6, 8));
    if (dialect.fetchFirst) {
      expect((await runAndExport(database(), `${ordered} FETCH FIRST 4 ROWS ONLY`)).exported).toEqual(range(1, 4));
      expect((await runAndExport(database(), `${ordered} FETCH FIRST ROW ONLY`)).exported).toEqual(['1']);
    }
    expect((await runAndExport(database(), `SELECT n FROM (SELECT n FROM nums ORDER BY n LIMIT 4) AS four ORDER BY n`)).exported).toEqual(range(1, 4));
    expect((await runAndExport(database(), `${ordered} LIMIT 2 -- two rows\n`)).exported).toEqual(['1', '2']);
    expect((await runAndExport(database(), `select n from nums order by n limit 3;`)).exported).toEqual(range(1, 3));
  });

  it('a query the SQL Lab limit cuts exports its whole result; one its own LIMIT cuts, that LIMIT', async () => {
    const dropdown = await runAndExport(database(), ordered, 10);
    expect(dropdown.shown).toMatchObject({ rows: 10, limitingFactor: 'DROPDOWN' });
    expect(dropdown.exported).toEqual(range(1, ROWS));

    const serverMax = await runAndExport(database(), ordered);
    expect(serverMax.shown).toMatchObject({ rows: SQL_MAX_ROW, limitingFactor: 'DROPDOWN' });
    expect(serverMax.exported).toEqual(range(1, ROWS));

    const beyondDropdown = await runAndExport(database(), `${ordered} LIMIT 30`, 10);
    expect(beyondDropdown.shown).toMatchObject({ rows: 10, limitingFactor: 'DROPDOWN' });
    expect(beyondDropdown.exported).toEqual(range(1, 30));

    const beyondServerMax = await runAndExport(database(), `${ordered} LIMIT 25`);
    expect(beyondServerMax.shown).toMatchObject({ rows: SQL_MAX_ROW, limitingFactor: 'DROPDOWN' });
    expect(beyondServerMax.exported).toEqual(range(1, 25));

    const query = await runAndExport(database(), `${ordered} LIMIT 5`, 10);
    expect(query.shown).toMatchObject({ rows: 5, limitingFactor: 'QUERY' });
    expect(query.exported).toEqual(range(1, 5));

    const both = await runAndExport(database(), `${ordered} LIMIT 10`, 10);
    expect(both.shown).toMatchObject({ rows: 10, limitingFactor: 'QUERY_AND_DROPDOWN' });
    expect(both.exported).toEqual(range(1, 10));
  });
}

describe('CSV export row counts on SQLite', () => {
  let file: ReturnType<typeof tempSqliteFile>;
  let db: { id: number };
  beforeAll(async () => {
    file = tempSqliteFile();
    const rw = await s.addDatabase({ database_name: 'limits_sqlite_rw', sqlalchemy_uri: `sqlite:///${file.file}`, allow_dml: true });
    const setup = await s.execute({
      database_id: rw.id,
      sql: `CREATE TABLE nums (n INTEGER PRIMARY KEY); WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ${ROWS}) INSERT INTO nums SELECT n FROM g`,
    });
    expect(setup.status, setup.text).toBe(200);
    db = await s.addDatabase({ database_name: 'limits_sqlite', sqlalchemy_uri: `sqlite:///${file.file}` });
  });
  afterAll(() => {
    if (file && fs.existsSync(file.file)) file.remove();
  });
  exportCases(() => db, { offsetComma: true, fetchFirst: false });
});

describe.skipIf(!postgresUp)('CSV export row counts on PostgreSQL (COPY)', () => {
  let warehouse: TempDatabase;
  let db: { id: number };
  beforeAll(async () => {
    warehouse = await createTempPostgresDatabase('sightline_test_export_limits');
    const admin = new pg.Client({ connectionString: warehouse.url });
    await admin.connect();
    await admin.query(`CREATE TABLE nums AS SELECT g AS n FROM generate_series(1, ${ROWS}) g`);
    await admin.end();
    db = await s.addDatabase({ database_name: 'limits_pg', sqlalchemy_uri: warehouse.url });
  }, 60_000);
  afterAll(async () => {
    await warehouse?.drop();
  });
  exportCases(() => db, { offsetComma: false, fetchFirst: true });
});

describe.skipIf(!mariadbUp)('CSV export row counts on MariaDB', () => {
  let warehouse: TempDatabase;
  let db: { id: number };
  beforeAll(async () => {
    warehouse = await createTempMariaDatabase('sightline_test_export_limits');
    const admin: mysql.Connection = await mariadbAdmin(warehouse.name);
    await admin.query(`CREATE TABLE nums (n INT PRIMARY KEY); INSERT INTO nums SELECT seq FROM seq_1_to_${ROWS};`);
    await admin.end();
    db = await s.addDatabase({ database_name: 'limits_maria', sqlalchemy_uri: warehouse.url });
  }, 60_000);
  afterAll(async () => {
    await warehouse?.drop();
  });
  // MariaDB 10.6+ takes `OFFSET … FETCH FIRST n ROWS ONLY` only after OFFSET: not part of the shared cases.
  exportCases(() => db, { offsetComma: true, fetchFirst: false });
});
