/**
 * CSV text for query results, RFC 4180: fields quoted when they hold a comma, a quote or a line
 * break, quotes doubled, CRLF between records. Text that a spreadsheet would run as a formula
 * (starting with = + - @ | % or a tab / carriage return, other than a plain negative number) is
 * prefixed with a single quote, as Superset's `escape_value` does, so opening an export never
 * executes what a database row contained.
 */
import type { CellValue } from '~/lib/sql/values';
import { uniqueNames } from './query-shapes.server';

/** Superset's CSV_EXPORT encoding `utf-8-sig`: a BOM so spreadsheets read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@|%\t\r]/;
const NEGATIVE_NUMBER = /^-[0-9.]+(?:[eE][+-]?\d+)?$/;

export function escapeFormula(text: string): string {
  if (!FORMULA_START.test(text) || NEGATIVE_NUMBER.test(text)) return text;
  return `'${text.replaceAll('|', '\\|')}`;
}

export function csvField(value: CellValue): string {
  if (value === null) return '';
  let text: string;
  if (typeof value === 'number') text = Number.isNaN(value) ? '' : String(value);
  else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else text = escapeFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: readonly CellValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** `<tab or query>_<UTC timestamp>.csv`, safe as a file name on any system. */
export function exportFileName(tabName: string | null, queryId: number, now = new Date()): string {
  const base = (tabName ?? '').trim().replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_+|_+$/g, '').slice(0, 80) || `query_${queryId}`;
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
  return `${base}_${stamp}.csv`;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const PIPE = 0x7c;
const MINUS = 0x2d;
const APOSTROPHE = 0x27;
const BACKSLASH = 0x5c;
/** First bytes FORMULA_START matches. */
const FORMULA_BYTES = new Uint8Array(256);
for (const c of '=+-@|%\t\r') FORMULA_BYTES[c.charCodeAt(0)] = 1;

const RARE_FORMULA_BYTES = [...'=+@|%\t\r'].map((c) => c.charCodeAt(0));

/** Whether whole records without quotes may hold a field to escape (conservative: any rare formula byte anywhere). */
function mayNeedEscaping(records: Buffer): boolean {
  return RARE_FORMULA_BYTES.some((b) => records.indexOf(b) >= 0) || records.indexOf(',-') >= 0 || records.indexOf('\n-') >= 0;
}

/** The fields of one CSV record (RFC 4180 quoting), without its line end. */
export function parseCsvRecord(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const close = line.indexOf('"', i);
        if (close < 0) {
          value += line.slice(i);
          i = line.length;
          break;
        }
        value += line.slice(i, close);
        if (line[close + 1] === '"') {
          value += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
      fields.push(value);
    } else {
      const comma = line.indexOf(',', i);
      fields.push(line.slice(i, comma < 0 ? line.length : comma));
      i = comma < 0 ? line.length : comma;
    }
    if (line[i] !== ',') return fields;
    i++;
  }
}

/**
 * The CSV a database writes itself (PostgreSQL's COPY … WITH (FORMAT csv, HEADER true): RFC 4180
 * quoting, a header record, LF after each record) → the export format, decoding no values: the
 * BOM and the header exactly as the generic export writes them (unique names, quoted as needed),
 * and fields that start like a formula neutralised as escapeFormula does. Each field's quoting is
 * kept: the database quotes exactly the fields that hold a comma, a quote or a line break (and the
 * empty string, as `""`, to tell it from NULL), which the added quote and backslashes never
 * change. LF after each record becomes CRLF, as the generic export writes it.
 */
export class CopyCsvRewriter {
  /** Whether a data record (not only the header) has been written. */
  sawRecord = false;
  private header: Buffer[] | null = [];
  private headerQuoted = false;
  private inQuotes = false;
  private fieldStart = true;
  private afterOpenQuote = false;
  private escaping = false;
  /** An unquoted field starting with '-': held until its end shows whether it is a number. */
  private minus: number[] | null = null;

  write(chunk: Uint8Array): Buffer {
    let buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let head: Buffer | null = null;
    if (this.header) {
      const end = this.headerEnd(buf);
      if (end < 0) {
        this.header.push(Buffer.from(buf));
        return Buffer.alloc(0);
      }
      this.header.push(buf.subarray(0, end));
      head = this.headerRecord();
      buf = buf.subarray(end + 1);
    }
    const body = this.quickBody(buf);
    return head ? Buffer.concat([head, body]) : body;
  }

