/**
 * MySQL's and MariaDB's SQL: backquoted identifiers, backslash escapes in strings, time grains
 * from date functions (DATETIME results, not DATE_FORMAT strings), USE for the schema.
 */
import { MYSQL_FLAVOR } from '../lexer';
import type { TimeGrainTemplates } from '../time-grains';
import { CASE_KEEPING_NAME, defineDialect, quotePortableString } from './base';

// TIMESTAMP(date, time) keeps the result a DATETIME; DATE_FORMAT-based buckets would be strings.
const at = (hour: string, minute: string, second: string) => `TIMESTAMP(DATE({col}), MAKETIME(${hour}, ${minute}, ${second}))`;
const every = (fn: string, n: number) => `FLOOR(${fn}({col}) / ${n}) * ${n}`;
const mondayWeek = 'DATE_SUB(DATE({col}), INTERVAL WEEKDAY({col}) DAY)'; // WEEKDAY: Monday = 0
const sundayWeek = 'DATE_SUB(DATE({col}), INTERVAL DAYOFWEEK({col}) - 1 DAY)'; // DAYOFWEEK: Sunday = 1

const TIME_GRAINS: TimeGrainTemplates = {
  PT1S: at('HOUR({col})', 'MINUTE({col})', 'SECOND({col})'),
  PT5S: at('HOUR({col})', 'MINUTE({col})', every('SECOND', 5)),
  PT30S: at('HOUR({col})', 'MINUTE({col})', every('SECOND', 30)),
  PT1M: at('HOUR({col})', 'MINUTE({col})', '0'),
  PT5M: at('HOUR({col})', every('MINUTE', 5), '0'),
  PT10M: at('HOUR({col})', every('MINUTE', 10), '0'),
  PT15M: at('HOUR({col})', every('MINUTE', 15), '0'),
  PT30M: at('HOUR({col})', every('MINUTE', 30), '0'),
  'PT0.5H': at('HOUR({col})', every('MINUTE', 30), '0'),
  PT1H: at('HOUR({col})', '0', '0'),
  PT6H: at(every('HOUR', 6), '0', '0'),
  P1D: 'DATE({col})',
  P1W: mondayWeek,
  '1969-12-28T00:00:00Z/P1W': sundayWeek,
  '1969-12-29T00:00:00Z/P1W': mondayWeek,
  'P1W/1970-01-03T00:00:00Z': `DATE_ADD(${sundayWeek}, INTERVAL 6 DAY)`,
  'P1W/1970-01-04T00:00:00Z': `DATE_ADD(${mondayWeek}, INTERVAL 6 DAY)`,
  P1M: 'DATE_SUB(DATE({col}), INTERVAL DAYOFMONTH({col}) - 1 DAY)',
  P3M: 'DATE_ADD(MAKEDATE(YEAR({col}), 1), INTERVAL QUARTER({col}) - 1 QUARTER)',
  'P0.25Y': 'DATE_ADD(MAKEDATE(YEAR({col}), 1), INTERVAL QUARTER({col}) - 1 QUARTER)',
  P1Y: 'MAKEDATE(YEAR({col}), 1)',
};

/** The epoch as a DATETIME literal: FROM_UNIXTIME would answer in the session's time_zone. */
const EPOCH = "TIMESTAMP '1970-01-01 00:00:00'";

export const mysqlDialect = defineDialect({
  name: 'mysql',
  aliases: ['mariadb'],
  flavor: MYSQL_FLAVOR,
  formatterLanguage: 'mysql',
  // A MySQL "schema" is a database: the one in the URI, if any.
  defaultSchema: null,
  useSchema: (schema) => [`USE ${schema}`],
  keywords: `
    AUTO_INCREMENT CHANGE CONCAT CONCAT_WS DATABASE DATABASES DATEDIFF DATE_ADD DATE_FORMAT DATE_SUB DATETIME DESCRIBE
    DUPLICATE ENGINE ENUM EXPLAIN FORCE GREATEST GROUP_CONCAT IFNULL IGNORE LEAST LENGTH LONGTEXT MEDIUMINT MODIFY NOW
    REGEXP REPLACE RLIKE SHOW SQL_CALC_FOUND_ROWS STRAIGHT_JOIN STR_TO_DATE TABLES TEXT TINYINT UNSIGNED USE ZEROFILL`,
  identifierQuote: '`',
  bareName: CASE_KEEPING_NAME,
  // Backslash escapes inside '…' (unless NO_BACKSLASH_ESCAPES): strings double backslashes too, safe either way.
  standardStrings: false,
  // The SQL standard's typed literals: both servers take them, and TIMESTAMP '…' is a DATETIME (no time zone).
  dateLiteral: (text) => `DATE ${quotePortableString(text)}`,
  datetimeLiteral: (text) => `TIMESTAMP ${quotePortableString(text)}`,
  // OFFSET needs a LIMIT; the largest one there is means none.
  unlimited: '18446744073709551615',
  casts: {
    text: (e) => `CAST(${e} AS CHAR)`,
    // CAST takes SIGNED and UNSIGNED, not INTEGER or BIGINT.
    integer: (e) => `CAST(${e} AS SIGNED)`,
    float: (e) => `CAST(${e} AS DOUBLE)`,
    date: (e) => `CAST(${e} AS DATE)`,
    timestamp: (e) => `CAST(${e} AS DATETIME)`,
  },
  epochToTimestamp: {
    seconds: (e) => `(${EPOCH} + INTERVAL (${e}) SECOND)`,
    milliseconds: (e) => `(${EPOCH} + INTERVAL (${e}) * 1000 MICROSECOND)`,
  },
  timeGrains: TIME_GRAINS,
});
