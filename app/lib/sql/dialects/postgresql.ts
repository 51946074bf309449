/**
 * PostgreSQL's SQL: double-quoted identifiers (unquoted ones fold to lower case), standard
 * strings (the engine pins standard_conforming_strings on), date_trunc time grains, search_path
 * for the schema.
 */
import { POSTGRES_FLAVOR } from '../lexer';
import type { TimeGrainTemplates } from '../time-grains';
import { defineDialect, quoteStandardString } from './base';

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

export const postgresqlDialect = defineDialect({
  name: 'postgresql',
  aliases: ['postgres'],
  flavor: POSTGRES_FLAVOR,
  formatterLanguage: 'postgresql',
  defaultSchema: 'public',
  useSchema: (schema) => [`SET search_path TO ${schema}`],
  keywords: `
    ANALYZE ARRAY ARRAY_AGG BIGSERIAL BOOL_AND BOOL_OR BYTEA CONCAT CONCAT_WS COPY DATE_PART DATE_TRUNC DO EXPLAIN
    GENERATE_SERIES GREATEST ILIKE JSON JSONB JSONB_AGG JSON_AGG LEAST LENGTH LISTEN MATERIALIZED NOTIFY NOW
    PERCENTILE_CONT PERCENTILE_DISC REFRESH REGEXP_REPLACE REINDEX RETURNS SCHEMA SERIAL SIMILAR SPLIT_PART STRING_AGG
    TABLESAMPLE TEXT TIMESTAMPTZ TO_CHAR TO_DATE TO_TIMESTAMP UNNEST UUID VACUUM VARIADIC`,
  identifierQuote: '"',
  // Unquoted names fold to lower case: `Amount` must be quoted to stay `Amount`.
  bareName: /^[a-z_][a-z0-9_$]*$/,
  standardStrings: true,
  // Typed literals, not TO_TIMESTAMP: that one answers a timestamptz read in the session's time zone.
  dateLiteral: (text) => `DATE ${quoteStandardString(text)}`,
  datetimeLiteral: (text) => `TIMESTAMP ${quoteStandardString(text)}`,
  unlimited: null,
  casts: {
    text: (e) => `CAST(${e} AS TEXT)`,
    integer: (e) => `CAST(${e} AS BIGINT)`,
    float: (e) => `CAST(${e} AS DOUBLE PRECISION)`,
    date: (e) => `CAST(${e} AS DATE)`,
    timestamp: (e) => `CAST(${e} AS TIMESTAMP)`,
  },
  // Added to the epoch as an interval, not TO_TIMESTAMP(): a timestamp without time zone in UTC, whatever the session's zone.
  epochToTimestamp: {
    seconds: (e) => `(TIMESTAMP '1970-01-01 00:00:00' + (${e}) * INTERVAL '1 second')`,
    milliseconds: (e) => `(TIMESTAMP '1970-01-01 00:00:00' + (${e}) * INTERVAL '1 millisecond')`,
  },
  timeGrains: TIME_GRAINS,
});
