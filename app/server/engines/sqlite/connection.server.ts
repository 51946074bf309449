/**
 * SQLite connection parameters. SQLAlchemy's URIs: `sqlite:///relative.db` (relative to the
 * server's working directory), `sqlite:////abs/path.db`, `sqlite://` (an in-memory database).
 * Query parameter: `mode=ro` opens the file read-only.
 */
import path from 'node:path';
import { z } from 'zod';
import { engineError } from '../errors.server';
import { parseUrl } from '../uri.server';
import type { ConnectionParams } from '../types.server';

export const SQLITE_SCHEMES = ['sqlite'] as const;
export const MEMORY = ':memory:';

export const SqliteParametersSchema = z.object({
  database: z
    .string()
    .trim()
    .min(1, 'Enter the path of the SQLite file.')
    .meta({ title: 'Database file', description: "Path of the SQLite file, absolute or relative to the server's working directory" }),
  query: z.record(z.string(), z.string()).default({}).meta({ title: 'Additional parameters', description: 'Additional parameters: mode=ro opens the file read-only' }),
});

export function parseSqliteUri(uri: string): ConnectionParams {
  const url = parseUrl(uri);
  if (url.scheme !== 'sqlite') {
    throw engineError('CONNECTION_MISSING_PARAMETERS_ERRORS', `"${url.scheme}" is not a SQLite URI scheme.`, { invalid: ['sqlalchemy_uri'] });
  }
  if (url.host) {
    throw engineError('CONNECTION_MISSING_PARAMETERS_ERRORS', `A SQLite URI names a file, not a host: use sqlite:///${url.host}/${url.database}.`, {
      invalid: ['sqlalchemy_uri'],
    });
  }
  return { engine: 'sqlite', database: url.database || MEMORY, query: url.query };
}

export function buildSqliteUri(params: ConnectionParams): string {
  const query = new URLSearchParams(params.query).toString();
  const file = params.database === MEMORY ? '' : `/${params.database}`;
  return `sqlite://${file}${query ? `?${query}` : ''}`;
}

/** The file to open: relative paths are taken from the working directory, as SQLAlchemy does. */
export function sqliteFile(params: ConnectionParams): string {
  return params.database === MEMORY ? MEMORY : path.resolve(params.database);
}
