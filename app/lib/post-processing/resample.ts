import { z } from 'zod';
import { numeric, type Cell, type Row } from './frame';
import { type LeveledFrame } from './levels';
import { PostProcessingError } from './post-processing-error';
import { daysInMonth } from '../utc-calendar';
import { mean, median, sum } from './stats';

/**
 * Superset's `resample` operation: pandas `df.resample(rule)` over a time index of epoch
 * milliseconds (UTC), then one method. The index is the pivot's (`frame.index[0]`); on a frame
 * without one, `time_column` (which older Superset frontends send, `__timestamp`) when the frame
 * has it, else the first column. Rows with a null index are left out; rows are taken in time
 * order. Levels and index are kept.
 *
 * Rules, with pandas' anchoring:
 * - fixed ("tick") rules `<n>S`, `<n>T`/`<n>min`, `<n>H`, `<n>D` (1T, 1H, 1D, 7D, ...): bins
 *   [origin + k·step, origin + (k+1)·step), labelled by their left edge; the origin is midnight of
 *   the first timestamp's day (pandas' default origin 'start_day'), or `time_range_start` when
 *   zero-filling over a time range (Superset's `asfreq` + `fill_value`);
 * - `1M` (also `ME`): calendar months, labelled by the month's LAST day at 00:00 (pandas' month
 *   end: closed and labelled on the right, every instant of the month belongs to it);
 * - `MS`: calendar months labelled by their first day; `1AS` (also `AS`, `YS`): calendar years
 *   labelled by 1 January 00:00 (year start: closed and labelled on the left); `A`/`Y`/`YE`:
 *   calendar years labelled by 31 December 00:00.
 * Labels run from the bin of the first timestamp to the bin of the last one, empty bins included.
 *
 * Methods: `sum` (0 for an empty bin, pandas' min_count 0), `mean`, `median` (null for an empty
 * bin) aggregate each bin's non-null numbers; `asfreq`, `ffill`, `bfill`, `linear` look values up
 * AT each label: asfreq takes a row stamped exactly there, ffill the last row at or before it,
 * bfill the first row at or after it, each then filling remaining nulls down (ffill) or up (bfill)
 * the result; linear interpolates the asfreq result by position (leading nulls stay null, trailing
 * ones take the last value). `asfreq` with `fill_value` replaces every null by it, and with
 * `time_range_start` and `time_range_end` also adds the labels of the whole range [start, end).
 * Non-numeric cells count as missing in sum/mean/median/linear.
 */
export const RESAMPLE_METHODS = ['asfreq', 'bfill', 'ffill', 'linear', 'median', 'mean', 'sum'] as const;

const RULE = /^(\d*)(S|s|T|min|H|h|D|M|ME|MS|A|Y|YE|A-DEC|Y-DEC|AS|YS|AS-JAN|YS-JAN)$/;

export const resampleOptionsSchema = z.object({
  rule: z.string().regex(RULE, 'Unsupported resample rule.'),
  method: z.enum(RESAMPLE_METHODS),
  fill_value: z.number().nullish(),
  time_column: z.string().nullish(),
  time_range_start: z.string().nullish(),
  time_range_end: z.string().nullish(),
});
export type ResampleOptions = z.infer<typeof resampleOptionsSchema>;

const DAY = 86_400_000;
const TICK_MS: Record<string, number> = { S: 1000, s: 1000, T: 60_000, min: 60_000, H: 3_600_000, h: 3_600_000, D: DAY };

/** A rule's bins: the label of the bin holding t, the labels in [from, to) it would generate, the next label. */
interface Grid {
  label(t: number): number;
  next(label: number): number;
  /** pandas' date_range(start, end, freq, inclusive='left'). */
  range(start: number, end: number): number[];
}

function tickGrid(step: number, origin: number): Grid {
  const label = (t: number) => origin + Math.floor((t - origin) / step) * step;
  return {
    label,
    next: (l) => l + step,
    range(start, end) {
      const out: number[] = [];
      for (let t = start; t < end; t += step) out.push(t);
      return out;
    },
  };
}

const utc = (year: number, month: number, day = 1) => Date.UTC(year, month, day);

/** Calendar bins of `months` months (1 or 12), labelled at the period's first or last day. */
function calendarGrid(months: 1 | 12, end: boolean): Grid {
  const periodStart = (t: number) => {
    const d = new Date(t);
    return months === 12 ? utc(d.getUTCFullYear(), 0) : utc(d.getUTCFullYear(), d.getUTCMonth());
  };
  const addPeriod = (start: number, n: number) => {
    const d = new Date(start);
    return utc(d.getUTCFullYear(), d.getUTCMonth() + n * months);
  };
  const toLabel = (start: number) => (end ? addPeriod(start, 1) - DAY : start);
  const onOffset = (d: Date) =>
    end
      ? d.getUTCDate() === daysInMonth(d.getUTCFullYear(), d.getUTCMonth()) && (months === 1 || d.getUTCMonth() === 11)
      : d.getUTCDate() === 1 && (months === 1 || d.getUTCMonth() === 0);
  return {
    label: (t) => toLabel(periodStart(t)),
    next: (label) => toLabel(addPeriod(periodStart(label), 1)),
    range(start, stop) {
      // date_range rolls `start` forward to the first date on the offset, keeping its time of day.
      const timeOfDay = ((start % DAY) + DAY) % DAY;
      let label = onOffset(new Date(start)) ? start - timeOfDay : toLabel(periodStart(start));
      if (label + timeOfDay < start) label = toLabel(addPeriod(periodStart(label), 1));
      const out: number[] = [];
      for (; label + timeOfDay < stop; label = toLabel(addPeriod(periodStart(label), 1))) out.push(label + timeOfDay);
      return out;
    },
  };
}

