/**
 * A small pool of engine sessions for one database. One implementation for every engine, so they
 * all behave alike: at most `max` connections, a caller waits at most `acquireTimeoutMs` for a
 * busy pool (then BACKEND_TIMEOUT_ERROR), broken sessions are dropped, a released session is reset
 * before reuse, idle ones are closed by `sweep`. Connecting has its own timeout (the engine's
 * connect option), so a database that is down fails its callers within it and holds nothing else.
 */
import { engineError } from './errors.server';
import type { EngineSession } from './types.server';

export interface SessionPoolOptions {
  max: number;
  acquireTimeoutMs: number;
  idleTimeoutMs: number;
  /** For messages: the engine's label. */
  engineLabel: string;
}

interface Waiter {
  resolve(session: EngineSession): void;
  reject(error: unknown): void;
  settled: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  cleanup(): void;
}

export class SessionPool {
  private idle: { session: EngineSession; since: number }[] = [];
  /** Handed out, or being reset: both count against `max`. */
  private busy = new Set<EngineSession>();
  private connecting = 0;
  private waiters: Waiter[] = [];
  private closed = false;
  lastUsed = Date.now();

  constructor(
    private readonly connect: () => Promise<EngineSession>,
    private readonly options: SessionPoolOptions,
  ) {}

  get size(): { idle: number; busy: number; connecting: number; waiting: number } {
    return { idle: this.idle.length, busy: this.busy.size, connecting: this.connecting, waiting: this.waiters.length };
  }

  acquire(signal?: AbortSignal): Promise<EngineSession> {
    if (this.closed) return Promise.reject(new Error('The connection pool was closed.'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.lastUsed = Date.now();
    return new Promise<EngineSession>((resolve, reject) => {
      const onAbort = () => this.fail(waiter, signal?.reason);
      const waiter: Waiter = {
        settled: false,
        timer: null,
        resolve,
        reject,
        cleanup: () => {
          if (waiter.timer) clearTimeout(waiter.timer);
          signal?.removeEventListener('abort', onAbort);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      this.drain();
      if (!waiter.settled && this.waiters.includes(waiter)) {
        waiter.timer = setTimeout(() => {
          this.fail(
            waiter,
            engineError(
              'BACKEND_TIMEOUT_ERROR',
              `All ${this.options.max} connections to this database were busy for ${Math.round(this.options.acquireTimeoutMs / 1000)} seconds. Try again when other queries have finished.`,
              { engineName: this.options.engineLabel },
            ),
          );
        }, this.options.acquireTimeoutMs);
      }
    });
  }

  /** Gives a session back. `reset`: it ran user SQL, so it is cleaned before anyone else gets it. */
  release(session: EngineSession, opts: { reset: boolean }): void {
    this.lastUsed = Date.now();
    if (this.closed || session.broken) {
      this.busy.delete(session);
      void session.destroy().catch(() => {});
      this.drain();
      return;
    }
    if (!opts.reset) {
      this.busy.delete(session);
      this.idle.push({ session, since: Date.now() });
      this.drain();
      return;
    }
    session.reset().then(
      () => {
        this.busy.delete(session);
        if (this.closed || session.broken) void session.destroy().catch(() => {});
        else this.idle.push({ session, since: Date.now() });
        this.drain();
      },
      () => {
        this.busy.delete(session);
        void session.destroy().catch(() => {});
        this.drain();
      },
    );
  }

  /** Closes sessions idle for longer than the idle timeout. */
  sweep(now = Date.now()): void {
    const keep: typeof this.idle = [];
    for (const entry of this.idle) {
      if (now - entry.since > this.options.idleTimeoutMs || entry.session.broken) void entry.session.destroy().catch(() => {});
      else keep.push(entry);
    }
    this.idle = keep;
  }

  get inUse(): boolean {
    return this.busy.size > 0 || this.connecting > 0 || this.waiters.length > 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) this.fail(waiter, new Error('The connection pool was closed.'));
    const idle = this.idle.splice(0);
    await Promise.all(idle.map((e) => e.session.destroy().catch(() => {})));
    // Busy sessions are destroyed when released: their queries finish first.
  }

  private fail(waiter: Waiter, error: unknown) {
    if (waiter.settled) return;
    waiter.settled = true;
    waiter.cleanup();
    this.waiters = this.waiters.filter((w) => w !== waiter);
    waiter.reject(error);
  }

  private give(waiter: Waiter, session: EngineSession) {
    waiter.settled = true;
    waiter.cleanup();
    this.busy.add(session);
    waiter.resolve(session);
  }

  private drain() {
    while (this.waiters.length > 0 && !this.closed) {
      let entry = this.idle.pop();
      while (entry?.session.broken) {
        void entry.session.destroy().catch(() => {});
        entry = this.idle.pop();
      }
      if (entry) {
        this.give(this.waiters.shift() as Waiter, entry.session);
        continue;
      }
      if (this.busy.size + this.connecting >= this.options.max) return;
      const waiter = this.waiters.shift() as Waiter;
      if (waiter.timer) clearTimeout(waiter.timer); // from here the connect timeout applies
      this.connecting++;
      this.connect().then(
        (session) => {
          this.connecting--;
          if (this.closed) void session.destroy().catch(() => {});
          else if (waiter.settled) this.idle.push({ session, since: Date.now() }); // its caller gave up meanwhile
          else this.give(waiter, session);
          this.drain();
        },
        (error: unknown) => {
          this.connecting--;
          if (!waiter.settled) {
            waiter.settled = true;
            waiter.cleanup();
            waiter.reject(error);
          }
          this.drain();
        },
      );
    }
  }
}
