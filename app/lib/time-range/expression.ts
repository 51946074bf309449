/**
 * Superset's date expression language and its free-form date text, evaluated against an injected
 * `now` (UTC wall time; see units.ts):
 *
 *   date_expr := DATETIME "(" text ")"
 *              | DATEADD  "(" date_expr "," int_expr "," UNIT [","] ")"
 *              | DATETRUNC "(" date_expr "," UNIT [","] ")"
 *              | LASTDAY  "(" date_expr "," (YEAR|QUARTER|MONTH|WEEK|DAY) [","] ")"
 *              | HOLIDAY  "(" ... ")"                      -> TimeRangeError 'unsupported'
 *   int_expr  := signed integer | DATEDIFF "(" date_expr "," date_expr ["," (YEAR|DAY) [","]] ")"
 *
 * Keywords are case-insensitive; text is quoted with ' or ". Unlike pyparsing's parseString, text
 * left over after the expression is an error rather than silently dropped.
 */
import { TimeRangeError } from './errors';
import { daysInMonth } from '../utc-calendar';
import { addUnits, checkYear, isUnit, lastDay, startOfDay, truncate, type Unit } from './units';

export interface Clock {
  /** The current instant; its UTC fields are the wall time every relative word is computed from. */
  now: Date;
}

const UNIT_WORD = '(second|minute|hour|day|week|month|quarter|year)';
const BARE_PERIOD = new RegExp(`^\\s*([0-9]+)\\s+${UNIT_WORD}s?\\s*$`, 'i');
const RELATIVE_PERIOD = new RegExp(`^\\s*([0-9]+)\\s+${UNIT_WORD}s?\\s+(ago|later|from now)\\s*$`, 'i');
const ISO =
  /^\s*(\d{4})(?:-(\d{1,2})(?:-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?)?)?\s*(Z|[+-]00:?00)?\s*$/i;

function parseFailure(text: string): TimeRangeError {
  return new TimeRangeError('parse', `Cannot parse time string [${text}]`);
}

/**
 * DATETIME's argument (Superset's parse_human_datetime): ISO dates and date-times (a missing month
 * or day is 1, as dateutil's default of Jan 1 gives), today / now / yesterday / tomorrow, and
 * "N units ago|later|from now". Day-or-longer phrases land on midnight, as parsedatetime's
 * "no time parsed, reset to midnight" does; hour/minute/second phrases keep the time of day.
 */
export function parseHumanDatetime(text: string, clock: Clock): Date {
  if (BARE_PERIOD.test(text)) {
    const t = text.trim();
    throw new TimeRangeError('ambiguous', `Time string is ambiguous. Please specify [${t} ago] or [${t} later].`);
  }
  const iso = ISO.exec(text);
  if (iso) return isoDate(iso, text);
  const word = text.trim().toLowerCase();
  const today = startOfDay(clock.now);
  if (word === 'now') return clock.now;
  if (word === 'today') return today;
  if (word === 'yesterday') return addUnits(today, -1, 'day');
  if (word === 'tomorrow') return addUnits(today, 1, 'day');
  const relative = RELATIVE_PERIOD.exec(text);
  if (relative) {
    const unit = relative[2].toLowerCase() as Unit;
    const n = Number(relative[1]) * (relative[3].toLowerCase() === 'ago' ? -1 : 1);
    const base = unit === 'hour' || unit === 'minute' || unit === 'second' ? clock.now : today;
    return checkYear(addUnits(base, n, unit));
  }
  throw parseFailure(text);
}

