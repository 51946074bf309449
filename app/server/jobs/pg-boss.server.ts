/**
 * The durable job queue (metadata store on PostgreSQL): pg-boss keeps jobs in its own schema
 * (`pgboss`) of the metadata database, so every process of the deployment shares them and a
 * queued job survives restarts. Trusted: pg-boss's locking (SKIP LOCKED: one job, one worker).
 * Checked: nothing is retried (a query that failed must not silently run twice); a job running
 * past its expiry is failed by pg-boss, and the query record by SQL Lab's own sweeper.
 * pg-boss is started lazily, on the first send or work, so a process that never queues a job
 * never opens its connections. pg-boss finds new jobs by polling; a send also signals every
 * process (signals.server.ts: NOTIFY on the same database), whose workers then look at once, so a
 * job starts in milliseconds rather than at the next poll.
 */
import PgBoss from 'pg-boss';
import type { JobData, JobHandler, JobName, JobQueue, SendOptions } from './queue.server';
import { signals } from './signals.server';

/** pg-boss refuses expirations of 24 hours or more. */
const MAX_EXPIRE_SECONDS = 24 * 3600 - 60;
const STOP_TIMEOUT_MS = 10_000;
/** A send that takes longer means the metadata database is in trouble: the caller is told, not held. */
const SEND_TIMEOUT_MS = 10_000;

async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  readonly durable = true;
  private readonly boss: PgBoss;
  private starting: Promise<void> | null = null;
  /** This process's workers by job name, woken when a job of that name is sent from anywhere. */
  private readonly workers = new Map<string, string[]>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    connectionString: string,
    private readonly names: readonly JobName[],
  ) {
    this.boss = new PgBoss({ connectionString, schema: 'pgboss', application_name: 'sightline-jobs', max: 4, schedule: false });
    // Without a listener an error event would crash the process; pg-boss recovers by itself.
    this.boss.on('error', (error) => console.error('sightline: job queue (pg-boss) error', error));
  }

  private start(): Promise<void> {
    this.starting ??= (async () => {
      await this.boss.start();
      for (const name of this.names) await this.ensureQueue(name);
    })().catch((error: unknown) => {
      this.starting = null; // let the next call try again (the database may come back)
      throw error;
    });
    return this.starting;
  }

  /** pg-boss 10 needs a queue created once; two processes starting together may race to do it. */
  private async ensureQueue(name: string) {
    if (await this.boss.getQueue(name)) return;
    try {
      await this.boss.createQueue(name, { name, policy: 'standard', retryLimit: 0 });
    } catch (error) {
      if (!(await this.boss.getQueue(name))) throw error;
    }
  }

  async send<N extends JobName>(name: N, data: JobData[N], opts: SendOptions): Promise<void> {
    const expireInSeconds = Math.max(1, Math.min(MAX_EXPIRE_SECONDS, Math.ceil(opts.expireInSeconds)));
    const id = await withDeadline(
      this.start().then(() => this.boss.send(name, data as object, { expireInSeconds, retryLimit: 0 })),
      SEND_TIMEOUT_MS,
      `queueing a ${name} job`,
    );
    if (!id) throw new Error(`the job queue did not accept the ${name} job`);
    signals().publish('jobs', name);
  }

  private wake(name: string) {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  async work<N extends JobName>(name: N, handler: JobHandler<N>, opts: { concurrency: number }): Promise<void> {
    await this.start();
    // pg-boss 10 has no per-worker concurrency: one worker per slot, each taking a job at a time.
    const ids = this.workers.get(name) ?? [];
    this.workers.set(name, ids);
    for (let i = 0; i < Math.max(1, Math.floor(opts.concurrency)); i++) {
      ids.push(
        await this.boss.work<JobData[N]>(name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
          for (const job of jobs) await handler(job.data);
        }),
      );
    }
    this.unsubscribe ??= signals().subscribe('jobs', (jobName) => this.wake(jobName));
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.workers.clear();
    if (!this.starting) return;
    await this.starting.catch(() => {});
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS, close: true }).catch(() => {});
  }
}
