/**
 * `POST /api/v1/sqllab/execute/`: from a request to a recorded, running query. Trusts the payload
 * only after ExecutePayloadSchema (the route parses it). Checks, in order: the permission
 * ('can_execute_sql_query', 'SQLLab'), the database (exists, the user may reach into it, exposed in
 * SQL Lab), the client id (a retry of a query already accepted answers that query). From there on
 * the query is on record, and any refusal (CTAS rules, template errors, DML rules, the engine's
 * own errors) leaves it `failed` with its errors: the history shows what was tried and why not,
 * and the caller gets it thrown as a QueryFailedError with its status (errors.server.ts).
 * Sync runs return the rows (at most DISPLAY_MAX_ROW shown). Async runs are queued, then waited
 * for a short window (SQLLAB_INLINE_WAIT_MS): a query that finishes within it is answered as a
 * sync run is, whichever process ran it, so a quick query on an async database costs no poll;
 * a longer one answers `{query}` with 202 and the editor follows it (query-events.server.ts).
 */
import type { ExecutePayload, QueryAccepted, QueryExecutionResponse } from '~/lib/sqllab-api';
import { describeStatement, readOnlyRefusal } from '~/lib/sql/classify';
import { splitStatements } from '~/lib/sql/split';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { ConflictError } from '../domain-errors.server';
import { env } from '../env.server';
import { engineError } from '../engines/errors.server';
import { resolveTarget } from '../engines/pools.server';
import type { Engine } from '../engines/types.server';
import type { Query } from '../../../db/index';
import { enqueueQuery } from './async-jobs.server';
import { ctasTarget, planCtas, type CtasTarget } from './ctas.server';
import { getSqlLabDatabase, type SqlLabDatabase } from './database.server';
import { describeFailure, QueryFailedError, queryFailed } from './errors.server';
import { createQueryRecord, finishFailure, findQueryByClientId, newClientId, recordPlannedSql } from './query-record.server';
import { emptyExecutionBody, executionBody } from './responses.server';
import { startAndAwait } from './query-events.server';
import { loadResults, type StoredResults } from './results-backend.server';
import { awaitResultsHere } from './results-handoff.server';
import { failureFromRecord, reloadQuery, runQuery } from './runner.server';
import { renderSqlTemplate } from './templating.server';
import { toQueryResult } from './query-shapes.server';

/** States in which a query sent again with the same client id is answered as it is (Superset's "handled"). */
const HANDLED = new Set(['running', 'pending', 'timed_out', 'success']);

export interface ExecuteInput {
  payload: ExecutePayload;
  /** The editor's URL parameters (it posts to `/execute/<its query string>`), for `url_param()`. */
  urlParams?: Record<string, string>;
}

/** A finished query with its rows (a stopped one without), or an accepted one still to run (202 when async). */
export type Execution =
  | { finished: true; status: 200; body: QueryExecutionResponse }
  | { finished: false; status: 200 | 202; body: QueryAccepted };

/** The schema names of a CTAS land in when the query names none. */
function defaultSchemaOf(db: SqlLabDatabase): string | null {
  if (db.engine.dialect.defaultSchema) return db.engine.dialect.defaultSchema;
  // MySQL's "schema" is the database: unqualified names land in the one the URI names.
  return resolveTarget(db.target).params.database || null;
}

/** Superset refuses DML before running anything; so do we, for sync and async alike. */
function checkStatements(sql: string, engine: Engine, allowDml: boolean): void {
  const flavor = engine.dialect.flavor;
  const statements = splitStatements(sql, flavor);
  if (statements.length === 0) {
    throw engineError('GENERIC_COMMAND_ERROR', 'The query is empty: there is no statement to run.', { engineName: engine.label, status: 400 });
  }
  if (allowDml) return;
  const refusal = readOnlyRefusal(statements.map((statement) => describeStatement(statement.sql, flavor)));
  if (refusal) {
    throw engineError('DML_NOT_ALLOWED_ERROR', refusal.message, { engineName: engine.label, extra: { statement: refusal.statement, statement_kind: refusal.kind } });
  }
}

/** Where a CTAS goes, or why it may not run (recorded on the query like any other refusal). */
function ctasFor(payload: ExecutePayload, db: SqlLabDatabase, user: CurrentUser): { target: CtasTarget } | { refusal: unknown } {
  try {
    return {
      target: ctasTarget({
        method: payload.ctas_method,
        tmpTableName: payload.tmp_table_name,
        userId: user.id,
        database: db.record,
        schema: payload.schema,
        defaultSchema: defaultSchemaOf(db),
      }),
    };
  } catch (refusal) {
    return { refusal };
  }
}

/** How long execute waits for an async query before answering 202 (0: never waits). */
function inlineWaitMs(): number {
  return env().SQLLAB_INLINE_WAIT_MS;
}

/**
 * An async query that finished within the window, answered as its sync run would be; null when
 * its results cannot be read back (expired already, or a results backend this process cannot
 * reach): then it is answered as accepted and the editor fetches them as for any async query.
 */
