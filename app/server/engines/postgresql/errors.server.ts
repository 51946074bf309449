/**
 * node-postgres errors → Superset error types, by SQLSTATE (stable across server versions and
 * locales) rather than by message text; the message only supplies names to quote.
 */
import { connectionLost, engineError, EngineError, genericEngineError, networkError } from '../errors.server';
import type { ErrorContext } from '../types.server';

const ENGINE = 'PostgreSQL';

const quoted = (message: string, pattern: RegExp) => pattern.exec(message)?.[1] ?? '';

export function mapPostgresError(error: unknown, context: ErrorContext): EngineError {
  if (error instanceof EngineError) return error;
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(error);
  const code = typeof e.code === 'string' ? e.code : '';
  const { params } = context;
  const opts = { engineName: ENGINE, engineMessage: message, cause: error };

  const network = networkError(e, ENGINE, params);
  if (network) return network;

  switch (code) {
    case '28P01':
      return engineError('CONNECTION_INVALID_PASSWORD_ERROR', `The password provided for username "${params.username ?? ''}" is incorrect.`, {
        ...opts,
        invalid: ['username', 'password'],
      });
    case '28000':
      if (/role ".*" does not exist/.test(message)) {
        return engineError('CONNECTION_INVALID_USERNAME_ERROR', `The username "${params.username ?? ''}" does not exist.`, { ...opts, invalid: ['username'] });
      }
      return engineError('CONNECTION_ACCESS_DENIED_ERROR', `The server refused user "${params.username ?? ''}" access to database "${params.database}".`, {
        ...opts,
        invalid: ['username', 'password'],
      });
    case '3D000':
      return engineError('CONNECTION_UNKNOWN_DATABASE_ERROR', `Unable to connect to database "${params.database}".`, { ...opts, invalid: ['database'] });
    case '42501':
      return engineError('CONNECTION_DATABASE_PERMISSIONS_ERROR', `User "${params.username ?? ''}" does not have the permissions this needs.`, opts);
    case '42601':
      return engineError('SYNTAX_ERROR', syntaxMessage(quoted(message, /at or near "(.*)"/)), opts);
    case '42703':
      return engineError('COLUMN_DOES_NOT_EXIST_ERROR', `We can't seem to resolve the column "${quoted(message, /column "(.+?)" does not exist/)}".`, opts);
    case '42P01':
      return engineError(
        'TABLE_DOES_NOT_EXIST_ERROR',
        `The table "${quoted(message, /relation "(.+?)" does not exist/)}" does not exist. A valid table must be used to run this query.`,
        opts,
      );
    case '3F000':
      return engineError(
        'SCHEMA_DOES_NOT_EXIST_ERROR',
        `The schema "${quoted(message, /schema "(.+?)" does not exist/)}" does not exist. A valid schema must be used to run this query.`,
        opts,
      );
    case '42883':
    case '42704':
      return engineError('OBJECT_DOES_NOT_EXIST_ERROR', 'The object does not exist in the given database.', opts);
    case '25006':
      // read_only_sql_transaction: the engine's own read-only transaction (no allow_dml) refused a write the parser took for a read.
      return engineError('DML_NOT_ALLOWED_ERROR', 'This database does not allow for DDL/DML, and the statement tried to change data.', opts);
    case '57014':
      return engineError('GENERIC_DB_ENGINE_ERROR', 'The query was cancelled.', opts);
    case '53300':
      return engineError('GENERIC_DB_ENGINE_ERROR', 'The database is currently running too many queries.', opts);
  }
  if (/^(57P0[1-3]|08)/.test(code) || /Connection terminated unexpectedly/i.test(message)) return connectionLost(ENGINE, message, error);
  if (context.phase === 'connect' && /timeout/i.test(message)) {
    return engineError('CONNECTION_HOST_DOWN_ERROR', `The host "${params.host ?? ''}" might be down, and can't be reached on port ${params.port}.`, {
      ...opts,
      invalid: ['host', 'port'],
    });
  }
  if (context.phase === 'connect' && /password must be a string|no password/i.test(message)) {
    return engineError('CONNECTION_ACCESS_DENIED_ERROR', 'The server asks for a password: please enter it.', { ...opts, invalid: ['password'] });
  }
  return genericEngineError(ENGINE, error);
}

function syntaxMessage(near: string): string {
  return near
    ? `Please check your query for syntax errors at or near "${near}". Then, try running your query again.`
    : 'Please check your query for syntax errors. Then, try running your query again.';
}
