/**
 * Rows → batches → the sink, one batch at a time. Drivers push rows as their protocol parser
 * produces them (synchronously, several per network chunk); while the sink digests a batch the
 * driver's source is paused, so memory holds about one batch plus one network chunk of rows.
 */
import type { ColumnInfo, QuerySink, Row } from './types.server';

export class RowBatcher {
  columns: ColumnInfo[] = [];
  rowsRead = 0;
  /** Set once reading should stop: the row cap was reached, or the sink failed. */
  stopped = false;
  private rows: Row[] = [];
  private inflight: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly sink: QuerySink,
    private readonly source: { pause(): void; resume(): void; stop(): void },
  ) {}

  /** Whether the cap was reached (the statement may have had more rows). */
  get capped(): boolean {
    return this.sink.maxRows != null && this.rowsRead >= this.sink.maxRows;
  }

  push(row: Row): void {
    if (this.stopped) return;
    this.rows.push(row);
    this.rowsRead++;
    if (this.capped) {
      this.stopped = true;
      this.source.stop();
      if (!this.inflight) this.flush();
    } else if (this.rows.length >= this.sink.batchSize && !this.inflight) {
      this.flush();
    }
  }

  private flush(): void {
    const rows = this.rows;
    this.rows = [];
    let pending: void | Promise<void>;
    try {
      pending = this.sink.onBatch({ columns: this.columns, rows });
    } catch (error) {
      this.fail(error);
      return;
    }
    if (!pending) return;
    this.source.pause();
    this.inflight = pending.then(
      () => {
        this.inflight = null;
        if (this.rows.length >= this.sink.batchSize || (this.stopped && this.rows.length > 0 && !this.failure)) this.flush();
        if (!this.inflight) this.source.resume();
      },
      (error: unknown) => {
        this.inflight = null;
        this.fail(error);
        this.source.resume();
      },
    );
  }

  private fail(error: unknown): void {
    this.failure ??= { error };
    if (!this.stopped) {
      this.stopped = true;
      this.source.stop();
    }
  }

  /** At the end of the statement: waits for the sink and hands it the last rows. */
  async finish(): Promise<void> {
    while (this.inflight) await this.inflight;
    if (this.failure) throw this.failure.error;
    if (this.rows.length > 0 || (this.rowsRead === 0 && this.columns.length > 0)) {
      const rows = this.rows;
      this.rows = [];
      await this.sink.onBatch({ columns: this.columns, rows });
    }
  }

  /** The sink's error, if it failed: it wins over the driver's (e.g. the cancel it caused). */
  get sinkError(): unknown {
    return this.failure?.error;
  }
}
