/**
 * Work on one pooled session, under a deadline and a stop switch. Stopping (the caller's signal,
 * or the deadline) cancels the running statement in the engine itself; if the engine does not
 * give the session back within a grace period (a hung server, a lost network), the connection is
 * destroyed, so a stuck database never holds a caller longer than its deadline plus the grace.
 * Driver errors leave here as EngineErrors; a stop leaves as QueryStoppedError or a timeout error.
 */
import { engineError, EngineError, QueryStoppedError } from './errors.server';
import { poolFor, type ConnectionTarget } from './pools.server';
import type { ConnectionParams, Engine, EngineSession } from './types.server';

export interface ScopeOptions {
  target: ConnectionTarget;
  /** Deadline for the whole work, connecting included. */
  timeoutMs?: number | null;
  /** SQLLAB_TIMEOUT_ERROR for SQL Lab, BACKEND_TIMEOUT_ERROR (the default) for charts and the rest. */
  timeoutErrorType?: 'SQLLAB_TIMEOUT_ERROR' | 'BACKEND_TIMEOUT_ERROR';
  /** Aborting it stops the work (SQL Lab's Stop). */
  signal?: AbortSignal;
  /** Called once the session is known, with the key `cancelQuery` needs (e.g. to stop it from another process). */
  onCancelKey?: (cancelKey: string) => void;
}

export interface ScopeContext {
  engine: Engine;
  params: ConnectionParams;
}

/** How long a cancelled statement may take to give its connection back before it is closed. */
const CANCEL_GRACE_MS = 2_000;

function timeoutError(type: 'SQLLAB_TIMEOUT_ERROR' | 'BACKEND_TIMEOUT_ERROR', ms: number, engine: Engine): EngineError {
  const seconds = Math.round(ms / 100) / 10;
  const message =
    type === 'SQLLAB_TIMEOUT_ERROR'
      ? `The query was killed after ${seconds} seconds. It might be too complex, or the database might be under heavy load.`
      : `The query exceeded the ${seconds} seconds timeout.`;
  return engineError(type, message, { engineName: engine.label });
}

export async function withSession<T>(opts: ScopeOptions, work: (session: EngineSession, ctx: ScopeContext) => Promise<T>): Promise<T> {
  const { engine, params, pool } = poolFor(opts.target);
  const stop = new AbortController();
  let reason: 'timeout' | 'cancelled' | null = null;
  let session: EngineSession | null = null;
  let grace: ReturnType<typeof setTimeout> | null = null;
  let cancelling: Promise<void> | null = null;

  const halt = (why: 'timeout' | 'cancelled') => {
    if (reason) return;
    reason = why;
    stop.abort(new QueryStoppedError());
    const running = session;
    if (!running) return;
    cancelling = running.cancel().catch(() => {});
    grace = setTimeout(() => void running.destroy().catch(() => {}), CANCEL_GRACE_MS);
  };
  const deadline = opts.timeoutMs ? setTimeout(() => halt('timeout'), opts.timeoutMs) : null;
  const onAbort = () => halt('cancelled');
  if (opts.signal?.aborted) halt('cancelled');
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  const settle = (error: unknown): never => {
    if (reason === 'timeout') throw timeoutError(opts.timeoutErrorType ?? 'BACKEND_TIMEOUT_ERROR', opts.timeoutMs ?? 0, engine);
    if (reason === 'cancelled') throw new QueryStoppedError();
    if (error instanceof EngineError) throw error;
    throw engine.mapError(error, { params, phase: 'query' });
  };

  try {
    session = await pool.acquire(stop.signal);
    opts.onCancelKey?.(session.cancelKey);
    const result = await work(session, { engine, params });
    // A stop that lost the race still wins: MySQL answers a killed SLEEP() with a normal row.
    if (reason) settle(null);
    return result;
  } catch (error) {
    return settle(error);
  } finally {
    if (deadline) clearTimeout(deadline);
    if (grace) clearTimeout(grace);
    opts.signal?.removeEventListener('abort', onAbort);
    // A cancel still on its way must land before the session serves anyone else.
    if (cancelling) await cancelling;
    if (session) pool.release(session, { reset: true });
  }
}
