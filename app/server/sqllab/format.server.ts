/**
 * `POST /api/v1/sqllab/format_sql/`: SQL reformatted by sql-formatter in the dialect of the
 * database (given by `database_id`) or of `engine`, keywords upper-cased as Superset's sqlparse
 * call does. Template tags (`{{ … }}`, `{% … %}`, `{# … #}`) are kept whole. Needs ('can_read',
 * 'SQLLab'); a database_id needs access to that database. SQL the formatter cannot read is a 400
 * saying where, and the editor keeps its text.
 */
import { format, type SqlLanguage } from 'sql-formatter';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { badRequest } from '../http.server';
import { getSqlLabDatabase } from './database.server';

const LANGUAGES: Record<string, SqlLanguage> = {
  postgresql: 'postgresql',
  postgres: 'postgresql',
  mysql: 'mysql',
  mariadb: 'mariadb',
  sqlite: 'sqlite',
};

const TEMPLATE_TAGS = [{ regex: String.raw`\{\{[\s\S]*?\}\}` }, { regex: String.raw`\{%[\s\S]*?%\}` }, { regex: String.raw`\{#[\s\S]*?#\}` }];

export function formatSqlText(sql: string, language: SqlLanguage = 'sql'): string {
  try {
    return format(sql, { language, keywordCase: 'upper', paramTypes: { custom: TEMPLATE_TAGS } });
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw badRequest(`The SQL could not be formatted: ${detail}`);
  }
}

export async function formatSql(user: CurrentUser, input: { sql: string; engine?: string | null; database_id?: number | null }): Promise<{ result: string }> {
  requirePermission(user, 'can_read', 'SQLLab');
  let language: SqlLanguage = 'sql';
  if (input.database_id) {
    const db = await getSqlLabDatabase(user, input.database_id, { requireExposed: false });
    language = LANGUAGES[db.engine.name] ?? 'sql';
  } else if (input.engine) {
    language = LANGUAGES[input.engine.toLowerCase()] ?? 'sql';
  }
  return { result: formatSqlText(input.sql, language) };
}
