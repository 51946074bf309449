/**
 * A fast path for result rows, between the socket and node-postgres' protocol parser. pg turns
 * every DataRow into a message object and every field into a string (one Buffer.toString each),
 * which made reading rows three times slower than PostgreSQL writing them. Here the socket's bytes
 * are cut into protocol messages; while a consumer is set (a streaming statement), DataRow
 * messages are decoded straight from the bytes into the values of app/lib/sql/values.ts and every
 * other message (RowDescription, CommandComplete, errors, ReadyForQuery, COPY data, notices) goes
 * on to pg, whole and in order, so pg's state machine runs exactly as before. With no consumer,
 * everything goes to pg.
 *
 * Trusted: the server's framing (type byte, int32 length) and pg's one 'data' listener on its
 * socket after connect (pg-protocol's `parse`), which accepts any run of whole messages. Checked:
 * if the socket does not have exactly one 'data' listener, nothing is installed and pg reads rows
 * itself (the driver falls back to pg's 'row' events). Values: numbers are parsed from their
 * digits only where the result is provably the one `parse` gives (at most 15 digits: both the
 * digits and the power of ten are exact doubles, so one division rounds as parsing would); all
 * else is made into text and handed to the type's own `parse`. Text comes from one latin1 decode
 * of each network chunk when the chunk is ASCII (substrings are cheap), per field as UTF-8 if not.
 */
import { isAscii } from 'node:buffer';
import type { Socket } from 'node:net';
import type { CellValue } from '~/lib/sql/values';
import type { Row } from '../types.server';
import type { PgType, ValueKind } from './types.server';

export interface WireField {
  name: string;
  dataTypeID: number;
  format: 'text' | 'binary';
}

export interface RowConsumer {
  /** The type behind an OID (built-in or user type), to decode its values. */
  typeOf(oid: number): Pick<PgType, 'kind' | 'parse'>;
  /** A RowDescription: the columns of the rows that follow. */
  columns(fields: WireField[]): void;
  row(values: Row): void;
  /** Set once rows are no longer wanted (the cap was reached): they are skipped undecoded. */
  readonly skipping: boolean;
  /** A decode or consumer failure: later rows are skipped; the statement should fail with it. */
  fail(error: unknown): void;
}

const DATA_ROW = 0x44; // 'D'
const ROW_DESCRIPTION = 0x54; // 'T'
const HEADER = 5;

const KIND_CODES: Record<ValueKind, number> = { text: 0, float: 1, int8: 2, decimal: 3, bool: 4, other: 5 };
const BINARY = 6;
const TEXT = 0;
const FLOAT = 1;
const INT8 = 2;
const DECIMAL = 3;
const BOOL = 4;

const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/** A field's text: substring of the chunk's latin1 text when the chunk is ASCII, else UTF-8. */
function textOf(buf: Buffer, ascii: string | null, start: number, end: number): string {
  return ascii !== null ? ascii.substring(start, end) : buf.toString('utf8', start, end);
}

/**
 * `[-]digits[.digits]` of at most 15 digits → its value, exactly as parsing the text would give;
 * `undefined` for anything else (exponents, NaN, Infinity, longer numbers).
 */
function smallDecimal(buf: Buffer, start: number, end: number, allowPoint: boolean): number | undefined {
  let i = start;
  const negative = buf[i] === 0x2d;
  if (negative) i++;
  let m = 0;
  let digits = 0;
  let scale = -1;
  for (; i < end; i++) {
    const c = buf[i];
    if (c >= 0x30 && c <= 0x39) {
      m = m * 10 + (c - 0x30);
      digits++;
    } else if (c === 0x2e && allowPoint && scale < 0) {
      scale = i;
    } else {
      return undefined;
    }
  }
  if (digits === 0 || digits > 15) return undefined;
  const value = scale < 0 ? m : m / POW10[end - scale - 1];
  return negative ? -value : value;
}

export class WireRowReader {
  /** Set while a statement streams its rows through the fast path. */
  consumer: RowConsumer | null = null;
  private kinds: number[] = [];
  private parsers: ((text: string) => CellValue)[] = [];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Bytes the message at the head of `pending` needs before it can be cut; 0 when unknown. */
  private needed = 0;

  private constructor(private readonly forward: (chunk: Buffer) => void) {}

  /** Puts the reader in front of pg's parser on `socket`; null when pg's listener is not as expected. */
  static install(socket: Socket): WireRowReader | null {
    const listeners = socket.listeners('data');
    if (listeners.length !== 1) return null;
    const pgListener = listeners[0] as (chunk: Buffer) => void;
    const reader = new WireRowReader((chunk) => pgListener.call(socket, chunk));
    socket.removeListener('data', pgListener);
    socket.on('data', (chunk: Buffer) => reader.data(chunk));
    return reader;
  }

