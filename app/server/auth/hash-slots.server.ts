/**
 * Fair slots for password hashing. One scrypt hash takes 32 MiB and a core for tens of
 * milliseconds on libuv's thread pool, which SQLite's driver and file reads share: unbounded,
 * a burst of logins takes every pool thread and every request waits behind it. So hashes run
 * in a few slots, each key (a username) holds at most one at a time, and waiting keys take turns:
 * a burst for one username queues behind itself while another user's login takes the next free
 * slot. A key with too many hashes already waiting is refused at once (its callers answer 429).
 */
import os from 'node:os';

type Waiter = { start: () => void };

export class HashSlotsBusyError extends Error {
  constructor() {
    super('too many password checks are waiting for this username');
    this.name = 'HashSlotsBusyError';
  }
}

export class FairSlots {
  private running = 0;
  private readonly active = new Map<string, number>();
  /** Waiting work per key, in the order keys get their turn (a served key goes to the back). */
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(
    readonly slots: number,
    /** Slots one key may hold at once. */
    readonly perKey = 1,
    /** Work one key may have waiting before more is refused. */
    readonly maxWaitingPerKey = 16,
  ) {}

  /** Runs `work` in a slot once one is free and `key` has its turn; HashSlotsBusyError when the key's queue is full. */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        this.active.set(key, (this.active.get(key) ?? 0) + 1);
        work().then(resolve, reject).finally(() => this.release(key));
      };
      if (this.running < this.slots && (this.active.get(key) ?? 0) < this.perKey) {
        start();
        return;
      }
      const queue = this.waiting.get(key) ?? [];
      if (queue.length >= this.maxWaitingPerKey) {
        reject(new HashSlotsBusyError());
        return;
      }
      queue.push({ start });
      this.waiting.set(key, queue);
    });
  }

  private release(key: string) {
    this.running--;
    const left = (this.active.get(key) ?? 1) - 1;
    if (left > 0) this.active.set(key, left);
    else this.active.delete(key);
    // The key just had its turn: behind every key that is waiting for one.
    const queue = this.waiting.get(key);
    if (queue) {
      this.waiting.delete(key);
      this.waiting.set(key, queue);
    }
    this.startNext();
  }

  private startNext() {
    while (this.running < this.slots) {
      const next = [...this.waiting.keys()].find((key) => (this.active.get(key) ?? 0) < this.perKey);
      if (next === undefined) return;
      const queue = this.waiting.get(next)!;
      const waiter = queue.shift()!;
      // Round robin: the key goes to the back of the line, behind every other waiting key.
      this.waiting.delete(next);
      if (queue.length > 0) this.waiting.set(next, queue);
      waiter.start();
    }
  }

  /** For tests and logs: slots in use and work waiting. */
  get load() {
    let waiting = 0;
    for (const queue of this.waiting.values()) waiting += queue.length;
    return { running: this.running, waiting };
  }
}

/**
 * Half the cores, at least one and at most three: a login burst keeps the other cores for
 * serving, and at least one of libuv's four pool threads stays free for SQLite and the disk.
 */
export const HASH_SLOTS = Math.max(1, Math.min(3, Math.floor(os.availableParallelism() / 2)));

let slots: FairSlots | undefined;

/** The process's one set of hashing slots. */
export function hashSlots(): FairSlots {
  slots ??= new FairSlots(HASH_SLOTS);
  return slots;
}
