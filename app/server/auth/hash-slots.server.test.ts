import { describe, expect, it } from 'vitest';
import { FairSlots, HASH_SLOTS, HashSlotsBusyError } from './hash-slots.server';

/** Work that finishes when the test says so, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { work: () => (log.push(name), done), open };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FairSlots', () => {
  it('runs at most `slots` at once, and one per key', async () => {
    const slots = new FairSlots(2);
    const log: string[] = [];
    const a1 = gate(log, 'a1');
    const a2 = gate(log, 'a2');
    const b1 = gate(log, 'b1');
    const c1 = gate(log, 'c1');
    const runs = [slots.run('a', a1.work), slots.run('a', a2.work), slots.run('b', b1.work), slots.run('c', c1.work)];
    await tick();
    expect(log).toEqual(['a1', 'b1']);
    expect(slots.load).toEqual({ running: 2, waiting: 2 });
    b1.open();
    await tick();
    // a is still busy with a1: c goes first, though a2 waited longer.
    expect(log).toEqual(['a1', 'b1', 'c1']);
    a1.open();
    c1.open();
    a2.open();
    await Promise.all(runs);
    expect(log).toEqual(['a1', 'b1', 'c1', 'a2']);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('takes keys in turn: a burst for one key lets another key in after one of its own', async () => {
    const slots = new FairSlots(1);
    const log: string[] = [];
    const burst = Array.from({ length: 5 }, (_, i) => gate(log, `burst${i}`));
    const other = gate(log, 'other');
    const runs = burst.map((g) => slots.run('burst', g.work));
    await tick();
    runs.push(slots.run('other', other.work));
    burst[0].open();
    await tick();
    expect(log).toEqual(['burst0', 'other']);
    other.open();
    for (const g of burst) g.open();
    await Promise.all(runs);
    expect(log).toEqual(['burst0', 'other', 'burst1', 'burst2', 'burst3', 'burst4']);
  });

  it('refuses work past a key\'s waiting limit, and passes failures through', async () => {
    const slots = new FairSlots(1, 1, 2);
    const log: string[] = [];
    const first = gate(log, 'first');
    const runs = [slots.run('k', first.work), slots.run('k', async () => 'second'), slots.run('k', async () => 'third')];
    await expect(slots.run('k', async () => 'fourth')).rejects.toBeInstanceOf(HashSlotsBusyError);
    first.open();
    expect(await Promise.all(runs)).toEqual([undefined, 'second', 'third']);
    await expect(slots.run('k', async () => { throw new Error('scrypt failed'); })).rejects.toThrow('scrypt failed');
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('sizes the process\'s slots between one and three', () => {
    expect(HASH_SLOTS).toBeGreaterThanOrEqual(1);
    expect(HASH_SLOTS).toBeLessThanOrEqual(3);
  });
});
