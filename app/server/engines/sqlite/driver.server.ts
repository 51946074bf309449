/**
 * SQLite sessions over node-sqlite3. Trusted: SQLite itself and the file it is given. Checked
 * here: files are opened without CREATE (a mistyped path is an error, not a new empty database);
 * node-sqlite3 can neither pause `each` nor report a statement's columns, and it turns integers
 * into doubles, so a SELECT runs as a temporary view: its columns come from the view, each value
 * passes the big-integer guard, and results larger than one page are materialised in a temporary
 * table (on disk: temp_store is left at its file default) and read back page by page, so memory
 * stays at one page. Cancel is `interrupt()` on the connection: it works in this process only,
 * which is where a SQLite file is read anyway.
 */
import crypto from 'node:crypto';
import sqlite3 from 'sqlite3';
import type { StatementShape } from '~/lib/sql/classify';
import type { ColumnInfo, ConnectionParams, EngineSession, QueryOutcome, QuerySink, Row } from '../types.server';
import { sqliteFile } from './connection.server';
import { mapSqliteError } from './errors.server';
import { bigIntegerGuard, sqliteTypeGeneric, sqliteValue, storageClassOf } from './types.server';

type Obj = Record<string, unknown>;

/** Up to this many rows are read in one call; larger results go through a temporary table. */
const ONE_CALL_ROWS = 10_001;

const live = new Map<string, SqliteSession>();

