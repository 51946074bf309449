/**
 * SQLite sessions over node-sqlite3. Trusted: SQLite itself. Checked here: the file is one the
 * operator allows (file-policy.server.ts), opened by the path that was checked, and without CREATE
 * (a mistyped path is an error, not a new empty database). Every connection has SQLite's
 * attached-database limit at 0, so ATTACH fails in SQLite itself, and with it VACUUM and VACUUM
 * INTO (they attach internally); the load_extension() SQL function stays disabled (SQLite's default:
 * node-sqlite3 enables it only inside its own loadExtension(), which nothing calls). A statement of
 * a database without DML runs on a connection opened SQLITE_OPEN_READONLY, which nothing in SQL
 * makes writable (PRAGMA query_only = 0 only lifts a flag); its temporary tables and views still
 * work. run/all prepare only the first statement of a text, so a second one never runs.
 *
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
import { sqliteDialect } from '~/lib/sql/dialects/sqlite';
import type { ColumnInfo, ConnectionParams, EngineSession, QueryOutcome, QuerySink, Row } from '../types.server';
import { engineError } from '../errors.server';
import { mapSqliteError } from './errors.server';
import { allowedSqliteFile } from './file-policy.server';
import { bigIntegerGuard, sqliteTypeGeneric, sqliteValue, storageClassOf } from './types.server';

type Obj = Record<string, unknown>;

/** Up to this many rows are read in one call; larger results go through a temporary table. */
const ONE_CALL_ROWS = 10_001;

const live = new Map<string, SqliteSession>();

/** Read-only when asked, and always when the URI says `mode=ro`. */
function opensReadOnly(params: ConnectionParams, readOnly: boolean): boolean {
  return readOnly || params.query.mode === 'ro';
}

function openDatabase(params: ConnectionParams, readOnly: boolean): Promise<sqlite3.Database> {
  const mode = (opensReadOnly(params, readOnly) ? sqlite3.OPEN_READONLY : sqlite3.OPEN_READWRITE) | sqlite3.OPEN_FULLMUTEX;
  let file: string;
  try {
    file = allowedSqliteFile(params);
  } catch (error) {
    return Promise.reject(error);
  }
  return new Promise<sqlite3.Database>((resolve, reject) => {
    const db = new sqlite3.Database(file, mode, (error) => (error ? reject(mapSqliteError(error, { params, phase: 'connect' })) : resolve(db)));
  }).then((db) => {
    // Both run at once on an open database with nothing queued, before any statement.
    db.configure('limit', sqlite3.LIMIT_ATTACHED, 0);
    // Wait for a writer briefly rather than failing at once; bounded, so nothing stalls for long.
    db.configure('busyTimeout', 5_000);
    return db;
  });
}

const quote = sqliteDialect.quoteIdentifier;

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
    /** Whether `db` was opened SQLITE_OPEN_READONLY. */
    private readOnly: boolean,
  ) {
    this.watch(db);
    live.set(this.cancelKey, this);
  }

  private watch(db: sqlite3.Database) {
    db.on('error', () => {
      this.broken = true;
    });
  }

  /** Replaces the connection by a new one, read-only or not: temp objects, PRAGMAs and the rest go with the old one. */
  private async reopen(readOnly: boolean): Promise<void> {
    const old = this.db;
    this.db = await openDatabase(this.params, readOnly);
    this.watch(this.db);
    this.readOnly = opensReadOnly(this.params, readOnly);
    this.dirty = false;
    await new Promise<void>((resolve) => old.close(() => resolve()));
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

  /**
   * A script keeps one mode from its first statement to its last, so this reopens at most once per
   * script: when a pooled session last served the other kind (never mid-script, where temp tables live).
   */
  async prepareStatement(options: { readOnly: boolean }): Promise<void> {
    if (opensReadOnly(this.params, options.readOnly) !== this.readOnly) await this.reopen(options.readOnly);
  }

  async query(sql: string, shape: StatementShape, sink: QuerySink): Promise<QueryOutcome> {
    try {
      return await this.runQuery(sql, shape, sink);
    } catch (error) {
      // A write refused because the statement runs read-only (not because the URI says mode=ro): say DML is not allowed.
      if (this.readOnly && this.params.query.mode !== 'ro' && (error as { code?: unknown } | null)?.code === 'SQLITE_READONLY') {
        throw engineError('DML_NOT_ALLOWED_ERROR', 'This database does not allow changes: SQLite refused a write on the read-only connection the query runs on.', {
          engineName: 'SQLite',
          cause: error,
        });
      }
      throw error;
    }
  }

  private async runQuery(sql: string, shape: StatementShape, sink: QuerySink): Promise<QueryOutcome> {
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

  /** A clean connection is cheaper to get by reopening than by undoing PRAGMA and temp objects. */
  async reset(): Promise<void> {
    if (this.dirty) await this.reopen(this.readOnly);
  }

  async destroy(): Promise<void> {
    this.broken = true;
    live.delete(this.cancelKey);
    this.db.interrupt();
    await new Promise<void>((resolve) => this.db.close(() => resolve()));
  }
}

/** Opens read-only: most databases allow no DML, and a script that may write reopens (prepareStatement). */
export async function connectSqlite(params: ConnectionParams): Promise<EngineSession> {
  return new SqliteSession(await openDatabase(params, true), params, true);
}

/** Interrupts the session's statement, if that session lives in this process. */
export async function interruptSqlite(_params: ConnectionParams, cancelKey: string): Promise<boolean> {
  const session = live.get(cancelKey);
  if (!session) return false;
  await session.cancel();
  return true;
}
