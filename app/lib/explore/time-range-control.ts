/**
 * The date filter control's logic (Superset's DateFilterControl utils), pure so the modal only
 * draws it: which frame (Last, Previous, Custom, Advanced, No filter) a `time_range` string
 * belongs to, the custom frame's fields read from and written back to the range string, and the
 * label of the control. The strings are Superset's, so a chart's time range means the same here.
 */
import { encodeRisonUri } from '~/lib/rison';
import { NO_TIME_RANGE } from '~/lib/time-range';

export { NO_TIME_RANGE };
export const SEPARATOR = ' : ';

/** Superset's FrameType values; the RANGE TYPE select shows them as labelled in FRAME_OPTIONS. */
export type FrameType = 'Common' | 'Calendar' | 'Custom' | 'Advanced' | 'No filter';

export const FRAME_OPTIONS: readonly { value: FrameType; label: string }[] = [
  { value: 'Common', label: 'Last' },
  { value: 'Calendar', label: 'Previous' },
  { value: 'Custom', label: 'Custom' },
  { value: 'Advanced', label: 'Advanced' },
  { value: 'No filter', label: 'No filter' },
];

/** The spec's common ranges (value saved, label shown by the radio). */
export const COMMON_RANGE_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'Last day', label: 'last day' },
  { value: 'Last week', label: 'last week' },
  { value: 'Last month', label: 'last month' },
  { value: 'Last quarter', label: 'last quarter' },
  { value: 'Last year', label: 'last year' },
];

export const CALENDAR_RANGE_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'previous calendar week', label: 'previous calendar week' },
  { value: 'previous calendar month', label: 'previous calendar month' },
  { value: 'previous calendar year', label: 'previous calendar year' },
];

const COMMON_VALUES = new Set(COMMON_RANGE_OPTIONS.map((o) => o.value));
const CALENDAR_VALUES = new Set(CALENDAR_RANGE_OPTIONS.map((o) => o.value));

/** Last coerces anything else to its first choice; Previous to the previous calendar week (spec section 4). */
export const DEFAULT_COMMON_RANGE = COMMON_RANGE_OPTIONS[0].value;
export const DEFAULT_CALENDAR_RANGE = CALENDAR_RANGE_OPTIONS[0].value;

export const GRAINS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type Grain = (typeof GRAINS)[number];

/** 'today' is Superset's name for midnight. */
export type DateTimeMode = 'specific' | 'relative' | 'now' | 'today';
export const DATE_TIME_MODES: readonly { value: DateTimeMode; label: string }[] = [
  { value: 'specific', label: 'Specific Date/Time' },
  { value: 'relative', label: 'Relative Date/Time' },
  { value: 'now', label: 'Now' },
  { value: 'today', label: 'Midnight' },
];

export type AnchorMode = 'now' | 'specific';

/** Superset's CustomRangeType (spec section 3, 'Custom time range'). */
export interface CustomRange {
  sinceMode: DateTimeMode;
  sinceDatetime: string;
  sinceGrain: Grain;
  sinceGrainValue: number;
  untilMode: DateTimeMode;
  untilDatetime: string;
  untilGrain: Grain;
  untilGrainValue: number;
  anchorMode: AnchorMode;
  anchorValue: string;
}

const ISO8601 = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:(?:[+-]\d\d:\d\d)|Z)?`;
const CONSTANT = String.raw`(?:TODAY|NOW)`;
const ISO_OR_CONSTANT = new RegExp(String.raw`^${ISO8601}$|^${CONSTANT}$`, 'i');
const ISO_ONLY = new RegExp(String.raw`^${ISO8601}$`);
const RELATIVE = new RegExp(
  String.raw`^DATEADD\(DATETIME\("(${ISO8601}|${CONSTANT})"\),\s(-?[1-9][0-9]*),\s(YEAR|QUARTER|MONTH|WEEK|DAY|HOUR|MINUTE|SECOND)\)$`,
  'i',
);

const pad = (n: number) => String(n).padStart(2, '0');

/** Midnight of the local day as `YYYY-MM-DDT00:00:00`: the custom frame's default date (spec: today midnight). */
export function todayMidnight(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T00:00:00`;
}

