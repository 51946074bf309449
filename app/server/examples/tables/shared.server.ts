/**
 * What every example table is made of. Values are plain numbers, strings and nulls; dates and
 * timestamps are already ISO text ('YYYY-MM-DD' / 'YYYY-MM-DD HH:MM:SS') so no driver gets to
 * apply a time zone to them.
 */

export type LogicalType = 'integer' | 'bigint' | 'float' | 'text' | 'date' | 'timestamp';

/**
 * How a column is stored where engines differ beyond its logical type: `long` text may run to
 * tens of kilobytes (MySQL's VARCHAR(255) cannot hold it: TEXT there); `boolean` is an integer
 * column of 1 and 0 kept in the engine's BOOLEAN type (PostgreSQL reads it back as true/false).
 */
export type Storage = 'long' | 'boolean';

export interface ColumnDef {
  name: string;
  type: LogicalType;
  storage?: Storage;
}

export type Cell = number | string | null;
export type Row = Cell[];

export interface ExampleTable {
  name: string;
  description: string;
  columns: ColumnDef[];
  /**
   * Columns to index, one list per index: the keys the example datasets' SQL joins on. MySQL and
   * MariaDB join unindexed tables by nested loops, which turns a join of a few thousand rows into minutes.
   */
  indexes?: string[][];
  /** True when `scale` multiplies the row count; false for dimension-like tables. */
  scalable: boolean;
  rowCount(scale: number): number;
  rows(scale: number): Iterable<Row>;
}

export function columns(spec: Record<string, LogicalType>): ColumnDef[] {
  return Object.entries(spec).map(([name, type]) => ({ name, type }));
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Days since 1970-01-01 to a civil date; pure arithmetic so no Date/time zone is involved. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** ISO weekday, Monday = 1 … Sunday = 7 (1970-01-01 was a Thursday). */
export function isoWeekday(days: number): number {
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

export function formatDate(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Seconds since the epoch (UTC, no leap seconds) to 'YYYY-MM-DD HH:MM:SS'. */
export function formatTimestamp(seconds: number): string {
  const days = Math.floor(seconds / 86400);
  const rest = seconds - days * 86400;
  const h = Math.floor(rest / 3600);
  const m = Math.floor((rest % 3600) / 60);
  const s = rest % 60;
  return `${formatDate(days)} ${pad(h)}:${pad(m)}:${pad(s)}`;
}

export function yearStart(year: number): string {
  return `${year}-01-01 00:00:00`;
}

/** How many of `total` items fall into slot `i` of `slots` when spread as evenly as integers allow. */
export function evenShare(total: number, slots: number, i: number): number {
  return Math.floor(((i + 1) * total) / slots) - Math.floor((i * total) / slots);
}

export function assertScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`scale must be a positive integer, got ${scale}`);
}

/** Split `total` into integers proportional to `weights` that sum exactly to `total` (largest remainder). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; left > 0; k++, left--) counts[order[k % order.length].i]++;
  return counts;
}

/**
 * Builds rows of `cols` from records keyed by column name, for wide tables where most cells are
 * null; a key that names no column throws, so a typo cannot silently drop a value.
 */
export function rowBuilder(cols: readonly ColumnDef[]): (values: Record<string, Cell | boolean | undefined>) => Row {
  const index = new Map(cols.map((c, i) => [c.name, i]));
  return (values) => {
    const row: Row = new Array<Cell>(cols.length).fill(null);
    for (const name in values) {
      const value = values[name];
      const i = index.get(name);
      if (i === undefined) throw new Error(`no column "${name}" among ${cols.map((c) => c.name).join(', ')}`);
      row[i] = typeof value === 'boolean' ? (value ? 1 : 0) : (value ?? null);
    }
    return row;
  };
}
