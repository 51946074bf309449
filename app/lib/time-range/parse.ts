/**
 * Superset's time range strings (`time_range` of form data and of `GET /api/v1/time_range/`) to
 * the [since, until) bounds a chart filters on: `col >= since AND col < until`, either side open
 * when null. Pure: `now` is injected and every computation is in UTC wall time (units.ts).
 *
 * The steps follow Superset's get_since_until: "No filter"; the Last/Next/previous calendar/Current
 * and "first <unit> of" shorthands are rewritten to `since : until` expressions; each side of the
 * first " : " is matched against the phrase patterns below, else read as a date expression or as
 * free text; then the optional shift; then since <= until is checked.
 */
import { TimeRangeError } from './errors';
import { evaluateExpression, parseHumanDatetime, type Clock } from './expression';
import { addUnits, isoformat, TIME_OF_DAY_UNITS, type Unit } from './units';

export const NO_TIME_RANGE = 'No filter';
const SEPARATOR = ' : ';

export interface TimeRangeOptions {
  now: Date;
  /** Superset's time_shift, e.g. "1 year ago": moves both bounds back. */
  shift?: string | null;
  /** extras.relative_start / relative_end of a chart query: the anchor of relative phrases. */
  relativeStart?: 'today' | 'now' | null;
  relativeEnd?: 'today' | 'now' | null;
}

export interface TimeRangeBounds {
  since: Date | null;
  until: Date | null;
}

const UNIT_WORD = '(second|minute|hour|day|week|month|quarter|year)';
const SHORTHAND = new RegExp(`^(?:Last|Next)\\s{1,5}(?:[0-9]+\\s{0,5})?${UNIT_WORD}s?$`, 'i');
const NTH_RANGE = /^(first|1st)\s{1,5}(week|month|quarter)\s{1,5}of\s{1,5}(?:(this|last|next|prior)\s{1,5})?(?:the\s{1,5})?(week|month|quarter|year)$/i;
const CALENDAR_UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;

/** "now" for hour/minute/second phrases, "today" (midnight) for day and longer. */
function relativeBase(unit: string, relativeStart: string | null | undefined): string {
  if (relativeStart) return relativeStart;
  return TIME_OF_DAY_UNITS.has(unit.toLowerCase() as Unit) ? 'now' : 'today';
}

/** `this` = the base itself; `last|prior N` = N units back; `next N` = N units on (N defaults to 1). */
function scoped(scope: string, delta: string | undefined, unit: string, base: string): string {
  const n = delta ? Number(delta) : 1;
  const s = scope.toLowerCase();
  if (s === 'this') return `DATETIME('${base}')`;
  return `DATEADD(DATETIME('${base}'), ${s === 'next' ? n : -n}, ${unit.toLowerCase()})`;
}

function startOfScope(scope: string | undefined, unit: string, relativeStart: string | null | undefined): string {
  return `DATETRUNC(${scoped(scope ?? 'this', undefined, unit, relativeBase(unit, relativeStart))}, ${unit.toLowerCase()})`;
}

/** Each side of `since : until` is tried against these in order; the first match decides. */
const SIDE_PATTERNS: Array<[RegExp, (m: string[], relativeStart?: string | null) => string | null]> = [
  [
    /^(start of|beginning of|end of)\s{1,5}(this|last|next|prior)\s{1,5}([0-9]+)?\s{0,5}(day|week|month|quarter|year)s?$/i,
    ([modifier, scope, delta, unit], rs) => {
      const base = scoped(scope, delta, unit, relativeBase(unit, rs));
      const fn = modifier.toLowerCase() === 'end of' ? 'LASTDAY' : 'DATETRUNC';
      return `${fn}(${base}, ${unit.toLowerCase()})`;
    },
  ],
  [
    /^(first|1st)\s{1,5}(?:day\s{1,5})?of\s{1,5}(this|last|next|prior)\s{1,5}(day|week|month|quarter|year)s?$/i,
    ([, scope, unit], rs) => startOfScope(scope, unit, rs),
  ],
  [/^(first|1st)\s{1,5}(?:day\s{1,5})?of\s{1,5}(?:the\s{1,5})?(week|month|quarter|year)$/i, ([, unit], rs) => startOfScope(undefined, unit, rs)],
  [
    new RegExp(`^(this|last|next|prior)\\s{1,5}([0-9]+)?\\s{0,5}${UNIT_WORD}s?$`, 'i'),
    ([scope, delta, unit], rs) => scoped(scope, delta, unit, relativeBase(unit, rs)),
  ],
  // An expression already: evaluated as written.
  [/^(DATETIME|DATEADD|DATETRUNC|LASTDAY|HOLIDAY)/i, () => null],
];

