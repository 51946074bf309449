/** SQLite's SQL: double-quoted identifiers, time grains from DATETIME modifiers, no default-schema switch. */
import { SQLITE_FLAVOR } from '~/lib/sql/lexer';
import type { TimeGrainTemplates } from '~/lib/sql/time-grains';
import type { Dialect } from '../types.server';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Truncate with a strftime pattern, then add whole steps of the finer unit. */
const steps = (pattern: string, field: string, n: number, unit: string) =>
  `DATETIME(STRFTIME('${pattern}', {col}), '+' || (CAST(STRFTIME('${field}', {col}) AS INTEGER) / ${n} * ${n}) || ' ${unit}')`;
// %w: 0 = Sunday; (w + 6) % 7 days back reaches Monday.
const mondayWeek = "DATETIME({col}, 'start of day', '-' || ((CAST(STRFTIME('%w', {col}) AS INTEGER) + 6) % 7) || ' days')";
const quarter = "DATETIME({col}, 'start of month', '-' || ((CAST(STRFTIME('%m', {col}) AS INTEGER) - 1) % 3) || ' months')";

const TIME_GRAINS: TimeGrainTemplates = {
  PT1S: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:%S', {col}))",
  PT5S: steps('%Y-%m-%dT%H:%M:00', '%S', 5, 'seconds'),
  PT30S: steps('%Y-%m-%dT%H:%M:00', '%S', 30, 'seconds'),
  PT1M: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', {col}))",
  PT5M: steps('%Y-%m-%dT%H:00:00', '%M', 5, 'minutes'),
  PT10M: steps('%Y-%m-%dT%H:00:00', '%M', 10, 'minutes'),
  PT15M: steps('%Y-%m-%dT%H:00:00', '%M', 15, 'minutes'),
  PT30M: steps('%Y-%m-%dT%H:00:00', '%M', 30, 'minutes'),
  'PT0.5H': steps('%Y-%m-%dT%H:00:00', '%M', 30, 'minutes'),
  PT1H: "DATETIME(STRFTIME('%Y-%m-%dT%H:00:00', {col}))",
  PT6H: steps('%Y-%m-%dT00:00:00', '%H', 6, 'hours'),
  P1D: "DATETIME({col}, 'start of day')",
  P1W: mondayWeek,
  '1969-12-28T00:00:00Z/P1W': "DATETIME({col}, 'start of day', '-' || STRFTIME('%w', {col}) || ' days')",
  '1969-12-29T00:00:00Z/P1W': mondayWeek,
  // 'weekday N' moves forward to the next day N, or stays when the date already is one.
  'P1W/1970-01-03T00:00:00Z': "DATETIME({col}, 'start of day', 'weekday 6')",
  'P1W/1970-01-04T00:00:00Z': "DATETIME({col}, 'start of day', 'weekday 0')",
  P1M: "DATETIME({col}, 'start of month')",
  P3M: quarter,
  'P0.25Y': quarter,
  P1Y: "DATETIME({col}, 'start of year')",
};

export const sqliteDialect: Dialect = {
  flavor: SQLITE_FLAVOR,
  quoteIdentifier: quote,
  qualifiedName: (schema, table) => (schema ? `${quote(schema)}.${quote(table)}` : quote(table)),
  timeGrains: TIME_GRAINS,
  // Unqualified names already search temp, main, then attached databases: nothing to switch.
  useSchema: () => [],
  defaultSchema: 'main',
};
