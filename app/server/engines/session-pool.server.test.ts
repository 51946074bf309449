/**
 * The pool's own rules, with stand-in sessions (the pool never talks to a driver; the engine
 * integration tests run it against real servers).
 */
import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.server';
import { SessionPool } from './session-pool.server';
import type { EngineSession } from './types.server';

function standIn(id: number) {
  const calls: string[] = [];
  const session = {
    engine: 'sqlite',
    cancelKey: `s${id}`,
    broken: false,
    calls,
    prepareStatement: async () => {},
    query: async () => ({ columns: [], rowsRead: 0, affectedRows: null, truncated: false }),
    select: async () => ({ columns: [], rows: [] }),
    cancel: async () => void calls.push('cancel'),
    reset: async () => void calls.push('reset'),
    destroy: async () => void calls.push('destroy'),
  };
  return session as EngineSession & { calls: string[]; broken: boolean };
}

function pool(max = 2, acquireTimeoutMs = 200) {
  const made: ReturnType<typeof standIn>[] = [];
  const p = new SessionPool(
    async () => {
      const s = standIn(made.length + 1);
      made.push(s);
      return s;
    },
    { max, acquireTimeoutMs, idleTimeoutMs: 1000, engineLabel: 'Test' },
  );
  return { p, made };
}

describe('SessionPool', () => {
  it('opens at most `max` sessions; a waiter gets the next released one, reset first', async () => {
    const { p, made } = pool(2);
    const a = await p.acquire();
    const b = await p.acquire();
    const waiting = p.acquire();
    expect(p.size).toMatchObject({ busy: 2, waiting: 1 });
    p.release(a, { reset: true });
    expect(await waiting).toBe(a);
    expect(made).toHaveLength(2);
    expect((a as ReturnType<typeof standIn>).calls).toEqual(['reset']);
    p.release(b, { reset: false });
    expect(await p.acquire()).toBe(b);
  });

  it('gives up waiting after the acquire timeout with BACKEND_TIMEOUT_ERROR', async () => {
    const { p } = pool(1, 50);
    await p.acquire();
    const error = await p.acquire().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).error.error_type).toBe('BACKEND_TIMEOUT_ERROR');
    expect((error as EngineError).message).toContain('All 1 connections to this database were busy');
  });

  it('stops waiting when the caller aborts', async () => {
    const { p } = pool(1, 5000);
    await p.acquire();
    const stop = new AbortController();
    const waiting = p.acquire(stop.signal);
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    expect(p.size.waiting).toBe(0);
  });

  it('drops broken sessions instead of handing them out again', async () => {
    const { p, made } = pool(1);
    const a = (await p.acquire()) as ReturnType<typeof standIn>;
    a.broken = true;
    p.release(a, { reset: true });
    expect(a.calls).toEqual(['destroy']);
    const b = await p.acquire();
    expect(b).not.toBe(a);
    expect(made).toHaveLength(2);
  });

  it('reports a failed connect to its caller and lets the next one try', async () => {
    let fail = true;
    const p = new SessionPool(
      async () => {
        if (fail) throw new Error('refused');
        return standIn(9);
      },
      { max: 1, acquireTimeoutMs: 1000, idleTimeoutMs: 1000, engineLabel: 'Test' },
    );
    await expect(p.acquire()).rejects.toThrow('refused');
    fail = false;
    expect((await p.acquire()).cancelKey).toBe('s9');
  });

  it('closes idle sessions after the idle timeout, and everything on close', async () => {
    const { p, made } = pool(2);
    const a = await p.acquire();
    const b = await p.acquire();
    p.release(a, { reset: false });
    p.sweep(Date.now() + 5000);
    expect(made[0].calls).toEqual(['destroy']);
    await p.close();
    p.release(b, { reset: false });
    expect(made[1].calls).toEqual(['destroy']);
    await expect(p.acquire()).rejects.toThrow('closed');
  });
});
