/**
 * Background work of a process: the job workers (async SQL Lab queries) and the sweeper. The web
 * server calls `startBackgroundWork()` once after bootstrap; it starts the workers unless
 * WORKER_IN_WEB=false, and the sweeper always (it is cheap, and ends queries nobody else will).
 * With the in-process queue (SQLite), each sweep also re-queues pending queries, so a worker
 * process on the same SQLite file, or a restarted one, finds what it was never sent.
 * `npm run worker` (scripts/worker.ts) calls it with `worker: true`. Idempotent: a second call
 * (Vite's dev reloads) does nothing.
 */
import { env } from '../env.server';
import { RUN_QUERY_JOB, requeuePendingQueries, runQueryJob } from '../sqllab/async-jobs.server';
import { sweepQueries } from '../sqllab/sweeper.server';
import { closeJobQueue, jobQueue } from './queue.server';
import { closeSignals } from './signals.server';

const SWEEP_EVERY_MS = 15_000;

export interface BackgroundOptions {
  /** Run job workers here; default: WORKER_IN_WEB. */
  worker?: boolean;
  /** Jobs run at once by this process (default WORKER_CONCURRENCY). */
  concurrency?: number;
  /** Run the sweeper every 15 s (default true; tests sweep by hand). */
  sweep?: boolean;
  log?: (message: string) => void;
}

interface Background {
  sweeper: ReturnType<typeof setInterval> | null;
  worker: boolean;
}

declare global {
  var __sightlineBackground: Background | undefined;
}

export async function startBackgroundWork(opts: BackgroundOptions = {}): Promise<void> {
  if (globalThis.__sightlineBackground) return;
  const log = opts.log ?? ((m: string) => console.log(`sightline: ${m}`));
  const worker = opts.worker ?? env().WORKER_IN_WEB !== 'false';
  const state: Background = { sweeper: null, worker };
  globalThis.__sightlineBackground = state;
  const queue = jobQueue();
  if (worker) {
    const concurrency = opts.concurrency ?? env().WORKER_CONCURRENCY;
    await queue.work(RUN_QUERY_JOB, runQueryJob, { concurrency });
    log(`running background jobs (${queue.kind}, ${concurrency} at a time)`);
    if (!queue.durable) {
      const requeued = await requeuePendingQueries();
      if (requeued) log(`re-queued ${requeued} pending async quer${requeued === 1 ? 'y' : 'ies'}`);
    }
  } else if (!queue.durable) {
    log('WORKER_IN_WEB=false with a SQLite metadata store: async SQL Lab queries wait for `npm run worker` on the same file, which looks for them every 15 s (PostgreSQL shares the queue at once)');
  }
  if (opts.sweep === false) return;
  const sweep = async () => {
    try {
      await sweepQueries();
      // Without a shared queue, pending queries of other processes (or of a restart) are found here.
      if (worker && !queue.durable) await requeuePendingQueries();
    } catch (error) {
      console.error('sightline: the SQL Lab sweeper failed', error);
    }
  };
  await sweep();
  state.sweeper = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  state.sweeper.unref();
}

/** Stops taking jobs, waits briefly for running ones, stops the sweeper, closes the signal channel. */
export async function stopBackgroundWork(): Promise<void> {
  const state = globalThis.__sightlineBackground;
  globalThis.__sightlineBackground = undefined;
  if (state?.sweeper) clearInterval(state.sweeper);
  await closeJobQueue();
  await closeSignals();
}
