/**
 * The execution core: a script in, results out, for SQL Lab, charts and exports alike.
 * It splits the script (the engine's SQL flavour), refuses DML/DDL unless allowed, limits the
 * last statement when it is a query (Superset's limiting factors, app/lib/sql/limit.ts), and runs
 * the statements in order on ONE session, so SET, USE and temp tables carry from one to the next.
 * With allow_dml, statements autocommit one by one (as psql does) unless the script opens a
 * transaction. Without it, the engine itself runs every statement read-only (see
 * EngineSession.prepareStatement and docs/decisions/005): the classifier's refusal is only the
 * clear message. The session is reset before reuse, so nothing a script leaves behind reaches
 * the next query.
 */
import { describeStatement, readOnlyRefusal, type StatementKind, type StatementShape } from '~/lib/sql/classify';
import { planLimit, settleLimit, type LimitingFactor, type LimitPlan } from '~/lib/sql/limit';
import { splitStatements } from '~/lib/sql/split';
import { engineError, EngineError, QueryStoppedError } from './errors.server';
import { poolSettings, resolveTarget, type ConnectionTarget } from './pools.server';
import { Channel, drain } from './channel.server';
import { withSession, type ScopeContext, type ScopeOptions } from './session-scope.server';
import type { ColumnInfo, CsvCopy, Engine, EngineSession, QueryOutcome, QuerySink, Row, StreamBatch } from './types.server';

export interface ExecuteOptions extends ScopeOptions {
  sql: string;
  /** Default schema for unqualified names (search_path / USE). */
  schema?: string | null;
  /** The requested row limit (SQL Lab's dropdown, a chart's row limit). */
  limit?: number | null;
  /** The server's maximum (SQL_MAX_ROW): caps `limit`, and is the limit when none is requested. */
  serverMaxRows?: number | null;
  /** The database's `allow_dml`: without it, anything but reads is DML_NOT_ALLOWED_ERROR. */
  allowDml?: boolean;
  /** Sees each batch of the result as it arrives (progress, incremental caching). */
  onBatch?: (batch: StreamBatch) => void | Promise<void>;
  batchSize?: number;
}

export interface StatementInfo {
  index: number;
  /** The SQL that ran (with the limit applied to the last statement). */
  sql: string;
  kind: StatementKind;
  /** Rows read, or rows affected for statements that change data. */
  rowcount: number | null;
  durationMs: number;
}

export interface ExecuteResult {
  columns: ColumnInfo[];
  /** Arrays in `columns` order, in the representation of app/lib/sql/values.ts. */
  rows: Row[];
  /** Rows returned, or rows affected when the last statement changes data. */
  rowcount: number;
  limit: number | null;
  limitingFactor: LimitingFactor;
  /** All statements as they ran, joined with `;\n`. */
  executedSql: string;
  statements: StatementInfo[];
  durationMs: number;
}

interface PlannedStatement {
  sql: string;
  shape: StatementShape;
}

interface Plan {
  engine: Engine;
  statements: PlannedStatement[];
  limit: LimitPlan;
  /** No allow_dml: the engine runs every statement read-only (the parser's verdict only gives the message). */
  readOnly: boolean;
}

const DEFAULT_BATCH = 2_000;

/** `extraRow: false` for a reader that keeps every row it is given (COPY): see app/lib/sql/limit.ts. */
function planScript(opts: ExecuteOptions, { extraRow = true }: { extraRow?: boolean } = {}): Plan {
  const { engine } = resolveTarget(opts.target);
  const flavor = engine.dialect.flavor;
  const parts = splitStatements(opts.sql, flavor);
  if (parts.length === 0) {
    throw engineError('GENERIC_COMMAND_ERROR', 'The query is empty: there is no statement to run.', { engineName: engine.label, status: 400 });
  }
  const statements = parts.map((p) => ({ sql: p.sql, shape: describeStatement(p.sql, flavor) }));
  if (!opts.allowDml) {
    const refusal = readOnlyRefusal(statements.map((s) => s.shape));
    if (refusal) throw engineError('DML_NOT_ALLOWED_ERROR', refusal.message, { engineName: engine.label, extra: { statement: refusal.statement, statement_kind: refusal.kind } });
  }

  const last = statements[statements.length - 1];
  const limit = last.shape.returnsRows
    ? planLimit({ sql: last.sql, requested: opts.limit, serverMax: opts.serverMaxRows, isSelect: last.shape.isSelect, flavor, extraRow })
    : { sql: last.sql, limit: null, fetchLimit: null, limitingFactor: 'NOT_LIMITED' as const };
  statements[statements.length - 1] = { ...last, sql: limit.sql };
  return { engine, statements, limit, readOnly: !opts.allowDml };
}

