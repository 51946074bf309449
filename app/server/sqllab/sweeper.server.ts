/**
 * Ends what nobody will end: a query whose worker died (killed, out of memory, host lost) stays
 * `running` with a heartbeat that stopped, and an async query no worker ever took stays `pending`.
 * The sweeper, run by every process that does background work, marks them `timed_out` with an
 * error saying why, asks the engine to cancel a statement that may still run, and drops results
 * past their age, and key-value records past their expiry. Each row moves by a conditional UPDATE, so two sweepers (or a worker finishing
 * at that moment) never both win.
 */
import { Op } from 'sequelize';
import { models } from '../db.server';
import { env } from '../env.server';
import { engineError } from '../engines/errors.server';
import { deleteExpiredValues } from '../key-value/store.server';
import { cancelQuery } from '../engines/execute.server';
import { connectionOf } from './database.server';
import { sqlLabError, type SqlLabSupersetError } from './errors.server';
import { signalQueryChange } from './query-record.server';
import { HEARTBEAT_MS } from './runner.server';
import { resultsStore } from './results-backend.server';

/** A running query whose heartbeat is this old has lost its worker. */
export const STALE_AFTER_MS = 12 * HEARTBEAT_MS;
const CANCEL_DEADLINE_MS = 5_000;

export interface SweepOptions {
  now?: number;
  staleAfterMs?: number;
  asyncLimitMs?: number;
}

export interface SweepReport {
  stale: number;
  overLimit: number;
  neverStarted: number;
  expiredResults: number;
  /** Key-value records (Explore form data, filter state) past their expiry: reads skip them already; this frees the rows. */
  expiredValues: number;
}

async function timeOut(where: Record<PropertyKey, unknown>, error: SqlLabSupersetError, now: number): Promise<number> {
  const { Query, Database } = models();
  const candidates = await Query.findAll({ where, attributes: ['id', 'cancel_key', 'database_id'] });
  let count = 0;
  for (const candidate of candidates) {
    const [moved] = await Query.update(
      { status: 'timed_out', error_message: error.message, errors: JSON.stringify([error]), end_time: now, cancel_key: null },
      { where: { [Op.and]: [where, { id: candidate.id }] } },
    );
    if (!moved) continue;
    count++;
    signalQueryChange(candidate.id);
    if (candidate.cancel_key) {
      const database = await Database.findByPk(candidate.database_id);
      if (database) await cancelWithDeadline(connectionOf(database).target, candidate.cancel_key);
    }
  }
  return count;
}

/** Best effort: the statement may already be gone with its connection. */
async function cancelWithDeadline(target: Parameters<typeof cancelQuery>[0], key: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CANCEL_DEADLINE_MS);
  });
  await Promise.race([cancelQuery(target, key).catch(() => false), deadline]);
  clearTimeout(timer);
}

export async function sweepQueries(opts: SweepOptions = {}): Promise<SweepReport> {
  const now = opts.now ?? Date.now();
  const staleAfterMs = opts.staleAfterMs ?? STALE_AFTER_MS;
  const asyncLimitMs = opts.asyncLimitMs ?? env().SQLLAB_ASYNC_TIME_LIMIT_SECONDS * 1000;
  const seconds = (ms: number) => Math.round(ms / 1000);

  const lost = sqlLabError(
    'ASYNC_WORKERS_ERROR',
    `The process running this query stopped answering for more than ${seconds(staleAfterMs)} seconds (it may have been stopped or killed), so the query was given up. Run it again.`,
    500,
  ).error;
  const stale = await timeOut({ status: 'running', changed_on: { [Op.lt]: new Date(now - staleAfterMs) } }, lost, now);

  const tooLong = engineError(
    'SQLLAB_TIMEOUT_ERROR',
    `The query was killed after ${seconds(asyncLimitMs)} seconds (SQLLAB_ASYNC_TIME_LIMIT_SECONDS). It might be too complex, or the database might be under heavy load.`,
  ).error as SqlLabSupersetError;
  const overLimit = await timeOut({ status: 'running', start_running_time: { [Op.lt]: now - asyncLimitMs } }, tooLong, now);

  const unclaimed = sqlLabError(
    'ASYNC_WORKERS_ERROR',
    `No worker started this query within ${seconds(asyncLimitMs)} seconds. Check that a worker runs (npm run worker, or WORKER_IN_WEB=true).`,
    500,
  ).error;
  const neverStarted = await timeOut({ status: 'pending', start_time: { [Op.lt]: now - asyncLimitMs } }, unclaimed, now);

  const expiredResults = await resultsStore()
    .purgeExpired()
    .catch((error: unknown) => {
      console.error('sightline: purging expired query results failed', error);
      return 0;
    });
  const expiredValues = await deleteExpiredValues(new Date(now)).catch((error: unknown) => {
    console.error('sightline: deleting expired key-value records failed', error);
    return 0;
  });
  return { stale, overLimit, neverStarted, expiredResults, expiredValues };
}
