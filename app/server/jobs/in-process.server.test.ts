import { describe, expect, it, vi } from 'vitest';
import { InProcessQueue } from './in-process.server';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('InProcessQueue', () => {
  it('runs jobs in order, at most `concurrency` at once', async () => {
    const queue = new InProcessQueue();
    const started: number[] = [];
    const releases: (() => void)[] = [];
    await queue.work('sqllab-run-query', (data) => {
      started.push(data.queryId);
      return new Promise<void>((resolve) => releases.push(resolve));
    }, { concurrency: 2 });
    for (const queryId of [1, 2, 3]) await queue.send('sqllab-run-query', { queryId }, { expireInSeconds: 60 });
    await tick();
    expect(started).toEqual([1, 2]);
    expect(queue.size('sqllab-run-query')).toEqual({ waiting: 1, active: 2 });
    releases[0]();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    releases.slice(1).forEach((r) => r());
    await queue.close();
  });

  it('keeps jobs sent before a worker exists, and drops a duplicate singleton', async () => {
    const queue = new InProcessQueue();
    await queue.send('sqllab-run-query', { queryId: 7 }, { expireInSeconds: 60, singletonKey: 'query-7' });
    await queue.send('sqllab-run-query', { queryId: 7 }, { expireInSeconds: 60, singletonKey: 'query-7' });
    const seen: number[] = [];
    await queue.work('sqllab-run-query', async (data) => void seen.push(data.queryId), { concurrency: 1 });
    await tick();
    expect(seen).toEqual([7]);
    // Once done, the key is free again (a re-queue after a restart must run).
    await queue.send('sqllab-run-query', { queryId: 7 }, { expireInSeconds: 60, singletonKey: 'query-7' });
    await tick();
    expect(seen).toEqual([7, 7]);
    await queue.close();
  });

  it('logs a failing job and keeps working', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const queue = new InProcessQueue();
    const seen: number[] = [];
    await queue.work('sqllab-run-query', async (data) => {
      if (data.queryId === 1) throw new Error('boom');
      seen.push(data.queryId);
    }, { concurrency: 1 });
    await queue.send('sqllab-run-query', { queryId: 1 }, { expireInSeconds: 60 });
    await queue.send('sqllab-run-query', { queryId: 2 }, { expireInSeconds: 60 });
    await tick();
    expect(seen).toEqual([2]);
    expect(log).toHaveBeenCalledWith('sightline: a background job failed', expect.any(Error));
    log.mockRestore();
    await queue.close();
    await expect(queue.send('sqllab-run-query', { queryId: 3 }, { expireInSeconds: 60 })).rejects.toThrow(/closed/);
  });
});
