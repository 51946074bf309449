/**
 * The one representation of query result values, whatever the engine. Drivers convert into it;
 * the cache, the API (through lossless-json) and the browser keep it.
 *
 * | database value                          | JS value                                                   |
 * |-----------------------------------------|------------------------------------------------------------|
 * | NULL                                    | null                                                       |
 * | integers (int2/4/8, BIGINT UNSIGNED …)  | number when within ±(2^53 − 1), else bigint                |
 * | NUMERIC/DECIMAL with no fraction        | as integers                                                |
 * | NUMERIC/DECIMAL with a fraction         | number when the text round-trips exactly through a double, |
 * |                                         | else the decimal text (a string), digit for digit          |
 * | float4/float8/DOUBLE/REAL               | number (NaN and ±Infinity stay numbers; JSON writes null)  |
 * | boolean                                 | boolean                                                    |
 * | date                                    | 'YYYY-MM-DD'                                               |
 * | timestamp without time zone, DATETIME   | 'YYYY-MM-DDTHH:mm:ss.SSS': wall time as stored, no zone    |
 * | timestamp with time zone                | 'YYYY-MM-DDTHH:mm:ss.SSSZ': the instant, in UTC            |
 * | binary (bytea, BLOB, VARBINARY, BIT)    | lowercase hex, no prefix                                   |
 * | anything else (time, interval, json,    | the database's own text                                    |
 * | arrays, uuid, enums, geometry …)        |                                                            |
 *
 * Timestamps keep milliseconds: microseconds are truncated, as a JS Date and Superset's epoch
 * milliseconds would. Values a Date cannot show (years past 9999, BC, infinity, MySQL zero dates
 * of other shapes) keep the database's text. Nothing here reads the local time zone, so the
 * result is the same whatever TZ the server runs in.
 */
export type CellValue = null | boolean | number | bigint | string;

/** An integer's decimal text → number when safe, else bigint. */
export function integerValue(text: string): number | bigint {
  const n = +text;
  // Up to 15 characters cannot exceed 2^53 (16 digits); skip the check on the hot path.
  if (text.length < 16 || Number.isSafeInteger(n)) return n === 0 ? 0 : n;
  return BigInt(text);
}

/** A NUMERIC/DECIMAL's text (no exponent, as PostgreSQL and MySQL print it). */
export function decimalValue(text: string): number | bigint | string {
  // 15 significant digits always survive a double; the sign and point only shorten that.
  if (text.length <= 15) {
    const n = +text;
    return n === 0 ? 0 : n; // -0.00 is 0; NaN and Infinity stay as they are
  }
  const dot = text.indexOf('.');
  if (dot === -1) return /^-?\d+$/.test(text) ? integerValue(text) : +text;
  const fraction = text.slice(dot + 1).replace(/0+$/, '');
  const whole = text.slice(0, dot);
  if (fraction === '') return integerValue(whole);
  const n = +text;
  const canonical = `${whole.replace(/^(-?)0+(?=\d)/, '$1')}.${fraction}`;
  return String(n) === canonical ? n : text;
}

/** 'YYYY-MM-DD HH:mm:ss[.ffffff]' → 'YYYY-MM-DDTHH:mm:ss.SSS'. Other shapes are returned as they are. */
export function timestampValue(text: string): string {
  const len = text.length;
  if (len < 19 || text.charCodeAt(4) !== 45 || text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58) return text;
  if (len === 19) return `${text.slice(0, 10)}T${text.slice(11)}.000`;
  if (text.charCodeAt(19) !== 46 || len > 26 || !/^\d+$/.test(text.slice(20))) return text;
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${text.slice(20, 23).padEnd(3, '0')}`;
}

const ZONED = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?|Z)$/;

/** 'YYYY-MM-DD HH:mm:ss[.ffffff]±HH[:MM[:SS]]' → the same instant as 'YYYY-MM-DDTHH:mm:ss.SSSZ'. */
export function timestamptzValue(text: string): string {
  const m = ZONED.exec(text);
  if (!m) return text;
  const [, y, mo, d, h, mi, s, frac, sign, oh, om, os] = m;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  date.setUTCFullYear(+y, +mo - 1, +d);
  date.setUTCHours(+h, +mi, +s, frac ? +frac.slice(0, 3).padEnd(3, '0') : 0);
  const offsetSeconds = sign ? (sign === '-' ? -1 : 1) * (+oh * 3600 + +(om ?? 0) * 60 + +(os ?? 0)) : 0;
  const utc = new Date(date.getTime() - offsetSeconds * 1000);
  const iso = Number.isNaN(utc.getTime()) ? '' : utc.toISOString();
  return iso.length === 24 ? iso : text; // years outside 0000–9999 print as ±YYYYYY: keep the database's text
}

/** PostgreSQL's boolean text. */
export function booleanValue(text: string): boolean {
  return text === 't' || text === 'true';
}