  /** What is left once the database's stream has ended (a last record without its LF). */
  end(): Buffer {
    if (this.header) return this.header.length > 0 ? this.headerRecord() : Buffer.alloc(0);
    return this.fieldStart && this.minus === null ? Buffer.alloc(0) : this.body(Buffer.from([LF]));
  }

  private headerEnd(buf: Buffer): number {
    for (let i = 0; i < buf.length; i++) {
      if (buf[i] === QUOTE) this.headerQuoted = !this.headerQuoted;
      else if (buf[i] === LF && !this.headerQuoted) return i;
    }
    return -1;
  }

  private headerRecord(): Buffer {
    const line = Buffer.concat(this.header ?? []).toString('utf8');
    this.header = null;
    return Buffer.from(UTF8_BOM + csvRecord(uniqueNames(parseCsvRecord(line))), 'utf8');
  }

  /**
   * Most chunks hold no quote and no field that starts like a formula (checked natively and
   * conservatively: any rare formula byte anywhere sends the chunk to the byte loop): in those,
   * between the first and the last LF, only LF becomes CRLF, done natively on the latin1 text
   * (byte for byte, whatever the encoding); the byte loop does both ends and all other chunks.
   */
  private quickBody(buf: Buffer): Buffer {
    const first = buf.indexOf(LF);
    const last = buf.lastIndexOf(LF);
    if (this.inQuotes || first < 0 || first === last || buf.indexOf(QUOTE) >= 0) return this.body(buf);
    const middle = buf.subarray(first + 1, last + 1);
    if (FORMULA_BYTES[middle[0]] === 1 || mayNeedEscaping(middle)) return this.body(buf);
    const head = this.body(buf.subarray(0, first + 1));
    const converted = Buffer.from(middle.toString('latin1').replaceAll('\n', '\r\n'), 'latin1');
    const tail = this.body(buf.subarray(last + 1));
    return Buffer.concat([head, converted, tail]);
  }

  private body(buf: Buffer): Buffer {
    const out = Buffer.allocUnsafe(3 * buf.length + 2 * (this.minus?.length ?? 0) + 8);
    let o = 0;
    let { inQuotes, fieldStart, afterOpenQuote, escaping, sawRecord } = this;
    for (let i = 0; i < buf.length; i++) {
      const c = buf[i];
      if (this.minus !== null) {
        if (c !== COMMA && c !== LF) {
          this.minus.push(c);
          continue;
        }
        o = this.flushMinus(out, o);
      }
      if (inQuotes) {
        if (afterOpenQuote) {
          afterOpenQuote = false;
          // Quoted fields hold a comma, quote or line break: never a plain negative number.
          if (FORMULA_BYTES[c] === 1) {
            escaping = true;
            out[o++] = APOSTROPHE;
          }
        }
        if (c === QUOTE) inQuotes = false;
        else if (c === PIPE && escaping) out[o++] = BACKSLASH;
        out[o++] = c;
        continue;
      }
      if (fieldStart) {
        fieldStart = false;
        if (c === QUOTE) {
          inQuotes = true;
          afterOpenQuote = true;
          out[o++] = c;
          continue;
        }
        if (c === MINUS) {
          this.minus = [c];
          continue;
        }
        if (FORMULA_BYTES[c] === 1) {
          escaping = true;
          out[o++] = APOSTROPHE;
        }
      }
      if (c === COMMA) {
        fieldStart = true;
        escaping = false;
      } else if (c === LF) {
        out[o++] = CR;
        fieldStart = true;
        escaping = false;
        sawRecord = true;
      } else if (c === QUOTE) {
        inQuotes = true; // the second quote of a doubled one
      } else if (c === PIPE && escaping) {
        out[o++] = BACKSLASH;
      }
      out[o++] = c;
    }
    this.inQuotes = inQuotes;
    this.fieldStart = fieldStart;
    this.afterOpenQuote = afterOpenQuote;
    this.escaping = escaping;
    this.sawRecord = sawRecord;
    return out.subarray(0, o);
  }

  private flushMinus(out: Buffer, at: number): number {
    const bytes = this.minus ?? [];
    this.minus = null;
    let o = at;
    const text = Buffer.from(bytes).toString('latin1');
    if (NEGATIVE_NUMBER.test(text)) {
      for (const b of bytes) out[o++] = b;
      return o;
    }
    out[o++] = APOSTROPHE;
    for (const b of bytes) {
      if (b === PIPE) out[o++] = BACKSLASH;
      out[o++] = b;
    }
    return o;
  }
}