  /** For tests: a reader that hands every message it does not decode to `forward`. */
  static forTesting(forward: (chunk: Buffer) => void): WireRowReader {
    return new WireRowReader(forward);
  }

  data(chunk: Buffer): void {
    if (this.pendingBytes > 0) {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      // A message bigger than one read: gather its chunks, join them once.
      if (this.needed > 0 && this.pendingBytes < this.needed) return;
      chunk = Buffer.concat(this.pending, this.pendingBytes);
      this.pending = [];
      this.pendingBytes = 0;
    }
    this.needed = 0;
    const end = chunk.length;
    let offset = 0;
    let runStart = 0; // start of the messages not yet forwarded
    let ascii: string | null | undefined; // decoded on the first DataRow of this chunk
    while (offset + HEADER <= end) {
      const length = chunk.readUInt32BE(offset + 1);
      const next = offset + 1 + length;
      if (next > end) {
        this.needed = next - offset;
        break;
      }
      const code = chunk[offset];
      const consumer = this.consumer;
      if (code === DATA_ROW && consumer) {
        if (runStart < offset) this.forward(chunk.subarray(runStart, offset));
        runStart = next;
        if (!consumer.skipping) {
          const text = (ascii ??= isAscii(chunk) ? chunk.toString('latin1') : null);
          this.decode(consumer, () => this.dataRow(consumer, chunk, offset + HEADER, text));
        }
      } else if (code === ROW_DESCRIPTION && consumer) {
        this.decode(consumer, () => this.rowDescription(consumer, chunk, offset + HEADER));
      }
      offset = next;
    }
    if (runStart < offset) this.forward(chunk.subarray(runStart, offset));
    if (offset < end) {
      this.pending.push(chunk.subarray(offset));
      this.pendingBytes = end - offset;
    }
  }

  /** A throw here would be an uncaught exception on the socket: it goes to the consumer instead. */
  private decode(consumer: RowConsumer, work: () => void): void {
    try {
      work();
    } catch (error) {
      consumer.fail(error);
    }
  }

  private rowDescription(consumer: RowConsumer, buf: Buffer, at: number): void {
    const count = buf.readInt16BE(at);
    let p = at + 2;
    const fields: WireField[] = [];
    for (let i = 0; i < count; i++) {
      const nul = buf.indexOf(0, p);
      const name = buf.toString('utf8', p, nul);
      p = nul + 1;
      const dataTypeID = buf.readUInt32BE(p + 6);
      const format = buf.readInt16BE(p + 16) === 0 ? 'text' : 'binary';
      p += 18;
      fields.push({ name, dataTypeID, format });
    }
    this.kinds = fields.map((f) => (f.format === 'binary' ? BINARY : KIND_CODES[consumer.typeOf(f.dataTypeID).kind]));
    this.parsers = fields.map((f) => consumer.typeOf(f.dataTypeID).parse);
    consumer.columns(fields);
  }

  private dataRow(consumer: RowConsumer, buf: Buffer, at: number, ascii: string | null): void {
    const count = buf.readInt16BE(at);
    let p = at + 2;
    const row: CellValue[] = new Array(count);
    const kinds = this.kinds;
    for (let i = 0; i < count; i++) {
      const len = buf.readInt32BE(p);
      p += 4;
      if (len < 0) {
        row[i] = null;
        continue;
      }
      const start = p;
      const stop = p + len;
      p = stop;
      const kind = kinds[i];
      if (kind === TEXT) {
        row[i] = textOf(buf, ascii, start, stop);
      } else if (kind === FLOAT) {
        row[i] = smallDecimal(buf, start, stop, true) ?? +textOf(buf, ascii, start, stop);
      } else if (kind === INT8 || kind === DECIMAL) {
        const n = smallDecimal(buf, start, stop, kind === DECIMAL);
        // parse() turns -0 into 0 for these kinds.
        row[i] = n === undefined || len > 15 ? this.parsers[i](textOf(buf, ascii, start, stop)) : n === 0 ? 0 : n;
      } else if (kind === BOOL && len === 1) {
        row[i] = buf[start] === 0x74; // 't'
      } else if (kind === BINARY) {
        row[i] = buf.toString('hex', start, stop);
      } else {
        row[i] = this.parsers[i](textOf(buf, ascii, start, stop));
      }
    }
    consumer.row(row);
  }
}
