/**
 * Time comparison (`time_offsets`): the rows of each shifted query (QueryPlan.timeOffsets) joined
 * onto the main rows as Superset's processing_time_offsets does. Each metric of a shifted result
 * becomes `<metric>__<offset>` ("SUM(num)__1 year ago"); rows match on the x-axis moved back by
 * the offset plus every other dimension, left-joined so the main rows stay as they are (null
 * where the past has no row). With a week, month, quarter or year grain the x-axis is matched by
 * period (Superset's join column: '%Y-W%W', '%Y-%m', …), so a Monday a year back still meets its
 * week. Temporal cells are epoch milliseconds (the Frame convention).
 */
import type { Cell, Frame, Row } from '~/lib/post-processing/frame';
import { addUnits, UNITS, type Unit } from '~/lib/time-range';
import { InvalidInputError } from '../domain-errors.server';
import { DTTM_ALIAS } from './query-object.server';
import type { QueryPlan } from './types.server';

const OFFSET = /^\s*(\d+)\s+([a-z]+?)s?\s+(ago|later)\s*$/i;

/** "1 year ago" → (-1, 'year'); "2 weeks later" → (2, 'week'). */
export function parseOffset(offset: string): { n: number; unit: Unit } {
  const m = OFFSET.exec(offset);
  const unit = UNITS.find((u) => u === m?.[2].toLowerCase());
  if (!m || !unit) throw new InvalidInputError(`Unsupported time offset "${offset}": expected "<n> <unit> ago" or "<n> <unit> later".`);
  return { n: Number(m[1]) * (m[3].toLowerCase() === 'ago' ? -1 : 1), unit };
}

/** The x-axis and its grain as the compiler recorded it; plans built by hand may leave it out. */
function axisOf(plan: QueryPlan): { label: string; grain: string | null } | null {
  if (plan.axis) return plan.axis;
  const timestamp = plan.columns.find((c) => c.label === DTTM_ALIAS) ?? plan.columns.find((c) => c.temporal && !c.metric);
  return timestamp ? { label: timestamp.label, grain: null } : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** strftime %U (weeks starting Sunday) and %W (starting Monday) of a UTC day. */
function weekOfYear(d: Date, mondayFirst: boolean): number {
  const yday = Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000);
  const weekday = mondayFirst ? (d.getUTCDay() + 6) % 7 : d.getUTCDay();
  return Math.floor((yday + 7 - weekday) / 7);
}

const WEEK_SUNDAY = new Set(['1969-12-28T00:00:00Z/P1W', 'P1W/1970-01-03T00:00:00Z']);
const WEEK_MONDAY = new Set(['P1W', '1969-12-29T00:00:00Z/P1W', 'P1W/1970-01-04T00:00:00Z']);

/** Superset's generate_join_column: a period label for week, month, quarter and year grains; null for the others. */
function periodKey(ms: number, grain: string | null): string | null {
  if (!grain) return null;
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  if (WEEK_SUNDAY.has(grain)) return `${y}-W${pad(weekOfYear(d, false))}`;
  if (WEEK_MONDAY.has(grain)) return `${y}-W${pad(weekOfYear(d, true))}`;
  if (grain === 'P1M') return `${y}-${pad(d.getUTCMonth() + 1)}`;
  if (grain === 'P3M' || grain === 'P0.25Y') return `${y}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
  if (grain === 'P1Y') return String(y);
  return null;
}

export function applyTimeOffsets(main: Frame, offsets: { offset: string; frame: Frame }[], plan: QueryPlan): Frame {
  if (offsets.length === 0) return main;
  const axis = axisOf(plan);
  if (!axis || !main.columns.includes(axis.label)) throw new InvalidInputError('A time comparison needs a temporal x-axis (or __timestamp) among the columns.');
  const metrics = plan.columns.filter((c) => c.metric && main.columns.includes(c.label)).map((c) => c.label);
  const others = main.columns.filter((c) => c !== axis.label && !metrics.includes(c));
  const keyOf = (row: Row, at: Cell | undefined) => JSON.stringify([at ?? null, ...others.map((c) => row[c] ?? null)]);
  const columns = [...main.columns];
  let rows: Row[] = main.rows.map((r) => ({ ...r }));
  for (const { offset, frame } of offsets) {
    const { n, unit } = parseOffset(offset);
    // Where the present row's x-axis value meets the past: its period `offset` back, or the exact instant.
    const presentKey = (at: Cell | undefined) => (typeof at === 'number' ? (periodKey(addUnits(new Date(at), n, unit).getTime(), axis.grain) ?? at) : at);
    const pastKey = (at: Cell | undefined) => (typeof at === 'number' ? (periodKey(at, axis.grain) ?? addUnits(new Date(at), -n, unit).getTime()) : at);
    const byKey = new Map<string, Row>();
    for (const row of frame.rows) {
      const key = keyOf(row, pastKey(row[axis.label]));
      if (!byKey.has(key)) byKey.set(key, row);
    }
    const names = metrics.map((m) => `${m}__${offset}`);
    columns.push(...names.filter((name) => !columns.includes(name)));
    rows = rows.map((row) => {
      const match = byKey.get(keyOf(row, presentKey(row[axis.label])));
      const out: Row = { ...row };
      metrics.forEach((m, i) => {
        out[names[i]] = match ? (match[m] ?? null) : null;
      });
      return out;
    });
  }
  return { columns, rows };
}
