/**
 * Background jobs behind one interface, with two implementations chosen by the metadata store:
 * PostgreSQL → pg-boss (jobs are rows in the metadata database, so any process of the same
 * deployment, web or `npm run worker`, picks them up, and a queued job survives a restart);
 * SQLite → an in-process worker (jobs in memory; SQL Lab re-queues pending queries at start and
 * at each sweep, see jobs/worker.server.ts, so a worker process on the same SQLite file finds them
 * too). Job data is small JSON naming records, never the records.
 */
import { parseMetadataUrl } from '../../../db/index';
import { env } from '../env.server';
import { InProcessQueue } from './in-process.server';
import { PgBossQueue } from './pg-boss.server';

/** Every job the product knows, with its data. */
export interface JobData {
  'sqllab-run-query': { queryId: number };
}
export type JobName = keyof JobData;
export const JOB_NAMES: readonly JobName[] = ['sqllab-run-query'];

export interface SendOptions {
  /** After this long a job still running is given up (pg-boss marks it failed; nothing retries). */
  expireInSeconds: number;
  /** In-process only: a job with the same key already queued or running makes this one a no-op. */
  singletonKey?: string;
}

export type JobHandler<N extends JobName> = (data: JobData[N]) => Promise<void>;

export interface JobQueue {
  readonly kind: 'in-process' | 'pg-boss';
  /** Whether queued jobs outlive this process. */
  readonly durable: boolean;
  send<N extends JobName>(name: N, data: JobData[N], opts: SendOptions): Promise<void>;
  /** Takes jobs of `name` in this process, `concurrency` at a time. */
  work<N extends JobName>(name: N, handler: JobHandler<N>, opts: { concurrency: number }): Promise<void>;
  /** Stops taking jobs; waits (up to a grace period) for the running ones. */
  close(): Promise<void>;
}

declare global {
  // One queue per process, kept across Vite's module reloads in development.
  var __sightlineJobQueue: JobQueue | undefined;
}

export function jobQueue(): JobQueue {
  if (!globalThis.__sightlineJobQueue) {
    const metadata = parseMetadataUrl(env().databaseUrl);
    globalThis.__sightlineJobQueue = metadata.dialect === 'postgres' ? new PgBossQueue(metadata.url, JOB_NAMES) : new InProcessQueue();
  }
  return globalThis.__sightlineJobQueue;
}

export async function closeJobQueue(): Promise<void> {
  const queue = globalThis.__sightlineJobQueue;
  globalThis.__sightlineJobQueue = undefined;
  await queue?.close();
}