/** The default custom range: 7 days back to today midnight (spec section 9). */
export function defaultCustomRange(now: Date): CustomRange {
  const today = todayMidnight(now);
  return {
    sinceMode: 'relative',
    sinceDatetime: today,
    sinceGrain: 'day',
    sinceGrainValue: -7,
    untilMode: 'specific',
    untilDatetime: today,
    untilGrain: 'day',
    untilGrainValue: 7,
    anchorMode: 'now',
    anchorValue: 'now',
  };
}

/** `YYYY-MM-DDTHH:mm` (what a datetime-local input gives at whole minutes) → `YYYY-MM-DDTHH:mm:ss`. */
export function normalizeDatetime(text: string): string {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(text) ? `${text}:00` : text;
}

/** A datetime for a datetime-local input: the first 19 characters of an ISO value, else the fallback. */
export function datetimeInputValue(text: string, fallback: string): string {
  return ISO_ONLY.test(text) ? text.slice(0, 19) : fallback;
}

const isConstantMode = (mode: DateTimeMode) => mode === 'specific' || mode === 'now' || mode === 'today';
const modeOf = (side: string): DateTimeMode => (side === 'now' || side === 'today' ? side : 'specific');
const asGrain = (text: string) => text.toLowerCase() as Grain;

/** A relative quantity is a whole number of at least 1 (spec section 5). */
export function clampGrainValue(value: number): number {
  return Number.isFinite(value) ? Math.max(1, Math.floor(Math.abs(value))) : 1;
}

/** The custom frame's fields → the range string (Superset's customTimeRangeEncode). */
export function encodeCustomRange(range: CustomRange): string {
  const side = (mode: DateTimeMode, datetime: string) => (mode === 'specific' ? normalizeDatetime(datetime) : mode);
  const sinceBack = -clampGrainValue(range.sinceGrainValue);
  const untilOn = clampGrainValue(range.untilGrainValue);
  if (isConstantMode(range.sinceMode) && isConstantMode(range.untilMode)) {
    return `${side(range.sinceMode, range.sinceDatetime)}${SEPARATOR}${side(range.untilMode, range.untilDatetime)}`;
  }
  if (range.sinceMode === 'relative' && isConstantMode(range.untilMode)) {
    const until = side(range.untilMode, range.untilDatetime);
    return `DATEADD(DATETIME("${until}"), ${sinceBack}, ${range.sinceGrain})${SEPARATOR}${until}`;
  }
  if (isConstantMode(range.sinceMode) && range.untilMode === 'relative') {
    const since = side(range.sinceMode, range.sinceDatetime);
    return `${since}${SEPARATOR}DATEADD(DATETIME("${since}"), ${untilOn}, ${range.untilGrain})`;
  }
  const anchor = range.anchorMode === 'now' ? 'now' : normalizeDatetime(range.anchorValue);
  return `DATEADD(DATETIME("${anchor}"), ${sinceBack}, ${range.sinceGrain})${SEPARATOR}DATEADD(DATETIME("${anchor}"), ${untilOn}, ${range.untilGrain})`;
}

/**
 * The range string → the custom frame's fields (Superset's customTimeRangeDecode). `matched` is
 * false for text the custom frame cannot show (that text belongs to Advanced).
 */
export function decodeCustomRange(timeRange: string, now: Date): { range: CustomRange; matched: boolean } {
  const base = defaultCustomRange(now);
  const parts = timeRange.split(SEPARATOR);
  if (parts.length !== 2) return { range: base, matched: false };
  const [since, until] = parts;
  if (ISO_OR_CONSTANT.test(since) && ISO_OR_CONSTANT.test(until)) {
    return { range: { ...base, sinceDatetime: since, untilDatetime: until, sinceMode: modeOf(since), untilMode: modeOf(until) }, matched: true };
  }
  const sinceMatch = RELATIVE.exec(since);
  const untilMatch = RELATIVE.exec(until);
  // The relative side must count from the other side's own value.
  if (sinceMatch && ISO_OR_CONSTANT.test(until) && sinceMatch[1] === until) {
    const range: CustomRange = {
      ...base,
      sinceMode: 'relative',
      sinceGrain: asGrain(sinceMatch[3]),
      sinceGrainValue: Number(sinceMatch[2]),
      sinceDatetime: until,
      untilDatetime: until,
      untilMode: modeOf(until),
    };
    return { range, matched: true };
  }
  if (untilMatch && ISO_OR_CONSTANT.test(since) && untilMatch[1] === since) {
    const range: CustomRange = {
      ...base,
      untilMode: 'relative',
      untilGrain: asGrain(untilMatch[3]),
      untilGrainValue: Number(untilMatch[2]),
      sinceDatetime: since,
      untilDatetime: since,
      sinceMode: modeOf(since),
    };
    return { range, matched: true };
  }
  if (sinceMatch && untilMatch && sinceMatch[1] === untilMatch[1]) {
    const anchor = sinceMatch[1];
    const range: CustomRange = {
      ...base,
      sinceMode: 'relative',
      untilMode: 'relative',
      sinceGrain: asGrain(sinceMatch[3]),
      sinceGrainValue: Number(sinceMatch[2]),
      untilGrain: asGrain(untilMatch[3]),
      untilGrainValue: Number(untilMatch[2]),
      sinceDatetime: anchor,
      untilDatetime: anchor,
      anchorMode: anchor === 'now' ? 'now' : 'specific',
      anchorValue: anchor,
    };
    return { range, matched: true };
  }
  return { range: base, matched: false };
}