const discard: QuerySink = { batchSize: DEFAULT_BATCH, onBatch: () => {} };

type RunLast = (session: EngineSession, statement: PlannedStatement) => Promise<QueryOutcome>;

/** Runs every statement; `last` takes the last one's rows (a sink), or runs it itself (COPY). Returns per-statement info. */
async function runStatements(
  session: EngineSession,
  ctx: ScopeContext,
  plan: Plan,
  schema: string | null | undefined,
  last: QuerySink | RunLast,
): Promise<{ infos: StatementInfo[]; lastColumns: ColumnInfo[]; lastRowsRead: number; lastAffected: number | null }> {
  const { engine } = ctx;
  const guard = { readOnly: plan.readOnly };
  for (const sql of schema ? engine.dialect.useSchema(schema) : []) {
    // Our own fixed text: it runs outside any read-only transaction, so a user ROLLBACK cannot undo it.
    await session.prepareStatement({ readOnly: false });
    await session.query(sql, describeStatement(sql, engine.dialect.flavor), discard);
  }
  const infos: StatementInfo[] = [];
  const count = plan.statements.length;
  let outcome = { columns: [] as ColumnInfo[], rowsRead: 0, affectedRows: null as number | null };
  for (let index = 0; index < count; index++) {
    const { sql, shape } = plan.statements[index];
    const started = performance.now();
    try {
      await session.prepareStatement(guard);
      if (index < count - 1) outcome = await session.query(sql, shape, discard);
      else outcome = typeof last === 'function' ? await last(session, plan.statements[index]) : await session.query(sql, shape, last);
    } catch (error) {
      throw withStatementPrefix(error, index, count, ctx);
    }
    const rowcount = outcome.columns.length > 0 ? outcome.rowsRead : outcome.affectedRows;
    infos.push({ index, sql, kind: shape.kind, rowcount, durationMs: performance.now() - started });
  }
  return { infos, lastColumns: outcome.columns, lastRowsRead: outcome.rowsRead, lastAffected: outcome.affectedRows };
}

/** Superset's "Statement 2 out of 3: …" for scripts of several statements. */
function withStatementPrefix(error: unknown, index: number, count: number, ctx: ScopeContext): unknown {
  if (error instanceof QueryStoppedError) return error;
  const mapped = error instanceof EngineError ? error : ctx.engine.mapError(error, { params: ctx.params, phase: 'query' });
  if (count === 1) return mapped;
  const e = mapped.error;
  return new EngineError(
    { ...e, message: `Statement ${index + 1} out of ${count}: ${e.message}`, extra: { ...e.extra, statement: index + 1 } },
    { cause: mapped.cause ?? error, status: mapped.status },
  );
}

/** Runs a script and answers its last statement's rows, limited as Superset's SQL Lab does. */
export async function executeSql(opts: ExecuteOptions): Promise<ExecuteResult> {
  const plan = planScript(opts);
  const started = performance.now();
  const keepAtMost = plan.limit.limit ?? Number.POSITIVE_INFINITY;
  const rows: Row[] = [];
  const sink: QuerySink = {
    batchSize: opts.batchSize ?? DEFAULT_BATCH,
    maxRows: plan.limit.fetchLimit,
    onBatch: (batch) => {
      const room = keepAtMost - rows.length;
      const kept = batch.rows.length <= room ? batch.rows : batch.rows.slice(0, Math.max(0, room));
      for (const row of kept) rows.push(row);
      if (kept.length === 0 && batch.rows.length > 0) return; // only the extra row that proves the limit
      return opts.onBatch?.({ columns: batch.columns, rows: kept });
    },
  };
  const run = await withSession(opts, (session, ctx) => runStatements(session, ctx, plan, opts.schema, sink));
  const returnsRows = run.lastColumns.length > 0;
  const settled = returnsRows ? settleLimit(plan.limit, run.lastRowsRead) : { keep: 0, limitingFactor: 'NOT_LIMITED' as const };
  return {
    columns: run.lastColumns,
    rows: returnsRows ? rows : [], // already capped at the limit while reading
    rowcount: returnsRows ? settled.keep : (run.lastAffected ?? 0),
    limit: plan.limit.limit,
    limitingFactor: settled.limitingFactor,
    executedSql: plan.statements.map((s) => s.sql).join(';\n'),
    statements: run.infos,
    durationMs: performance.now() - started,
  };
}

