/**
 * What the dialects share, written once: quoting by a doubled quote character, literals, the
 * LIMIT clause and the limiting subquery, time grains from templates. Each engine's module
 * (sqlite.ts, postgresql.ts, mysql.ts) gives `defineDialect` only what differs.
 */
import type { SqlFlavor } from '../lexer';
import { timeGrainExpression, type TimeGrainTemplates } from '../time-grains';
import { calendarDateText, wallClockText } from './dates';
import { keywordsWith, RESERVED_WORDS } from './keywords';
import type { CastType, DialectName, EpochUnit, FormatterLanguage, SqlDialect, SqlValue } from './types';

/** A name between `quote`s, a quote inside doubled. */
export const quoteWith = (quote: '"' | '`', name: string): string => quote + name.replaceAll(quote, quote + quote) + quote;

/** `"name"` unless the name is a plain identifier that is not reserved (`bare` says what plain is). */
export function quoteIfNeeded(name: string, bare: RegExp, quote: '"' | '`' = '"'): string {
  return bare.test(name) && !RESERVED_WORDS.has(name.toUpperCase()) ? name : quoteWith(quote, name);
}

/** Names an engine reads back unchanged, case and all (it does not fold unquoted names). */
export const CASE_KEEPING_NAME = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** A string literal where a backslash is an ordinary character (the SQL standard). */
export const quoteStandardString = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/**
 * A string literal that stays one literal whether or not the engine reads backslashes as escapes
 * (MySQL does, unless NO_BACKSLASH_ESCAPES): both quotes and backslashes are doubled.
 */
export const quotePortableString = (value: string): string => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** `literal` over a string quoting (dates and datetimes through `datetime`). */
export function literalWith(quoteString: (value: string) => string, datetime: (value: Date) => string = (d) => quoteString(wallClockText(d))) {
  return (value: SqlValue): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    if (typeof value === 'bigint') return String(value);
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new RangeError(`${value} has no SQL literal.`);
      return String(value);
    }
    if (value instanceof Date) return datetime(value);
    return quoteString(value);
  };
}

/** A literal that is safe on any engine, for SQL whose engine is not known. */
export const portableLiteral = literalWith(quotePortableString);

function count(n: number, what: string): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`A ${what} must be a whole number of rows, not ${n}.`);
  return n;
}

/** `LIMIT n`: written the same way by every engine here. */
export const limitOf = (limit: number): string => `LIMIT ${count(limit, 'limit')}`;

/**
 * Any query wrapped so it yields at most `limit` rows. A newline before the parenthesis: the query
 * may end in a `--` comment. The derived table is named, as MySQL requires.
 */
export const wrapInLimit = (sql: string, limit: number): string => `SELECT * FROM (\n${sql}\n) AS inner_qry ${limitOf(limit)}`;

export interface DialectSpec {
  name: DialectName;
  aliases: readonly string[];
  flavor: SqlFlavor;
  formatterLanguage: FormatterLanguage;
  defaultSchema: string | null;
  /** The engine's own keywords and functions, space-separated (the ANSI core is added). */
  keywords: string;
  identifierQuote: '"' | '`';
  /** Names written bare; anything else is quoted. */
  bareName: RegExp;
  standardStrings: boolean;
  /** Statements making the schema (already quoted) the default one. */
  useSchema(quotedSchema: string): string[];
  /** The literal of a checked 'YYYY-MM-DD', and of a checked 'YYYY-MM-DD HH:MM:SS[.f]'. */
  dateLiteral(text: string): string;
  datetimeLiteral(text: string): string;
  /** The LIMIT that means "no limit" where OFFSET needs one; null when OFFSET may stand alone. */
  unlimited: string | null;
  casts: Record<CastType, (expression: string) => string>;
  epochToTimestamp: Record<EpochUnit, (expression: string) => string>;
  timeGrains: TimeGrainTemplates;
}

export function defineDialect(spec: DialectSpec): SqlDialect {
  const quoteIdentifier = (name: string) => quoteWith(spec.identifierQuote, name);
  const quoteString = spec.standardStrings ? quoteStandardString : quotePortableString;
  const datetimeLiteral = (value: Date | string) => spec.datetimeLiteral(wallClockText(value));
  const limitClause = (limit: number | null, offset = 0) => {
    const skip = count(offset, 'offset') > 0 ? ` OFFSET ${offset}` : '';
    if (limit !== null) return `${limitOf(limit)}${skip}`;
    if (!skip) return '';
    return spec.unlimited === null ? skip.trimStart() : `LIMIT ${spec.unlimited}${skip}`;
  };
  return {
    name: spec.name,
    aliases: spec.aliases,
    flavor: spec.flavor,
    formatterLanguage: spec.formatterLanguage,
    standardStrings: spec.standardStrings,
    defaultSchema: spec.defaultSchema,
    keywords: keywordsWith(spec.keywords),
    quoteIdentifier,
    quoteIdentifierIfNeeded: (name) => quoteIfNeeded(name, spec.bareName, spec.identifierQuote),
    qualifiedName: (schema, table) => (schema ? `${quoteIdentifier(schema)}.${quoteIdentifier(table)}` : quoteIdentifier(table)),
    useSchema: (schema) => spec.useSchema(quoteIdentifier(schema)),
    quoteString,
    literal: literalWith(quoteString, datetimeLiteral),
    dateLiteral: (value) => spec.dateLiteral(calendarDateText(value)),
    datetimeLiteral,
    limitClause,
    wrapWithLimit: wrapInLimit,
    cast: (expression, to) => spec.casts[to](expression),
    timeGrains: spec.timeGrains,
    timeGrain: (grain, expression) => timeGrainExpression(spec.timeGrains, grain, expression),
    epochToTimestamp: (expression, unit) => spec.epochToTimestamp[unit](expression),
  };
}
