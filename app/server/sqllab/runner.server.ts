/**
 * Runs one recorded SQL Lab query to its end, in the web process (sync) or a worker (async): the
 * planned SQL on the database's engine under a deadline, a heartbeat on the record while it runs,
 * the results into the results backend, and the outcome onto the record. A stop reaches it three
 * ways: in this process through its AbortController; from another process through the engine's
 * cancel (the cancel key is on the record); and, should both miss, through the heartbeat, which
 * finds the record no longer running and aborts. The record is the truth: a run whose record was
 * stopped or swept meanwhile keeps that state and drops its results.
 */
import crypto from 'node:crypto';
import type { Query } from '../../../db/index';
import { models } from '../db.server';
import { env } from '../env.server';
import { NotFoundError } from '../domain-errors.server';
import { QueryStoppedError } from '../engines/errors.server';
import { executeSql, type ExecuteResult } from '../engines/execute.server';
import { describeFailure, recordedFailureStatus, type Failure } from './errors.server';
import { logQueryFailure } from './failure-events.server';
import { connectionOf } from './database.server';
import { finishFailure, finishSuccess, heartbeat, recordCancelKey } from './query-record.server';
import { resultColumns } from './query-shapes.server';
import { resultsStore, storeResults, type StoredResults } from './results-backend.server';
import { offerResults } from './results-handoff.server';

/** How often a running query's record is touched; the sweeper's staleness threshold is a multiple of it. */
export const HEARTBEAT_MS = 5_000;

export type RunOutcome =
  | { state: 'success'; results: StoredResults; run: ExecuteResult }
  | { state: 'failed' | 'timed_out' | 'stopped'; failure: Failure };

declare global {
  // Queries running in this process, by client id, for a stop that arrives here (see stop.server.ts).
  var __sightlineRunningQueries: Map<string, AbortController> | undefined;
}

function running(): Map<string, AbortController> {
  globalThis.__sightlineRunningQueries ??= new Map();
  return globalThis.__sightlineRunningQueries;
}

/** Aborts the query if it runs in this process; true when it did. */
export function abortLocalQuery(clientId: string): boolean {
  const controller = running().get(clientId);
  if (!controller) return false;
  controller.abort();
  return true;
}

/** A query with what the API names of it: its database (never the connection) and its user. */
export function queryLoadOptions() {
  const { Database, User } = models();
  return {
    include: [
      { model: Database, as: 'database', attributes: ['id', 'database_name'] },
      { model: User, as: 'user', attributes: ['id', 'username', 'first_name', 'last_name'] },
    ],
  };
}

/** The record as the API answers it, with its database and user; 404 when it was deleted meanwhile (a tab closed). */
export async function reloadQuery(queryId: number): Promise<Query> {
  const query = await models().Query.findByPk(queryId, queryLoadOptions());
  if (!query) throw new NotFoundError('The query was deleted while it ran (its tab was closed?).');
  return query;
}

const DELETED: Failure = { errors: [], message: 'The query was deleted while it ran.', status: 404, state: 'stopped' };

/**
 * Runs a query whose record is `running` (created so, or claimed by a worker). Never throws for
 * the query's own failures: they are recorded and returned.
 */
export async function runQuery(queryId: number, opts: { timeoutMs: number }): Promise<RunOutcome> {
  const query = await models().Query.findByPk(queryId, { include: [{ model: models().Database, as: 'database' }] });
  if (!query) throw new Error(`query ${queryId} does not exist`);
  const controller = new AbortController();
  running().set(query.client_id, controller);
  // The record stops being `running` when someone stops or sweeps it: then this run stops too.
  const beat = setInterval(() => {
    heartbeat(queryId).then(
      (alive) => alive || controller.abort(),
      (error: unknown) => console.error('sightline: SQL Lab heartbeat failed', error),
    );
  }, HEARTBEAT_MS);
  beat.unref();
  try {
    const outcome = await execute(query, controller, opts.timeoutMs);
    if (outcome.state === 'success') return outcome;
    const recorded = await finishFailure(queryId, outcome.failure);
    return recorded ? outcome : await settledElsewhere(queryId, outcome.failure);
  } finally {
    clearInterval(beat);
    running().delete(query.client_id);
  }
}

