/**
 * Conditional formatting of table cells, as Superset's getColorFormatters (chart-controls): each
 * complete rule gives a function from a cell value to a background colour (the rule's colour
 * with an opacity growing from the cut-off value towards the column's extreme value), or
 * undefined when the rule does not match. Shared by the table and the pivot table.
 */
import { addAlpha } from '~/lib/colors';
import type { FormattingRule } from '~/lib/explore/conditional-formatting';

/** Superset's Comparator values, as saved in form data. */
export const Comparator = {
  None: 'None',
  GreaterThan: '>',
  LessThan: '<',
  GreaterOrEqual: '≥',
  LessOrEqual: '≤',
  Equal: '=',
  NotEqual: '≠',
  Between: '< x <',
  BetweenOrEqual: '≤ x ≤',
  BetweenOrLeftEqual: '≤ x <',
  BetweenOrRightEqual: '< x ≤',
} as const;

export const MULTIPLE_VALUE_COMPARATORS: readonly string[] = [
  Comparator.Between,
  Comparator.BetweenOrEqual,
  Comparator.BetweenOrLeftEqual,
  Comparator.BetweenOrRightEqual,
];

/**
 * The spec's colour names and the theme colours Superset's control stores for them (the control
 * saves the hex value; a rule naming the colour is read the same way).
 */
export const CONDITIONAL_COLORS: Readonly<Record<string, string>> = {
  success: '#ACE1C4',
  alert: '#FDE380',
  error: '#EFA1AA',
  'success dark': '#439066',
  'alert dark': '#BC9501',
  'error dark': '#A7323F',
};

/** A rule as the conditional formatting control saves it. */
export type ConditionalFormattingRule = FormattingRule;

export interface ColorFormatter {
  column: string;
  getColorFromValue: (value: number) => string | undefined;
}

/** Superset's round(num, precision): through the exponent notation, so 0.125 → 0.13. */
const round = (num: number, precision = 0) => Number(`${Math.round(Number(`${num}e+${precision}`))}e-${precision}`);

const MIN_OPACITY_BOUNDED = 0.05;
const MIN_OPACITY_UNBOUNDED = 0;
const MAX_OPACITY = 1;

export function getOpacity(value: number, cutoff: number, extreme: number, minOpacity = MIN_OPACITY_BOUNDED, maxOpacity = MAX_OPACITY): number {
  if (extreme === cutoff) return maxOpacity;
  return Math.min(maxOpacity, round(Math.abs(((maxOpacity - minOpacity) / (extreme - cutoff)) * (value - cutoff)) + minOpacity, 2));
}

/** The colour of a rule: a theme colour named by the spec, or the saved colour itself. */
export const ruleColor = (scheme: string): string => CONDITIONAL_COLORS[scheme] ?? scheme;

const toNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
};

type Match = { cutoff: number; extreme: number } | false;

export function getColorFunction(rule: ConditionalFormattingRule, columnValues: number[], alpha = true): (value: number) => string | undefined {
  const { operator, colorScheme } = rule;
  const target = toNumber(rule.targetValue);
  const left = toNumber(rule.targetValueLeft);
  const right = toNumber(rule.targetValueRight);
  if (operator === undefined || colorScheme === undefined) return () => undefined;
  const between = MULTIPLE_VALUE_COMPARATORS.includes(operator);
  if (between && (left === undefined || right === undefined)) return () => undefined;
  if (operator !== Comparator.None && !between && target === undefined) return () => undefined;
  // Math.max(...[]) is -Infinity in Superset too; only the None and ≠ rules read the extremes.
  const max = () => Math.max(...columnValues);
  const min = () => Math.min(...columnValues);
  const t = target as number;
  const l = left as number;
  const r = right as number;
  let minOpacity = MIN_OPACITY_BOUNDED;
  let compare: (value: number) => Match;
  switch (operator) {
    case Comparator.None:
      minOpacity = MIN_OPACITY_UNBOUNDED;
      compare = (v) => {
        const cutoff = min();
        const extreme = max();
        return v >= cutoff && v <= extreme ? { cutoff, extreme } : false;
      };
      break;
    case Comparator.GreaterThan:
      compare = (v) => (v > t ? { cutoff: t, extreme: max() } : false);
      break;
    case Comparator.LessThan:
      compare = (v) => (v < t ? { cutoff: t, extreme: min() } : false);
      break;
    case Comparator.GreaterOrEqual:
      compare = (v) => (v >= t ? { cutoff: t, extreme: max() } : false);
      break;
    case Comparator.LessOrEqual:
      compare = (v) => (v <= t ? { cutoff: t, extreme: min() } : false);
      break;
    case Comparator.Equal:
      compare = (v) => (v === t ? { cutoff: t, extreme: t } : false);
      break;
    case Comparator.NotEqual:
      compare = (v) => {
        if (v === t) return false;
        const hi = max();
        const lo = min();
        return { cutoff: t, extreme: Math.abs(t - lo) > Math.abs(hi - t) ? lo : hi };
      };
      break;
    case Comparator.Between:
      compare = (v) => (v > l && v < r ? { cutoff: l, extreme: r } : false);
      break;
    case Comparator.BetweenOrEqual:
      compare = (v) => (v >= l && v <= r ? { cutoff: l, extreme: r } : false);
      break;
    case Comparator.BetweenOrLeftEqual:
      compare = (v) => (v >= l && v < r ? { cutoff: l, extreme: r } : false);
      break;
    case Comparator.BetweenOrRightEqual:
      compare = (v) => (v > l && v <= r ? { cutoff: l, extreme: r } : false);
      break;
    default:
      compare = () => false;
  }
  const color = ruleColor(colorScheme);
  return (value) => {
    const match = compare(value);
    if (match === false) return undefined;
    if (!alpha) return color;
    const opacity = getOpacity(value, match.cutoff, match.extreme, minOpacity, MAX_OPACITY);
    // Superset throws on an opacity outside [0, 1] (a value beyond the column's extremes in a
    // between rule cannot get there, but NaN from odd data can): no colour rather than a failure.
    return opacity >= 0 && opacity <= 1 ? addAlpha(color, opacity) : undefined;
  };
}

/** The complete rules of a chart's `conditional_formatting`, each with its column's values. */
export function getColorFormatters(rules: unknown, data: Record<string, unknown>[], alpha = true): ColorFormatter[] {
  if (!Array.isArray(rules)) return [];
  const formatters: ColorFormatter[] = [];
  for (const raw of rules) {
    if (!raw || typeof raw !== 'object') continue;
    const rule = raw as ConditionalFormattingRule;
    if (rule.column === undefined || rule.operator === undefined) continue;
    const complete =
      rule.operator === Comparator.None ||
      (MULTIPLE_VALUE_COMPARATORS.includes(rule.operator) ? rule.targetValueLeft !== undefined && rule.targetValueRight !== undefined : rule.targetValue !== undefined);
    if (!complete) continue;
    const column = rule.column;
    // Superset spreads the raw column into Math.max; non-numbers make it NaN there. Only numbers
    // count here, so a null cell does not void the whole column's scale.
    const values = data.map((row) => row[column]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    formatters.push({ column, getColorFromValue: getColorFunction(rule, values, alpha) });
  }
  return formatters;
}
