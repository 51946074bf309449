/**
 * Handing a statement's output (row batches, COPY chunks) from the driver to an async generator's
 * consumer one item at a time: the driver's `put` resolves only once the consumer has taken the
 * item, so a slow consumer slows the reading (backpressure) and nothing piles up in memory.
 */
import { QueryStoppedError } from './errors.server';

/** Hands the channel's items to the generator's consumer; a consumer that leaves stops the work. */
export async function* drain<T, R>(channel: Channel<T, R>, running: Promise<void>, quit: AbortController): AsyncGenerator<T, R, void> {
  let finished = false;
  try {
    for (;;) {
      const next = await channel.take();
      if (next.done) {
        finished = true;
        return next.value;
      }
      yield next.value;
    }
  } finally {
    if (!finished) {
      quit.abort(); // the consumer left (break, error): stop the statement and free the session
      channel.drop();
      await running.catch(() => {});
    }
  }
}

/** A hand-over point for one batch at a time between the driver and the generator's consumer. */
export class Channel<T, R> {
  private item: { value: T; taken: () => void } | null = null;
  private end: { run: R } | { error: unknown } | null = null;
  private waiting: ((r: IteratorResult<T, R>) => void) | null = null;
  private rejectWaiting: ((e: unknown) => void) | null = null;
  private dropped = false;

  put(value: T): Promise<void> {
    if (this.dropped) return Promise.reject(new QueryStoppedError());
    return new Promise<void>((taken) => {
      this.item = { value, taken };
      this.wake();
    });
  }

  take(): Promise<IteratorResult<T, R>> {
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.rejectWaiting = reject;
      this.wake();
    });
  }

  close(run: R) {
    this.end = { run };
    this.wake();
  }

  fail(error: unknown) {
    this.end = { error };
    this.wake();
  }

  drop() {
    this.dropped = true;
    this.item?.taken();
    this.item = null;
  }

  private wake() {
    if (!this.waiting) return;
    const resolve = this.waiting;
    const reject = this.rejectWaiting as (e: unknown) => void;
    if (this.item) {
      const { value, taken } = this.item;
      this.item = null;
      this.waiting = null;
      taken();
      resolve({ done: false, value });
    } else if (this.end) {
      this.waiting = null;
      if ('run' in this.end) resolve({ done: true, value: this.end.run });
      else reject(this.end.error);
    }
  }
}
