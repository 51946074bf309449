import { describe, expect, it } from 'vitest';
import { deferredCommit } from './deferred-commit';

/** Timers run by hand: the test says when the pause has passed. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    set: (run: () => void) => {
      pending.set(next, run);
      return next++;
    },
    clear: (handle: unknown) => pending.delete(handle as number),
    elapse: () => {
      const runs = [...pending.values()];
      pending.clear();
      runs.forEach((run) => run());
    },
    count: () => pending.size,
  };
}

describe('deferredCommit', () => {
  it('commits the last draft once after the pause, not every keystroke', () => {
    const commits: string[] = [];
    const timers = manualTimers();
    const text = deferredCommit((value) => commits.push(value), 500, timers);
    text.change('S');
    text.change('Sa');
    text.change('Sales');
    expect(commits).toEqual([]);
    expect(timers.count()).toBe(1);
    timers.elapse();
    expect(commits).toEqual(['Sales']);
  });

  it('commits at once on flush (leaving the field), and only once', () => {
    const commits: string[] = [];
    const timers = manualTimers();
    const text = deferredCommit((value) => commits.push(value), 500, timers);
    text.change('Revenue');
    text.flush();
    timers.elapse();
    text.flush();
    expect(commits).toEqual(['Revenue']);
    expect(text.pending()).toBe(false);
  });

  it('drops the draft on cancel', () => {
    const commits: string[] = [];
    const timers = manualTimers();
    const text = deferredCommit((value) => commits.push(value), 500, timers);
    text.change('oops');
    text.cancel();
    timers.elapse();
    text.flush();
    expect(commits).toEqual([]);
  });
});