function openDatabase(params: ConnectionParams): Promise<sqlite3.Database> {
  const readOnly = params.query.mode === 'ro';
  const mode = (readOnly ? sqlite3.OPEN_READONLY : sqlite3.OPEN_READWRITE) | sqlite3.OPEN_FULLMUTEX;
  return new Promise<sqlite3.Database>((resolve, reject) => {
    const db = new sqlite3.Database(sqliteFile(params), mode, (error) => (error ? reject(mapSqliteError(error, { params, phase: 'connect' })) : resolve(db)));
  }).then((db) => {
    // Wait for a writer briefly rather than failing at once; bounded, so nothing stalls for long.
    db.configure('busyTimeout', 5_000);
    return db;
  });
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

class SqliteSession implements EngineSession {
  readonly engine = 'sqlite' as const;
  readonly cancelKey = `sqlite-${crypto.randomUUID()}`;
  broken = false;
  /** Something other than a SELECT ran: temp tables, ATTACH, PRAGMA or a transaction may linger. */
  private dirty = false;
  private counter = 0;
  /** interrupt() only reaches a statement that is running: between pages the loop checks this. */
  private interrupted = false;

  constructor(
    private db: sqlite3.Database,
    private readonly params: ConnectionParams,
  ) {
    db.on('error', () => {
      this.broken = true;
    });
    live.set(this.cancelKey, this);
  }

  private checkInterrupted() {
    if (this.interrupted) throw Object.assign(new Error('SQLITE_INTERRUPT: interrupted'), { code: 'SQLITE_INTERRUPT' });
  }

  private run(sql: string, params: unknown[] = []): Promise<number> {
    this.checkInterrupted();
    return new Promise((resolve, reject) =>
      this.db.run(sql, params, function (this: sqlite3.RunResult, error: Error | null) {
        if (error) reject(error);
        else resolve(this.changes);
      }),
    );
  }

  private all(sql: string, params: unknown[] = []): Promise<Obj[]> {
    this.checkInterrupted();
    return new Promise((resolve, reject) => this.db.all(sql, params, (error: Error | null, rows: Obj[]) => (error ? reject(error) : resolve(rows))));
  }

  async query(sql: string, shape: StatementShape, sink: QuerySink): Promise<QueryOutcome> {
    this.interrupted = false;
    if (!shape.isSelect) this.dirty = true;
    if (!shape.returnsRows) {
      const affectedRows = await this.run(sql);
      return { columns: [], rowsRead: 0, affectedRows, truncated: false };
    }
    if (shape.isSelect) {
      const view = `sightline_result_${++this.counter}`;
      try {
        await this.run(`CREATE TEMP VIEW ${quote(view)} AS ${sql}`);
      } catch {
        this.checkInterrupted();
        return this.queryDirect(sql, sink); // not expressible as a view: run it as written, errors included
      }
      try {
        return await this.queryView(view, sink);
      } finally {
        await this.cleanup(`DROP VIEW IF EXISTS temp.${quote(view)}`);
      }
    }
    return this.queryDirect(sql, sink);
  }

  private async queryView(view: string, sink: QuerySink): Promise<QueryOutcome> {
    const info = await this.all('SELECT name, type FROM pragma_table_info(?, ?)', [view, 'temp']);
    const names = info.map((c) => String(c.name));
    const declared = info.map((c) => String(c.type ?? ''));
    const select = names.map((n, i) => `${bigIntegerGuard(quote(n))} AS c${i}`).join(', ');
    const toRow = (o: Obj): Row => names.map((_, i) => sqliteValue(o[`c${i}`]));
    let columns: ColumnInfo[] | null = null;
    const describe = (first: Obj | undefined): ColumnInfo[] =>
      names.map((name, i) => {
        const raw = first?.[`c${i}`];
        const type = declared[i] || (raw === null || raw === undefined ? '' : storageClassOf(Buffer.isBuffer(raw) ? raw : sqliteValue(raw)));
        return { name, type: type.toUpperCase(), type_generic: sqliteTypeGeneric(type) };
      });
    const max = sink.maxRows ?? Number.POSITIVE_INFINITY;
    let rowsRead = 0;
    const deliver = async (objects: Obj[]) => {
      columns ??= describe(objects[0]);
      for (let i = 0; i < objects.length; i += sink.batchSize) {
        const rows = objects.slice(i, i + sink.batchSize).map(toRow);
        rowsRead += rows.length;
        await sink.onBatch({ columns, rows });
      }
    };

    if (max <= ONE_CALL_ROWS) {
      const objects = await this.all(`SELECT ${select} FROM temp.${quote(view)} LIMIT ?`, [max]);
      await deliver(objects);
      if (objects.length === 0) await sink.onBatch({ columns: (columns ??= describe(undefined)), rows: [] });
      return { columns: columns ?? describe(undefined), rowsRead, affectedRows: null, truncated: rowsRead >= max };
    }

    const table = `${view}_rows`;
    await this.run(`CREATE TEMP TABLE ${quote(table)} AS SELECT ${select} FROM temp.${quote(view)}`);
    try {
      let last = 0;
      while (rowsRead < max) {
        const page = Math.min(sink.batchSize, max - rowsRead);
        const objects = await this.all(`SELECT rowid AS r, * FROM temp.${quote(table)} WHERE rowid > ? ORDER BY rowid LIMIT ?`, [last, page]);
        if (objects.length === 0) break;
        last = Number(objects[objects.length - 1].r);
        await deliver(objects);
      }
      if (rowsRead === 0) await sink.onBatch({ columns: (columns ??= describe(undefined)), rows: [] });
    } finally {
      await this.cleanup(`DROP TABLE IF EXISTS temp.${quote(table)}`);
    }
    return { columns: columns ?? describe(undefined), rowsRead, affectedRows: null, truncated: rowsRead >= max };
  }

  private cleanup(sql: string): Promise<void> {
    return new Promise((resolve) => this.db.run(sql, () => resolve()));
  }

  /** PRAGMA, EXPLAIN, RETURNING …: small answers, read in one call; columns from the first row. */
  private async queryDirect(sql: string, sink: QuerySink): Promise<QueryOutcome> {
    const objects = await this.all(sql);
    const max = sink.maxRows ?? Number.POSITIVE_INFINITY;
    const kept = objects.slice(0, max);
    const names = kept.length > 0 ? Object.keys(kept[0]) : [];
    const columns = names.map((name) => {
      const type = kept[0][name] === null ? '' : storageClassOf(kept[0][name]);
      return { name, type, type_generic: sqliteTypeGeneric(type) };
    });
    for (let i = 0; i < kept.length || i === 0; i += sink.batchSize) {
      const rows = kept.slice(i, i + sink.batchSize).map((o) => names.map((n) => sqliteValue(o[n])));
      await sink.onBatch({ columns, rows });
      if (kept.length === 0) break;
    }
    return { columns, rowsRead: kept.length, affectedRows: null, truncated: objects.length > max };
  }

  async select(sql: string, params: readonly unknown[] = []) {
    const objects = await this.all(sql, [...params]);
    const names = objects.length > 0 ? Object.keys(objects[0]) : [];
    return {
      columns: names.map((name) => ({ name, type: '', type_generic: 'string' as const })),
      rows: objects.map((o) => names.map((n) => sqliteValue(o[n]))),
    };
  }

  async cancel(): Promise<void> {
    this.interrupted = true;
    this.db.interrupt();
  }

  /** A clean connection is cheaper to get by reopening than by undoing ATTACH, PRAGMA and temp objects. */
  async reset(): Promise<void> {
    if (!this.dirty) return;
    const old = this.db;
    this.db = await openDatabase(this.params);
    this.db.on('error', () => {
      this.broken = true;
    });
    this.dirty = false;
    await new Promise<void>((resolve) => old.close(() => resolve()));
  }

  async destroy(): Promise<void> {
    this.broken = true;
    live.delete(this.cancelKey);
    this.db.interrupt();
    await new Promise<void>((resolve) => this.db.close(() => resolve()));
  }
}

export async function connectSqlite(params: ConnectionParams): Promise<EngineSession> {
  return new SqliteSession(await openDatabase(params), params);
}

/** Interrupts the session's statement, if that session lives in this process. */
export async function interruptSqlite(_params: ConnectionParams, cancelKey: string): Promise<boolean> {
  const session = live.get(cancelKey);
  if (!session) return false;
  await session.cancel();
  return true;
}
