/** MySQL/MariaDB SQL: backquoted identifiers, time grains from date functions, USE for the schema. */
import { MYSQL_FLAVOR } from '~/lib/sql/lexer';
import type { TimeGrainTemplates } from '~/lib/sql/time-grains';
import type { Dialect } from '../types.server';

const quote = (name: string) => `\`${name.replaceAll('`', '``')}\``;

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

export const mysqlDialect: Dialect = {
  flavor: MYSQL_FLAVOR,
  quoteIdentifier: quote,
  qualifiedName: (schema, table) => (schema ? `${quote(schema)}.${quote(table)}` : quote(table)),
  timeGrains: TIME_GRAINS,
  useSchema: (schema) => [`USE ${quote(schema)}`],
  // A MySQL "schema" is a database: the one in the URI, if any.
  defaultSchema: null,
};