async function inlineAnswer(query: Query, displayMaxRow: number, handedOver: StoredResults | null): Promise<Execution | null> {
  if (query.status === 'success') {
    // A CTAS stores no rows (as Superset): its answer is the query alone.
    const results = handedOver ?? (query.results_key ? await loadResults(query.results_key).catch(() => null) : { columns: [], rows: [] });
    return results ? { finished: true, status: 200, body: executionBody(query, results, displayMaxRow) } : null;
  }
  if (query.status === 'stopped') return { finished: true, status: 200, body: emptyExecutionBody(query) };
  throw new QueryFailedError(failureFromRecord(query));
}

/** An async run: queued, then answered inline if it finishes within the window, else as it is then (202). */
async function runQueued(queryId: number, displayMaxRow: number): Promise<Execution> {
  const enqueue = () =>
    enqueueQuery(queryId).catch((error: unknown) => {
      throw queryFailed(error);
    });
  const windowMs = inlineWaitMs();
  if (windowMs <= 0) {
    // As accepted (pending): an idle worker may claim it before this answer is written.
    const accepted = toQueryResult(await reloadQuery(queryId));
    await enqueue();
    return { finished: false, status: 202, body: { query: accepted } };
  }
  const handoff = awaitResultsHere(queryId);
  let finished: Query | null;
  let handedOver: StoredResults | null;
  try {
    finished = await startAndAwait(queryId, windowMs, enqueue);
  } finally {
    handedOver = handoff.take();
  }
  const inline = finished ? await inlineAnswer(finished, displayMaxRow, handedOver) : null;
  // Still queued or running after the window: answered as it is now, for the editor to follow.
  return inline ?? { finished: false, status: 202, body: { query: toQueryResult(await reloadQuery(queryId)) } };
}

async function answerExisting(user: CurrentUser, clientId: string): Promise<Execution | null> {
  const existing = await findQueryByClientId(clientId);
  if (!existing) return null;
  if (existing.user_id !== user.id || !HANDLED.has(existing.status)) {
    throw new ConflictError(`A query with client_id "${clientId}" already exists: send a new client_id to run the query again.`);
  }
  return { finished: false, status: 200, body: { query: toQueryResult(await reloadQuery(existing.id)) } };
}

export async function executeQuery(user: CurrentUser, { payload, urlParams = {} }: ExecuteInput): Promise<Execution> {
  requirePermission(user, 'can_execute_sql_query', 'SQLLab');
  const db = await getSqlLabDatabase(user, payload.database_id);
  if (payload.client_id) {
    const existing = await answerExisting(user, payload.client_id);
    if (existing) return existing;
  }
  const e = env();
  const runAsync = Boolean(payload.runAsync) && db.record.allow_run_async;
  // Superset's rule: the dropdown's limit, never above SQL_MAX_ROW, which is also the default.
  const limit = Math.min(payload.queryLimit ?? e.SQL_MAX_ROW, e.SQL_MAX_ROW);
  const ctas = payload.select_as_cta ? ctasFor(payload, db, user) : null;
  const query = await createQueryRecord({
    clientId: payload.client_id ?? newClientId(),
    databaseId: db.record.id,
    userId: user.id,
    sql: payload.sql,
    schema: payload.schema ?? null,
    catalog: payload.catalog ?? null,
    tabName: payload.tab ?? null,
    sqlEditorId: payload.sql_editor_id ?? null,
    limit,
    runAsync,
    templateParams: payload.templateParams,
    ctas: ctas && ('target' in ctas ? ctas.target : { method: payload.ctas_method, table: payload.tmp_table_name || null, schema: null }),
  });

  try {
    if (ctas && 'refusal' in ctas) throw ctas.refusal;
    const rendered = await renderSqlTemplate(payload.sql, {
      templateParams: payload.templateParams,
      user: { id: user.id, username: user.username, email: user.email },
      engine: db.engine.name,
      urlParams,
    });
    const plan = ctas && 'target' in ctas ? planCtas(rendered, ctas.target, db.engine) : null;
    checkStatements(plan ? plan.sql : rendered, db.engine, db.record.allow_dml || plan !== null);
    await recordPlannedSql(query.id, rendered, plan ? plan.sql : rendered);
  } catch (error) {
    const failure = describeFailure(error);
    await finishFailure(query.id, failure);
    throw new QueryFailedError(failure);
  }

  if (runAsync) return runQueued(query.id, e.DISPLAY_MAX_ROW);

  const outcome = await runQuery(query.id, { timeoutMs: e.SQLLAB_TIMEOUT_SECONDS * 1000 });
  const current = await reloadQuery(query.id);
  if (outcome.state === 'success') return { finished: true, status: 200, body: executionBody(current, outcome.results, e.DISPLAY_MAX_ROW) };
  if (outcome.state === 'stopped') return { finished: true, status: 200, body: emptyExecutionBody(current) };
  throw new QueryFailedError(outcome.failure);
}
