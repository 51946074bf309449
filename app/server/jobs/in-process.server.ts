/**
 * The in-process job queue (metadata store on SQLite): a FIFO per job name, worked by this
 * process at a fixed concurrency. Nothing is durable here; callers that need a job to survive a
 * restart keep its state in their own records and send it again at start (singleton keys make
 * that re-send harmless). A handler's failure is logged, never thrown at the sender.
 */
import type { JobData, JobHandler, JobName, JobQueue, SendOptions } from './queue.server';

interface Lane {
  waiting: { data: unknown; key?: string }[];
  keys: Set<string>;
  handler: ((data: unknown) => Promise<void>) | null;
  concurrency: number;
  active: Set<Promise<void>>;
}

const CLOSE_GRACE_MS = 10_000;

export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  readonly durable = false;
  private readonly lanes = new Map<string, Lane>();
  private closed = false;

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = { waiting: [], keys: new Set(), handler: null, concurrency: 1, active: new Set() };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  async send<N extends JobName>(name: N, data: JobData[N], opts: SendOptions): Promise<void> {
    if (this.closed) throw new Error('the job queue is closed');
    const lane = this.lane(name);
    if (opts.singletonKey) {
      if (lane.keys.has(opts.singletonKey)) return;
      lane.keys.add(opts.singletonKey);
    }
    lane.waiting.push({ data, key: opts.singletonKey });
    this.pump(lane);
  }

  async work<N extends JobName>(name: N, handler: JobHandler<N>, opts: { concurrency: number }): Promise<void> {
    const lane = this.lane(name);
    lane.handler = handler as (data: unknown) => Promise<void>;
    lane.concurrency = Math.max(1, Math.floor(opts.concurrency));
    this.pump(lane);
  }

  /** Jobs waiting and running, per name (for tests and diagnostics). */
  size(name: JobName): { waiting: number; active: number } {
    const lane = this.lanes.get(name);
    return { waiting: lane?.waiting.length ?? 0, active: lane?.active.size ?? 0 };
  }

  private pump(lane: Lane) {
    while (!this.closed && lane.handler && lane.active.size < lane.concurrency && lane.waiting.length > 0) {
      const job = lane.waiting.shift() as { data: unknown; key?: string };
      const handler = lane.handler;
      const task: Promise<void> = Promise.resolve()
        .then(() => handler(job.data))
        .catch((error: unknown) => console.error('sightline: a background job failed', error))
        .finally(() => {
          lane.active.delete(task);
          if (job.key) lane.keys.delete(job.key);
          this.pump(lane);
        });
      lane.active.add(task);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const active = [...this.lanes.values()].flatMap((l) => [...l.active]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_GRACE_MS);
      timer.unref();
    });
    await Promise.race([Promise.allSettled(active), grace]);
    clearTimeout(timer);
  }
}