export interface StreamSummary {
  columns: ColumnInfo[];
  rowcount: number;
  limitingFactor: LimitingFactor;
}

/**
 * The last statement's rows as batches, for exports and anything too big to hold: the driver
 * reads the next batch only when the consumer asks for it. Leaving the loop early stops the query.
 */
export async function* streamSql(opts: ExecuteOptions): AsyncGenerator<StreamBatch, StreamSummary, void> {
  const plan = planScript(opts);
  const keepAtMost = plan.limit.limit ?? Number.POSITIVE_INFINITY;
  const channel = new Channel<StreamBatch, Finished>();
  const quit = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, quit.signal]) : quit.signal;
  let delivered = 0;
  const sink: QuerySink = {
    batchSize: opts.batchSize ?? DEFAULT_BATCH,
    maxRows: plan.limit.fetchLimit,
    onBatch: (batch) => {
      const room = keepAtMost - delivered;
      const rows = batch.rows.length <= room ? batch.rows : batch.rows.slice(0, Math.max(0, room));
      delivered += rows.length;
      if (rows.length === 0 && batch.rows.length > 0) return; // only the extra row that proves the limit
      return channel.put({ columns: batch.columns, rows });
    },
  };
  const running = withSession({ ...opts, signal }, (session, ctx) => runStatements(session, ctx, plan, opts.schema, sink)).then(
    (run) => channel.close(run),
    (error: unknown) => channel.fail(error),
  );
  const run = yield* drain(channel, running, quit);
  const settled = settleLimit(plan.limit, run.lastRowsRead);
  return { columns: run.lastColumns, rowcount: run.lastColumns.length > 0 ? settled.keep : (run.lastAffected ?? 0), limitingFactor: settled.limitingFactor };
}

/**
 * The last statement's rows as CSV from the engine's bulk export protocol (Engine.copyCsv, e.g.
 * PostgreSQL's COPY): a header record, then records ending in LF, in the engine's own text forms,
 * chunk by chunk as the consumer takes them. Null when the engine has no such protocol or it does
 * not take the statement: use streamSql then. Planning errors (DML refused) are thrown at once;
 * leaving the loop early stops the statement, as with streamSql. The engine writes every row it
 * reads, so the statement is planned without the limiter's extra row: its own LIMIT as written,
 * or `limit`/`serverMaxRows` exactly.
 */
export function copyCsvSql(opts: ExecuteOptions): AsyncGenerator<Uint8Array, { rowcount: number }, void> | null {
  const plan = planScript(opts, { extraRow: false });
  const last = plan.statements[plan.statements.length - 1];
  const copier = plan.engine.copyCsv;
  if (!copier?.accepts(last.sql, last.shape)) return null;
  return copyChunks(opts, plan, copier);
}

async function* copyChunks(opts: ExecuteOptions, plan: Plan, copier: CsvCopy): AsyncGenerator<Uint8Array, { rowcount: number }, void> {
  const channel = new Channel<Uint8Array, Finished>();
  const quit = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, quit.signal]) : quit.signal;
  const copyLast: RunLast = async (session, statement) => {
    const { rows } = await copier.copy(session, statement.sql, (chunk) => channel.put(chunk));
    return { columns: [], rowsRead: rows, affectedRows: rows, truncated: false };
  };
  const running = withSession({ ...opts, signal }, (session, ctx) => runStatements(session, ctx, plan, opts.schema, copyLast)).then(
    (run) => channel.close(run),
    (error: unknown) => channel.fail(error),
  );
  const run = yield* drain(channel, running, quit);
  return { rowcount: run.lastRowsRead };
}

type Finished = Awaited<ReturnType<typeof runStatements>>;

/** Superset's test_connection: connect and run a trivial query; the error, if any, is an EngineError. */
export async function testConnection(target: ConnectionTarget, timeoutMs = 10_000): Promise<void> {
  await executeSql({ target, sql: 'SELECT 1', timeoutMs });
}

/** Cancels, from anywhere, the query whose session reported `cancelKey` (see ScopeOptions.onCancelKey). */
export async function cancelQuery(target: ConnectionTarget, cancelKey: string): Promise<boolean> {
  const { engine, params } = resolveTarget(target);
  return engine.cancelByKey(params, cancelKey, { connectTimeoutMs: poolSettings().connectTimeoutMs });
}
