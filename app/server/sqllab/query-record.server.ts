/**
 * The Query record and its state machine (sql-lab.md §4): created `pending` (async) or `running`
 * (sync), then `success`, `failed`, `stopped` or `timed_out`. Several processes write the same
 * row (the web process that took the request, a worker, a stop from another web process, the
 * sweeper), so every transition is one conditional UPDATE that names the states it may leave:
 * whoever comes second finds the row already moved and changes nothing. A stop therefore wins
 * over a success that arrives later, and a late heartbeat cannot revive a swept query.
 * `changed_on` doubles as the heartbeat of a running query (see sweeper.server.ts).
 * Each move the editor should see (claimed, finished, stopped) signals the query's followers in
 * every process (query-events.server.ts); heartbeats and cancel keys do not.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { literal, Op, UniqueConstraintError } from 'sequelize';
import { ACTIVE_STATES, type CtasMethod, type QueryState } from '~/lib/sqllab-api';
import type { LimitingFactor } from '~/lib/sql/limit';
import type { Query } from '../../../db/index';
import { models } from '../db.server';
import { ConflictError } from '../domain-errors.server';
import { signals } from '../jobs/signals.server';
import type { Failure } from './errors.server';

export interface NewQuery {
  clientId: string;
  databaseId: number;
  userId: number;
  sql: string;
  schema: string | null;
  catalog: string | null;
  tabName: string | null;
  sqlEditorId: string | null;
  limit: number | null;
  runAsync: boolean;
  templateParams: Record<string, unknown>;
  /** For CREATE TABLE/VIEW AS; `table` is null when the request was refused before a name was chosen. */
  ctas: { method: CtasMethod; table: string | null; schema: string | null } | null;
}

/** Which process runs a query (kept in `extra_json`, not answered by the API): for diagnosing a sweep. */
const WORKER_ID = `${os.hostname()}:${process.pid}`;

export const newClientId = () => crypto.randomBytes(8).toString('base64url').slice(0, 11);

/** Creates the record: `pending` when a worker will run it, else `running` from now. 409 if the client id is taken. */
export async function createQueryRecord(input: NewQuery): Promise<Query> {
  const now = Date.now();
  try {
    return await models().Query.create({
      client_id: input.clientId,
      database_id: input.databaseId,
      user_id: input.userId,
      status: input.runAsync ? 'pending' : 'running',
      tab_name: input.tabName,
      sql_editor_id: input.sqlEditorId,
      catalog: input.catalog,
      schema: input.schema,
      sql: input.sql,
      limit: input.limit,
      limiting_factor: 'UNKNOWN',
      select_as_cta: input.ctas !== null,
      select_as_cta_used: false,
      ctas_method: input.ctas?.method ?? null,
      tmp_table_name: input.ctas?.table ?? null,
      tmp_schema_name: input.ctas?.schema ?? null,
      progress: 0,
      run_async: input.runAsync,
      template_params: JSON.stringify(input.templateParams),
      start_time: now,
      start_running_time: input.runAsync ? null : now,
      extra_json: input.runAsync ? null : JSON.stringify({ worker: WORKER_ID }),
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) {
      throw new ConflictError(`A query with client_id "${input.clientId}" already exists: send a new client_id to run the query again.`);
    }
    throw error;
  }
}

/** Tells every process following the query that its record changed (query-events.server.ts reads it again). */
export function signalQueryChange(queryId: number): void {
  signals().publish('sqllab_query', String(queryId));
}

/** Moves the row from one of `from` to the new values; false when it was no longer in `from`. Signals the move when `signal`. */
async function transition(queryId: number, from: readonly QueryState[], values: Partial<Record<string, unknown>>, signal = true): Promise<boolean> {
  const [count] = await models().Query.update(values, { where: { [Op.and]: [{ id: queryId }, { status: { [Op.in]: [...from] } }] } });
  if (count > 0 && signal) signalQueryChange(queryId);
  return count > 0;
}

/** Saves the SQL that will run (template rendered, CTAS wrapped) before any worker reads it. */
export async function recordPlannedSql(queryId: number, selectSql: string, runSql: string): Promise<void> {
  await models().Query.update({ select_sql: selectSql, executed_sql: runSql }, { where: { id: queryId } });
}

/** A worker takes a pending query; false when another worker (or a stop) got there first. */
export function claimQuery(queryId: number): Promise<boolean> {
  return transition(queryId, ['pending'], { status: 'running', start_running_time: Date.now(), extra_json: JSON.stringify({ worker: WORKER_ID }) });
}

/** Where `cancelQuery` can reach the running statement from any process; false once it is not running. */
export function recordCancelKey(queryId: number, cancelKey: string): Promise<boolean> {
  return transition(queryId, ['running'], { cancel_key: cancelKey }, false);
}

/** Refreshes `changed_on` of a running query; false once it is running no more (stopped, swept). */
export function heartbeat(queryId: number): Promise<boolean> {
  // Sequelize skips an UPDATE of the timestamp alone; a no-op assignment carries it.
  return transition(queryId, ['running'], { progress: literal('progress') }, false);
}

export interface SuccessValues {
  rows: number;
  limit: number | null;
  limitingFactor: LimitingFactor;
  executedSql: string;
  resultsKey: string | null;
  ctasUsed: boolean;
}

export function finishSuccess(queryId: number, result: SuccessValues): Promise<boolean> {
  const now = Date.now();
  return transition(queryId, ['running'], {
    status: 'success',
    progress: 100,
    rows: result.rows,
    limit: result.limit,
    limiting_factor: result.limitingFactor,
    executed_sql: result.executedSql,
    results_key: result.resultsKey,
    select_as_cta_used: result.ctasUsed,
    end_time: now,
    end_result_backend_time: result.resultsKey ? now : null,
    cancel_key: null,
  });
}

/** Records a failure (or a timeout) of a query that is still active. */
export function finishFailure(queryId: number, failure: Failure): Promise<boolean> {
  return transition(queryId, ACTIVE_STATES, {
    status: failure.state,
    error_message: failure.message,
    errors: JSON.stringify(failure.errors),
    end_time: Date.now(),
    cancel_key: null,
  });
}

/** Marks an active query stopped; false when it had already finished. Keeps the cancel key for the stop to use. */
export function markStopped(queryId: number): Promise<boolean> {
  return transition(queryId, ACTIVE_STATES, { status: 'stopped', end_time: Date.now() });
}

export function findQueryByClientId(clientId: string): Promise<Query | null> {
  return models().Query.findOne({ where: { client_id: clientId } });
}