function isoDate(m: RegExpExecArray, text: string): Date {
  const [year, month = 1, day = 1, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((v) => (v === undefined ? undefined : Number(v)));
  const ms = m[7] ? Math.floor(Number(m[7].padEnd(6, '0')) / 1000) : 0;
  const valid =
    year! >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year!, month - 1) && hour <= 23 && minute <= 59 && second <= 59;
  if (!valid) throw parseFailure(text);
  const d = new Date(0);
  d.setUTCFullYear(year!, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  return d;
}

type Token = { kind: 'word' | 'text' | 'int' | '(' | ')' | ','; value: string; at: number };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:([A-Za-z_]+)|'([^']*)'|"([^"]*)"|([+-]?\d+)|([(),]))/y;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    at += /^\s*/.exec(source.slice(at))![0].length;
    re.lastIndex = at;
    const m = re.exec(source);
    if (!m) throw new TimeRangeError('parse', `Unexpected character at position ${at + 1} in [${source.trim()}]`);
    if (m[1] !== undefined) tokens.push({ kind: 'word', value: m[1].toLowerCase(), at });
    else if (m[2] !== undefined || m[3] !== undefined) tokens.push({ kind: 'text', value: m[2] ?? m[3], at });
    else if (m[4] !== undefined) tokens.push({ kind: 'int', value: m[4], at });
    else tokens.push({ kind: m[5] as '(' | ')' | ',', value: m[5], at });
    at = re.lastIndex;
  }
  return tokens;
}

/** Evaluates one whole date expression, e.g. `DATEADD(DATETIME("today"), -7, day)`. */
export function evaluateExpression(source: string, clock: Clock): Date {
  const tokens = tokenize(source);
  let i = 0;
  const fail = (expected: string): never => {
    const t = tokens[i];
    const found = t ? `'${t.value}' at position ${t.at + 1}` : 'the end';
    throw new TimeRangeError('parse', `Expected ${expected}, found ${found} in [${source.trim()}]`);
  };
  const take = (kind: Token['kind'], expected: string): Token => (tokens[i]?.kind === kind ? tokens[i++] : fail(expected));
  const optionalComma = () => {
    if (tokens[i]?.kind === ',') i++;
  };
  const unit = (allowed: readonly Unit[]): Unit => {
    const t = tokens[i];
    if (t?.kind === 'word' && isUnit(t.value) && allowed.includes(t.value)) {
      i++;
      return t.value;
    }
    return fail(allowed.join('|').toUpperCase());
  };
  const ALL: readonly Unit[] = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'];

  function dateExpr(): Date {
    const word = tokens[i];
    const known = ['datetime', 'dateadd', 'datetrunc', 'lastday', 'holiday'];
    if (word?.kind !== 'word' || !known.includes(word.value)) return fail('DATETIME, DATEADD, DATETRUNC or LASTDAY');
    const fn = word.value;
    i++;
    take('(', "'('");
    let value: Date;
    if (fn === 'datetime') {
      value = parseHumanDatetime(take('text', 'a quoted date').value, clock);
    } else if (fn === 'dateadd') {
      const base = dateExpr();
      take(',', "','");
      const n = intExpr();
      take(',', "','");
      value = addUnits(base, n, unit(ALL));
      optionalComma();
    } else if (fn === 'datetrunc') {
      const base = dateExpr();
      take(',', "','");
      value = truncate(base, unit(ALL));
      optionalComma();
    } else if (fn === 'lastday') {
      const base = dateExpr();
      take(',', "','");
      value = lastDay(base, unit(['year', 'quarter', 'month', 'week', 'day']));
      optionalComma();
    } else {
      throw new TimeRangeError('unsupported', 'HOLIDAY() is not supported');
    }
    take(')', "')'");
    return checkYear(value);
  }

  function intExpr(): number {
    const t = tokens[i];
    if (t?.kind === 'int') {
      i++;
      return Number(t.value);
    }
    if (t?.kind === 'word' && t.value === 'datediff') {
      i++;
      take('(', "'('");
      const from = dateExpr();
      take(',', "','");
      const to = dateExpr();
      let diffUnit: Unit = 'day';
      if (tokens[i]?.kind === ',') {
        i++;
        if (tokens[i]?.kind !== ')') {
          diffUnit = unit(['year', 'day']);
          optionalComma();
        }
      }
      take(')', "')'");
      // Python's timedelta.days floors; a year difference compares calendar years only.
      return diffUnit === 'year'
        ? to.getUTCFullYear() - from.getUTCFullYear()
        : Math.floor((to.getTime() - from.getTime()) / 86_400_000);
    }
    return fail('an integer or DATEDIFF');
  }

  const value = dateExpr();
  if (i < tokens.length) fail('the end of the expression');
  return value;
}
