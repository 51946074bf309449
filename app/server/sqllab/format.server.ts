/**
 * `POST /api/v1/sqllab/format_sql/`: SQL reformatted by sql-formatter in the dialect of the
 * database (given by `database_id`) or of `engine` (a name or alias its dialect answers to),
 * keywords upper-cased as Superset's sqlparse call does. Template tags (`{{ … }}`, `{% … %}`,
 * `{# … #}`) are kept whole. Needs ('can_read', 'SQLLab'); a database_id needs access to that
 * database. SQL the formatter cannot read is a 400 saying where, and the editor keeps its text.
 */
import { format, type SqlLanguage } from 'sql-formatter';
import { findDialect } from '~/lib/sql/dialects';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { InvalidInputError } from '../domain-errors.server';
import { getSqlLabDatabase } from './database.server';

const TEMPLATE_TAGS = [{ regex: String.raw`\{\{[\s\S]*?\}\}` }, { regex: String.raw`\{%[\s\S]*?%\}` }, { regex: String.raw`\{#[\s\S]*?#\}` }];

export function formatSqlText(sql: string, language: SqlLanguage = 'sql'): string {
  try {
    return format(sql, { language, keywordCase: 'upper', paramTypes: { custom: TEMPLATE_TAGS } });
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new InvalidInputError(`The SQL could not be formatted: ${detail}`);
  }
}

export async function formatSql(user: CurrentUser, input: { sql: string; engine?: string | null; database_id?: number | null }): Promise<{ result: string }> {
  requirePermission(user, 'can_read', 'SQLLab');
  // An engine no dialect knows (or none given) is formatted as standard SQL.
  const dialect = input.database_id ? (await getSqlLabDatabase(user, input.database_id, { requireExposed: false })).engine.dialect : findDialect(input.engine);
  return { result: formatSqlText(input.sql, dialect?.formatterLanguage ?? 'sql') };
}
