/**
 * The SQL dialects, one per engine, behind one interface (types.ts). The server's engine registry
 * points each engine at its dialect; templating, formatting and the editor's autocomplete reach
 * engine-specific SQL only through here. See docs/dialects.md.
 */
import { mysqlDialect } from './mysql';
import { postgresqlDialect } from './postgresql';
import { sqliteDialect } from './sqlite';
import type { SqlDialect } from './types';

export type { CastType, DialectName, EpochUnit, FormatterLanguage, SqlDialect, SqlValue } from './types';
export { mysqlDialect, postgresqlDialect, sqliteDialect };

export const DIALECTS: readonly SqlDialect[] = [sqliteDialect, postgresqlDialect, mysqlDialect];

/** The dialect of an engine name or alias (any case: `postgres`, `MariaDB`), or null. */
export function findDialect(engineName: string | null | undefined): SqlDialect | null {
  if (!engineName) return null;
  const name = engineName.toLowerCase();
  return DIALECTS.find((d) => d.name === name || d.aliases.includes(name)) ?? null;
}

/** The dialect of an engine name or alias; an unknown name throws, naming the known ones. */
export function dialectFor(engineName: string): SqlDialect {
  const dialect = findDialect(engineName);
  if (!dialect) throw new Error(`There is no SQL dialect for the engine "${engineName}"; known: ${DIALECTS.map((d) => d.name).join(', ')}.`);
  return dialect;
}
