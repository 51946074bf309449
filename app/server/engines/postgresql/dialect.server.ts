/** PostgreSQL's SQL: double-quoted identifiers, date_trunc time grains, search_path for the schema. */
import { POSTGRES_FLAVOR } from '~/lib/sql/lexer';
import type { TimeGrainTemplates } from '~/lib/sql/time-grains';
import type { Dialect } from '../types.server';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Sub-unit buckets: truncate to the unit above, then add whole steps. */
const steps = (unit: string, field: string, n: number, label: string) =>
  `DATE_TRUNC('${unit}', {col}) + INTERVAL '${n} ${label}' * FLOOR(EXTRACT(${field} FROM {col}) / ${n})`;

const TIME_GRAINS: TimeGrainTemplates = {
  PT1S: "DATE_TRUNC('second', {col})",
  PT5S: steps('minute', 'SECOND', 5, 'seconds'),
  PT30S: steps('minute', 'SECOND', 30, 'seconds'),
  PT1M: "DATE_TRUNC('minute', {col})",
  PT5M: steps('hour', 'MINUTE', 5, 'minutes'),
  PT10M: steps('hour', 'MINUTE', 10, 'minutes'),
  PT15M: steps('hour', 'MINUTE', 15, 'minutes'),
  PT30M: steps('hour', 'MINUTE', 30, 'minutes'),
  'PT0.5H': steps('hour', 'MINUTE', 30, 'minutes'),
  PT1H: "DATE_TRUNC('hour', {col})",
  PT6H: steps('day', 'HOUR', 6, 'hours'),
  P1D: "DATE_TRUNC('day', {col})",
  P1W: "DATE_TRUNC('week', {col})",
  // date_trunc('week') starts on Monday: shift by a day for Sunday-based weeks.
  '1969-12-28T00:00:00Z/P1W': "DATE_TRUNC('week', {col} + INTERVAL '1 day') - INTERVAL '1 day'",
  '1969-12-29T00:00:00Z/P1W': "DATE_TRUNC('week', {col})",
  'P1W/1970-01-03T00:00:00Z': "DATE_TRUNC('week', {col} + INTERVAL '1 day') + INTERVAL '5 days'",
  'P1W/1970-01-04T00:00:00Z': "DATE_TRUNC('week', {col}) + INTERVAL '6 days'",
  P1M: "DATE_TRUNC('month', {col})",
  P3M: "DATE_TRUNC('quarter', {col})",
  'P0.25Y': "DATE_TRUNC('quarter', {col})",
  P1Y: "DATE_TRUNC('year', {col})",
};

export const postgresDialect: Dialect = {
  flavor: POSTGRES_FLAVOR,
  quoteIdentifier: quote,
  qualifiedName: (schema, table) => (schema ? `${quote(schema)}.${quote(table)}` : quote(table)),
  timeGrains: TIME_GRAINS,
  useSchema: (schema) => [`SET search_path TO ${quote(schema)}`],
  defaultSchema: 'public',
};