/** The frame an existing value opens in (Superset's guessFrame). */
export function guessFrame(timeRange: string | null | undefined, now: Date = new Date()): FrameType {
  const value = timeRange ?? NO_TIME_RANGE;
  if (COMMON_VALUES.has(value)) return 'Common';
  if (CALENDAR_VALUES.has(value)) return 'Calendar';
  if (value === NO_TIME_RANGE || value === '') return 'No filter';
  if (decodeCustomRange(value, now).matched) return 'Custom';
  return 'Advanced';
}

/** The two sides the Advanced frame edits; 'Last …' keeps its meaning as a start, 'Next …' as an end. */
export function advancedSides(timeRange: string): [since: string, until: string] {
  if (timeRange.includes(SEPARATOR)) {
    const [since, ...rest] = timeRange.split(SEPARATOR);
    return [since, rest.join(SEPARATOR)];
  }
  if (timeRange.startsWith('Last')) return [timeRange, ''];
  if (timeRange.startsWith('Next')) return ['', timeRange];
  return ['', ''];
}

export function buildAdvancedRange(since: string, until: string): string {
  return `${since}${SEPARATOR}${until}`;
}

/** The draft's value when the RANGE TYPE changes: kept when it fits the new frame, else the frame's default. */
export function valueForFrame(frame: FrameType, current: string, now: Date = new Date()): string {
  switch (frame) {
    case 'No filter':
      return NO_TIME_RANGE;
    case 'Common':
      return COMMON_VALUES.has(current) ? current : DEFAULT_COMMON_RANGE;
    case 'Calendar':
      return CALENDAR_VALUES.has(current) ? current : DEFAULT_CALENDAR_RANGE;
    case 'Custom': {
      const { range, matched } = decodeCustomRange(current, now);
      return matched ? current : encodeCustomRange(range);
    }
    case 'Advanced': {
      const [since, until] = advancedSides(current === NO_TIME_RANGE ? '' : current);
      return buildAdvancedRange(since, until);
    }
  }
}

/** 'YYYY-MM-DDT00:00:00' shows as the date alone; an open side as -∞ or ∞ (Superset's formatTimeRange). */
function endpointText(datetime: string, isStart: boolean): string {
  return datetime.replace('T00:00:00', '') || (isStart ? '-∞' : '∞');
}

/** The 'Actual time range' text of a /api/v1/time_range/ answer: `2024-01-01 ≤ col < 2024-01-08`. */
export function formatActualRange(since: string, until: string, column = 'col'): string {
  return `${endpointText(since, true)} ≤ ${column} < ${endpointText(until, false)}`;
}

/**
 * What the control's button shows: the range's own words for Last, Previous and No filter, the
 * evaluated dates for Custom and Advanced (Superset's label/tooltip table), the raw text until the
 * dates are known.
 */
export function controlLabel(timeRange: string | null | undefined, actual: string | null, now: Date = new Date()): string {
  const value = timeRange || NO_TIME_RANGE;
  const frame = guessFrame(value, now);
  if (frame === 'Common' || frame === 'Calendar' || frame === 'No filter') return value;
  return actual ?? value;
}

/** The rison `q` of GET /api/v1/time_range/ for one range string. */
export function timeRangeLookupUrl(timeRange: string): string {
  return `/api/v1/time_range/?q=${encodeRisonUri(timeRange)}`;
}
