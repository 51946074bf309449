/**
 * The one interface every engine's SQL dialect implements (sqlite.ts, postgresql.ts, mysql.ts).
 * Isomorphic: the server builds queries with it and the browser's editor quotes and completes
 * with it, so nothing here may touch Node, a driver or a `.server` module. See docs/dialects.md.
 */
import type { SqlFlavor } from '../lexer';
import type { TimeGrainTemplates } from '../time-grains';

/** The engines: one dialect each (app/server/engines/<name>/ holds the rest of the engine). */
export type DialectName = 'sqlite' | 'postgresql' | 'mysql';

export type CastType = 'text' | 'integer' | 'float' | 'date' | 'timestamp';

export type EpochUnit = 'seconds' | 'milliseconds';

/** What `literal` writes: text quoted, numbers and booleans bare, null/undefined as NULL, a Date as a datetime. */
export type SqlValue = string | number | bigint | boolean | Date | null | undefined;

/** sql-formatter's language for the dialect. */
export type FormatterLanguage = 'sqlite' | 'postgresql' | 'mysql';

export interface SqlDialect {
  readonly name: DialectName;
  /** Other names the engine answers to (its URI schemes): `postgres`, `mariadb`. */
  readonly aliases: readonly string[];
  /** How the lexer reads this dialect's quotes and comments. */
  readonly flavor: SqlFlavor;
  readonly formatterLanguage: FormatterLanguage;
  /** Whether a backslash is an ordinary character inside '…' (false: it escapes, as in MySQL). */
  readonly standardStrings: boolean;
  /** The schema SQL Lab starts in when none is chosen. */
  readonly defaultSchema: string | null;
  /** Keywords and common functions the editor completes, upper case, without duplicates. */
  readonly keywords: readonly string[];

  /** A name, always quoted. */
  quoteIdentifier(name: string): string;
  /** A name as it must be written: bare when the engine reads it back unchanged, quoted otherwise. */
  quoteIdentifierIfNeeded(name: string): string;
  /** `schema.table`, quoted; the table alone without a schema. */
  qualifiedName(schema: string | null, table: string): string;
  /** Statements that make `schema` the default for unqualified names (search_path, USE); none where not needed. */
  useSchema(schema: string): string[];

  /** A string literal, escaped by the engine's rules. */
  quoteString(value: string): string;
  /** Any value as a literal (see SqlValue). Non-finite numbers throw. */
  literal(value: SqlValue): string;
  /** A date literal: a Date's UTC calendar day, or 'YYYY-MM-DD' text. */
  dateLiteral(value: Date | string): string;
  /** A timestamp (without time zone) literal: a Date's UTC wall clock, or 'YYYY-MM-DD[ T]HH:MM[:SS[.f]][Z]' text. */
  datetimeLiteral(value: Date | string): string;

  /** `LIMIT n [OFFSET m]` (an offset alone where the engine needs a limit too); '' when neither. */
  limitClause(limit: number | null, offset?: number): string;
  /** Any query, wrapped so it yields at most `limit` rows. */
  wrapWithLimit(sql: string, limit: number): string;
  /** `expression` converted to the type. */
  cast(expression: string, to: CastType): string;

  /** Every time grain of time-grains.ts as a template over `{col}`. */
  readonly timeGrains: TimeGrainTemplates;
  /** `expression` bucketed by `grain`; no grain is the expression itself. Unknown grains throw. */
  timeGrain(grain: string | null | undefined, expression: string): string;
  /** A number of seconds or milliseconds since 1970-01-01 UTC as a timestamp (without time zone, UTC wall clock). */
  epochToTimestamp(expression: string, unit: EpochUnit): string;
}
