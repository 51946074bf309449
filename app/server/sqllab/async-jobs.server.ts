/**
 * Async SQL Lab queries as background jobs. A job names a query record and nothing else: the
 * record holds the SQL to run (rendered and checked by the web process that accepted it) and its
 * state. A worker first claims the record (pending → running, one conditional UPDATE), so a job
 * delivered twice, or a query stopped while queued, never runs twice or after its stop.
 */
import { Op } from 'sequelize';
import { models } from '../db.server';
import { env } from '../env.server';
import { jobQueue } from '../jobs/queue.server';
import { sqlLabError } from './errors.server';
import { claimQuery, finishFailure } from './query-record.server';
import { runQuery } from './runner.server';

export const RUN_QUERY_JOB = 'sqllab-run-query';

const asyncLimitSeconds = () => env().SQLLAB_ASYNC_TIME_LIMIT_SECONDS;

/** Queues the run of a pending query; when the queue refuses, the query fails with ASYNC_WORKERS_ERROR. */
export async function enqueueQuery(queryId: number): Promise<void> {
  try {
    await jobQueue().send(RUN_QUERY_JOB, { queryId }, { expireInSeconds: asyncLimitSeconds() + 60, singletonKey: `query-${queryId}` });
  } catch (cause) {
    console.error('sightline: queueing an async query failed', cause);
    const error = sqlLabError('ASYNC_WORKERS_ERROR', 'Failed to start remote query on a worker: the job queue did not accept it. Try again, or run the query synchronously.', 503);
    await finishFailure(queryId, { errors: [error.error], message: error.message, status: error.status, state: 'failed' });
    throw error;
  }
}

/** The worker's side of a job: claim the query, then run it under the async time limit. */
export async function runQueryJob(data: { queryId: number }): Promise<void> {
  const queryId = Number(data?.queryId);
  if (!Number.isSafeInteger(queryId) || queryId <= 0) {
    console.error('sightline: ignoring a SQL Lab job without a valid queryId', data);
    return;
  }
  if (!(await claimQuery(queryId))) return; // already taken, stopped or swept
  await runQuery(queryId, { timeoutMs: asyncLimitSeconds() * 1000 });
}

/**
 * In-process queues forget their jobs when the process ends; the records do not. Queues again
 * every async query still pending and younger than the async time limit (older ones are the
 * sweeper's). Answers how many were queued.
 */
export async function requeuePendingQueries(): Promise<number> {
  const since = Date.now() - asyncLimitSeconds() * 1000;
  const pending = await models().Query.findAll({
    // executed_sql is set once the web process planned it: one still being planned is not ours to queue.
    where: { status: 'pending', run_async: true, start_time: { [Op.gte]: since }, executed_sql: { [Op.ne]: null } },
    attributes: ['id'],
    order: [['id', 'ASC']],
  });
  for (const query of pending) await enqueueQuery(query.id).catch(() => {});
  return pending.length;
}
