/**
 * Time grains (superset/constants.py TimeGrain): ISO 8601 durations, with the anchored week
 * variants. Each engine's dialect (app/lib/sql/dialects) maps every code to a SQL template over `{col}`.
 * Weeks: `P1W` starts on Monday on every engine (ISO weeks, PostgreSQL's date_trunc), so a
 * chart does not change when its dataset moves between engines.
 */
export const TIME_GRAINS = [
  { code: 'PT1S', name: 'Second' },
  { code: 'PT5S', name: '5 second' },
  { code: 'PT30S', name: '30 second' },
  { code: 'PT1M', name: 'Minute' },
  { code: 'PT5M', name: '5 minute' },
  { code: 'PT10M', name: '10 minute' },
  { code: 'PT15M', name: '15 minute' },
  { code: 'PT30M', name: '30 minute' },
  { code: 'PT0.5H', name: 'Half hour' },
  { code: 'PT1H', name: 'Hour' },
  { code: 'PT6H', name: '6 hour' },
  { code: 'P1D', name: 'Day' },
  { code: 'P1W', name: 'Week' },
  { code: '1969-12-28T00:00:00Z/P1W', name: 'Week starting Sunday' },
  { code: '1969-12-29T00:00:00Z/P1W', name: 'Week starting Monday' },
  { code: 'P1W/1970-01-03T00:00:00Z', name: 'Week ending Saturday' },
  { code: 'P1W/1970-01-04T00:00:00Z', name: 'Week ending Sunday' },
  { code: 'P1M', name: 'Month' },
  { code: 'P3M', name: 'Quarter' },
  { code: 'P0.25Y', name: 'Quarter year' },
  { code: 'P1Y', name: 'Year' },
] as const;

export type TimeGrainCode = (typeof TIME_GRAINS)[number]['code'];

export type TimeGrainTemplates = Readonly<Record<TimeGrainCode, string>>;

const CODES = new Set<string>(TIME_GRAINS.map((g) => g.code));

export function isTimeGrainCode(value: string): value is TimeGrainCode {
  return CODES.has(value);
}

/**
 * The SQL bucketing `columnSql` by `grain`, from an engine's templates. No grain (null) means the
 * column itself. `columnSql` must already be quoted or be a trusted expression.
 */
export function timeGrainExpression(templates: TimeGrainTemplates, grain: string | null | undefined, columnSql: string): string {
  if (!grain) return columnSql;
  if (!isTimeGrainCode(grain)) throw new Error(`Unknown time grain "${grain}"; expected one of ${[...CODES].join(', ')}`);
  return templates[grain].replaceAll('{col}', columnSql);
}