/** Rewrites the separator-less shorthands to an explicit `since : until`. */
function expandShorthand(range: string, o: TimeRangeOptions): string {
  if (range.includes(SEPARATOR)) return range;
  const bound = () => {
    const m = SHORTHAND.exec(range);
    return m ? relativeBase(m[1], null) : 'today';
  };
  if (range.startsWith('Last')) return `${range}${SEPARATOR}${o.relativeEnd || bound()}`;
  if (range.startsWith('Next')) return `${o.relativeStart || bound()}${SEPARATOR}${range}`;
  for (const unit of ['week', 'month', 'quarter', 'year']) {
    if (range.startsWith(`previous calendar ${unit}`)) {
      return `DATETRUNC(DATEADD(DATETIME('today'), -1, ${unit}), ${unit})${SEPARATOR}DATETRUNC(DATETIME('today'), ${unit})`;
    }
  }
  for (const unit of CALENDAR_UNITS) {
    if (range.startsWith(`Current ${unit}`)) {
      return `DATETRUNC(DATEADD(DATETIME('today'), 0, ${unit}), ${unit})${SEPARATOR}DATETRUNC(DATEADD(DATETIME('today'), 1, ${unit}), ${unit})`;
    }
  }
  const nth = NTH_RANGE.exec(range);
  if (nth) {
    // Only "first"/"1st" exist, so the range is [start of the unit, start + 1 subunit).
    const [, , subunit, scope, unit] = nth;
    const start = startOfScope(scope, unit, o.relativeStart);
    return `${start}${SEPARATOR}DATEADD(${start}, 1, ${subunit.toLowerCase()})`;
  }
  return range;
}

function evaluateSide(part: string, clock: Clock, relativeStart: string | null | undefined): Date | null {
  const text = part.trim();
  if (!text) return null;
  for (const [pattern, rewrite] of SIDE_PATTERNS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const expression = rewrite(m.slice(1), relativeStart) ?? text;
    return evaluateExpression(expression, clock);
  }
  return parseHumanDatetime(text, clock);
}

const SHIFT = new RegExp(`^\\s*([0-9]+)\\s+${UNIT_WORD}s?(?:\\s+(ago|later))?\\s*$`, 'i');

/** time_shift: "N units" or "N units ago" go back N units, calendar-wise from each bound. */
function applyShift(bounds: TimeRangeBounds, shift: string, clock: Clock): TimeRangeBounds {
  if (shift.includes(SEPARATOR)) {
    const [a, b] = shift.split(SEPARATOR, 2).map((p) => p.trim());
    return { since: parseHumanDatetime(a, clock), until: parseHumanDatetime(b, clock) };
  }
  const m = SHIFT.exec(shift);
  if (!m) throw new TimeRangeError('parse', `Cannot parse time shift [${shift}]`);
  const n = Number(m[1]) * (m[3]?.toLowerCase() === 'later' ? 1 : -1);
  const unit = m[2].toLowerCase() as Unit;
  const move = (d: Date | null) => (d === null ? null : addUnits(d, n, unit));
  return { since: move(bounds.since), until: move(bounds.until) };
}

/**
 * The [since, until) of a time range. Throws TimeRangeError for text it cannot read.
 * A range that is neither "No filter", a shorthand, nor `X : Y` gives Superset's answer for it:
 * no lower bound and `relativeEnd` (today) as the upper one.
 */
export function getSinceUntil(timeRange: string | null | undefined, options: TimeRangeOptions): TimeRangeBounds {
  const clock: Clock = { now: options.now };
  if (timeRange === NO_TIME_RANGE) return { since: null, until: null };
  const range = timeRange ? expandShorthand(timeRange, options) : '';
  let bounds: TimeRangeBounds;
  if (range.includes(SEPARATOR)) {
    const at = range.indexOf(SEPARATOR);
    bounds = {
      since: evaluateSide(range.slice(0, at), clock, options.relativeStart),
      until: evaluateSide(range.slice(at + SEPARATOR.length), clock, options.relativeStart),
    };
  } else {
    bounds = { since: null, until: parseHumanDatetime(options.relativeEnd || 'today', clock) };
  }
  if (options.shift) bounds = applyShift(bounds, options.shift, clock);
  if (bounds.since && bounds.until && bounds.since > bounds.until) {
    throw new TimeRangeError('order', 'From date cannot be larger than to date');
  }
  return bounds;
}

export interface TimeRangeAnswer extends TimeRangeBounds {
  /** Superset's endpoint strings: isoformat(), or "" for an open side. */
  sinceText: string;
  untilText: string;
}

export function parseTimeRange(timeRange: string | null | undefined, options: TimeRangeOptions): TimeRangeAnswer {
  const { since, until } = getSinceUntil(timeRange, options);
  return { since, until, sinceText: since ? isoformat(since) : '', untilText: until ? isoformat(until) : '' };
}