async function execute(query: Query, controller: AbortController, timeoutMs: number): Promise<RunOutcome> {
  const database = query.database;
  try {
    if (!database) throw new Error(`the database of query ${query.id} is gone`);
    // Only SQL that execute.server.ts rendered and checked runs (never the raw text of a record).
    if (!query.executed_sql) throw new Error(`query ${query.id} was never planned`);
    if (controller.signal.aborted) throw new QueryStoppedError();
    const { target } = connectionOf(database);
    const ctas = Boolean(query.select_as_cta);
    const run = await executeSql({
      target,
      sql: query.executed_sql,
      schema: query.schema,
      limit: query.limit,
      serverMaxRows: env().SQL_MAX_ROW,
      // The CTAS statement was built by ctas.server.ts around a checked SELECT; allow_ctas admits it.
      allowDml: database.allow_dml || ctas,
      timeoutMs,
      timeoutErrorType: 'SQLLAB_TIMEOUT_ERROR',
      signal: controller.signal,
      onCancelKey: (key) => {
        recordCancelKey(query.id, key).then(
          (recorded) => recorded || controller.abort(), // stopped before the key was known
          (error: unknown) => console.error('sightline: recording a cancel key failed', error),
        );
      },
    });
    const results: StoredResults = { columns: resultColumns(run.columns), rows: run.rows };
    // As Superset: a CTAS answers no rows, so nothing is stored for it.
    const resultsKey = ctas ? null : crypto.randomUUID();
    if (resultsKey) await storeResults(resultsKey, results);
    // Before the record says success (which wakes the waiter): a stop that wins drops them with the waiter.
    offerResults(query.id, results);
    const recorded = await finishSuccess(query.id, {
      rows: run.rowcount,
      limit: run.limit,
      limitingFactor: run.limitingFactor,
      executedSql: run.executedSql,
      resultsKey,
      ctasUsed: ctas,
    });
    if (recorded) return { state: 'success', results, run };
    // Stopped or swept while the last rows arrived: that state stands, the results go.
    if (resultsKey) await resultsStore().delete(resultsKey).catch(() => {});
    const current = await models().Query.findByPk(query.id);
    if (!current) return { state: 'stopped', failure: DELETED };
    return { state: current.status === 'timed_out' ? 'timed_out' : 'stopped', failure: failureFromRecord(current) };
  } catch (error) {
    // Once stopped, whatever the driver says (a cancel error, MySQL's normal row) is a stop.
    const failure = describeFailure(controller.signal.aborted ? new QueryStoppedError() : error);
    logQueryFailure(failure, query);
    return { state: failure.state, failure };
  }
}

/** What the record says, when another writer (stop, sweeper) finished the query first. */
async function settledElsewhere(queryId: number, fallback: Failure): Promise<RunOutcome> {
  const current = await models().Query.findByPk(queryId);
  if (!current) return { state: 'stopped', failure: DELETED };
  const state = current.status === 'timed_out' ? 'timed_out' : current.status === 'failed' ? 'failed' : 'stopped';
  return { state, failure: current.status === 'stopped' ? { ...fallback, state: 'stopped' } : failureFromRecord(current) };
}

/** A finished query's failure as its record tells it (another process ran or stopped it). */
export function failureFromRecord(query: Query): Failure {
  let errors: Failure['errors'] = [];
  try {
    errors = JSON.parse(query.errors ?? '[]') as Failure['errors'];
  } catch {
    errors = [];
  }
  const state = query.status === 'timed_out' ? 'timed_out' : query.status === 'failed' ? 'failed' : 'stopped';
  return { errors, message: query.error_message ?? 'Query was stopped.', status: recordedFailureStatus(errors[0]?.error_type), state };
}