function gridFor(rule: string, origin: number): Grid {
  const [, count, unit] = RULE.exec(rule) ?? [];
  const n = count === '' ? 1 : Number(count);
  if (unit in TICK_MS) {
    if (n < 1) throw new PostProcessingError('Unsupported resample rule.');
    return tickGrid(n * TICK_MS[unit], origin);
  }
  // Multiples of calendar rules (3M, 2AS) anchor differently in pandas; refused rather than guessed.
  if (n !== 1) throw new PostProcessingError('Unsupported resample rule.');
  if (unit === 'M' || unit === 'ME') return calendarGrid(1, true);
  if (unit === 'MS') return calendarGrid(1, false);
  if (unit.startsWith('AS') || unit.startsWith('YS')) return calendarGrid(12, false);
  return calendarGrid(12, true);
}

/** A time bound as Superset passes it: ISO text, naive meaning UTC. */
function parseBound(value: string): number {
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(value) || !value.includes('T') ? value : `${value}Z`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new PostProcessingError(`Invalid time range bound: ${value}`);
  return ms;
}

function fillDown(rows: Row[], columns: string[], reverse: boolean): void {
  const order = reverse ? [...rows].reverse() : rows;
  for (const column of columns) {
    let last: Cell = null;
    for (const row of order) {
      if (row[column] === null || row[column] === undefined) row[column] = last;
      else last = row[column];
    }
  }
}

function interpolate(rows: Row[], columns: string[]): void {
  for (const column of columns) {
    const known = rows.flatMap((row, i) => {
      const value = numeric(row[column]);
      return value === null ? [] : [[i, value] as const];
    });
    if (known.length === 0) continue;
    rows.forEach((row, i) => {
      if (i < known[0][0] || numeric(row[column]) !== null) return;
      const after = known.findIndex(([k]) => k > i);
      if (after === -1) {
        row[column] = known[known.length - 1][1];
        return;
      }
      const [i0, v0] = known[after - 1];
      const [i1, v1] = known[after];
      row[column] = v0 + ((v1 - v0) * (i - i0)) / (i1 - i0);
    });
  }
}

/** A bin's value: pandas sums an empty bin to 0; its mean and median are null. */
const aggregateBin = (values: number[], method: 'sum' | 'mean' | 'median'): number | null =>
  method === 'sum' ? sum(values) : method === 'mean' ? mean(values) : median(values);

export function resample(frame: LeveledFrame, rawOptions: ResampleOptions): LeveledFrame {
  const options = resampleOptionsSchema.parse(rawOptions);
  const index =
    frame.index?.[0] ??
    (options.time_column && frame.columns.includes(options.time_column) ? options.time_column : frame.columns[0]);
  if (index === undefined) throw new PostProcessingError('Resample operation requires DatetimeIndex');
  const valueColumns = frame.columns.filter((column) => column !== index);
  const timed = frame.rows
    .map((row) => ({ row, t: numeric(row[index]) }))
    .filter((entry): entry is { row: Row; t: number } => entry.t !== null)
    .sort((a, b) => a.t - b.t);
  if (timed.length === 0) return { ...frame, rows: [] };

  const zeroFill = options.method === 'asfreq' && options.fill_value != null;
  const start = zeroFill && options.time_range_start ? parseBound(options.time_range_start) : null;
  const end = zeroFill && options.time_range_end ? parseBound(options.time_range_end) : null;
  const firstT = timed[0].t;
  const grid = gridFor(options.rule, start ?? firstT - (((firstT % DAY) + DAY) % DAY));

  let labels: number[] = [];
  const lastLabel = grid.label(timed[timed.length - 1].t);
  for (let label = grid.label(firstT); label <= lastLabel; label = grid.next(label)) labels.push(label);
  if (start !== null && end !== null) {
    labels = [...new Set([...labels, ...grid.range(start, end)])].sort((a, b) => a - b);
  }

  const method = options.method;
  let rows: Row[];
  if (method === 'sum' || method === 'mean' || method === 'median') {
    const bins = new Map<number, Row[]>(labels.map((label) => [label, []]));
    for (const { row, t } of timed) bins.get(grid.label(t))?.push(row);
    rows = labels.map((label) => {
      const members = bins.get(label) ?? [];
      const out: Row = { [index]: label };
      for (const column of valueColumns) {
        const values = members.map((row) => numeric(row[column])).filter((v): v is number => v !== null);
        out[column] = aggregateBin(values, method);
      }
      return out;
    });
  } else {
    if (new Set(timed.map(({ t }) => t)).size !== timed.length) {
      throw new PostProcessingError('cannot reindex on an axis with duplicate labels');
    }
    rows = labels.map((label) => {
      let source: Row | undefined;
      if (method === 'ffill') source = timed.findLast(({ t }) => t <= label)?.row;
      else if (method === 'bfill') source = timed.find(({ t }) => t >= label)?.row;
      else source = timed.find(({ t }) => t === label)?.row;
      const out: Row = { [index]: label };
      for (const column of valueColumns) out[column] = source?.[column] ?? null;
      return out;
    });
    if (method === 'ffill') fillDown(rows, valueColumns, false);
    if (method === 'bfill') fillDown(rows, valueColumns, true);
    if (method === 'linear') interpolate(rows, valueColumns);
    if (zeroFill) {
      for (const row of rows) for (const column of valueColumns) row[column] ??= options.fill_value ?? null;
    }
  }
  return { ...frame, rows };
}
