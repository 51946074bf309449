/**
 * SQLite's SQL: double-quoted identifiers, standard strings, no date types (dates are ISO text,
 * which sorts right), time grains from DATETIME modifiers, nothing to switch schemas.
 */
import { SQLITE_FLAVOR } from '../lexer';
import type { TimeGrainTemplates } from '../time-grains';
import { CASE_KEEPING_NAME, defineDialect, quoteStandardString } from './base';

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

export const sqliteDialect = defineDialect({
  name: 'sqlite',
  aliases: [],
  flavor: SQLITE_FLAVOR,
  formatterLanguage: 'sqlite',
  // Unqualified names already search temp, main, then attached databases: nothing to switch.
  defaultSchema: 'main',
  useSchema: () => [],
  keywords: `
    ABORT ATTACH AUTOINCREMENT CONFLICT DATETIME DETACH EXPLAIN GLOB GROUP_CONCAT IFNULL INSTR JULIANDAY LENGTH PRAGMA
    REGEXP REINDEX REPLACE ROWID STRFTIME TEMP TEMPORARY TEXT TOTAL TYPEOF VACUUM WITHOUT`,
  identifierQuote: '"',
  bareName: CASE_KEEPING_NAME,
  standardStrings: true,
  // No date types: dates and timestamps are the ISO text DATE() and DATETIME() produce and compare with.
  dateLiteral: quoteStandardString,
  datetimeLiteral: quoteStandardString,
  // LIMIT -1 is "no limit", and OFFSET cannot come without a LIMIT.
  unlimited: '-1',
  casts: {
    text: (e) => `CAST(${e} AS TEXT)`,
    integer: (e) => `CAST(${e} AS INTEGER)`,
    float: (e) => `CAST(${e} AS REAL)`,
    // CAST(… AS DATE) has NUMERIC affinity and turns '2024-03-06' into 2024: the date functions keep ISO text.
    date: (e) => `DATE(${e})`,
    timestamp: (e) => `DATETIME(${e})`,
  },
  epochToTimestamp: {
    seconds: (e) => `DATETIME(${e}, 'unixepoch')`,
    // 'subsec' (SQLite 3.42+) keeps the milliseconds; without it DATETIME drops them.
    milliseconds: (e) => `DATETIME((${e}) / 1000.0, 'unixepoch', 'subsec')`,
  },
  timeGrains: TIME_GRAINS,
});
