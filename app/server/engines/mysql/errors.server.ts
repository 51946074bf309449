/**
 * mysql2 errors → Superset error types, by MySQL/MariaDB error number (the same on both servers
 * for everything mapped here); the message only supplies names to quote.
 */
import { connectionLost, engineError, EngineError, genericEngineError, networkError } from '../errors.server';
import type { ErrorContext } from '../types.server';

const ENGINE = 'MySQL';

const quoted = (message: string, pattern: RegExp) => pattern.exec(message)?.[1] ?? '';

export function mapMysqlError(error: unknown, context: ErrorContext): EngineError {
  if (error instanceof EngineError) return error;
  const e = (error ?? {}) as { code?: unknown; errno?: unknown; message?: unknown; sqlMessage?: unknown };
  const message = typeof e.sqlMessage === 'string' ? e.sqlMessage : typeof e.message === 'string' ? e.message : String(error);
  const errno = typeof e.errno === 'number' ? e.errno : 0;
  const { params } = context;
  const opts = { engineName: ENGINE, engineMessage: message, cause: error };

  const network = networkError(e, ENGINE, params);
  if (network) return network;

  switch (errno) {
    case 1045: // ER_ACCESS_DENIED_ERROR: MySQL does not say which of the two is wrong
      return engineError('CONNECTION_ACCESS_DENIED_ERROR', `Either the username "${params.username ?? ''}" or the password is incorrect.`, {
        ...opts,
        invalid: ['username', 'password'],
      });
    case 1044: // ER_DBACCESS_DENIED_ERROR
    case 1142: // ER_TABLEACCESS_DENIED_ERROR
    case 1143: // ER_COLUMNACCESS_DENIED_ERROR
    case 1227: // ER_SPECIFIC_ACCESS_DENIED_ERROR
    case 1370: // ER_PROCACCESS_DENIED_ERROR
      return engineError('CONNECTION_DATABASE_PERMISSIONS_ERROR', `User "${params.username ?? ''}" does not have the permissions this needs.`, opts);
    case 1049: // ER_BAD_DB_ERROR: at connect the database is unknown; later a USE named a missing schema
      if (context.phase === 'connect') {
        return engineError('CONNECTION_UNKNOWN_DATABASE_ERROR', `Unable to connect to database "${params.database}".`, { ...opts, invalid: ['database'] });
      }
      return engineError(
        'SCHEMA_DOES_NOT_EXIST_ERROR',
        `The schema "${quoted(message, /Unknown database '(.+?)'/)}" does not exist. A valid schema must be used to run this query.`,
        opts,
      );
    case 1146: // ER_NO_SUCH_TABLE
      return engineError(
        'TABLE_DOES_NOT_EXIST_ERROR',
        `The table "${quoted(message, /Table '(.+?)' doesn't exist/)}" does not exist. A valid table must be used to run this query.`,
        opts,
      );
    case 1054: // ER_BAD_FIELD_ERROR
      return engineError('COLUMN_DOES_NOT_EXIST_ERROR', `We can't seem to resolve the column "${quoted(message, /Unknown column '(.+?)'/)}".`, opts);
    case 1064: {
      // ER_PARSE_ERROR
      const near = quoted(message, /near '([\s\S]*?)' at line/);
      return engineError(
        'SYNTAX_ERROR',
        near ? `Please check your query for syntax errors near "${near}". Then, try running your query again.` : 'Please check your query for syntax errors. Then, try running your query again.',
        opts,
      );
    }
    case 1305: // ER_SP_DOES_NOT_EXIST (functions too)
      return engineError('OBJECT_DOES_NOT_EXIST_ERROR', 'The object does not exist in the given database.', opts);
    case 1317: // ER_QUERY_INTERRUPTED
      return engineError('GENERIC_DB_ENGINE_ERROR', 'The query was cancelled.', opts);
    case 1969: // ER_STATEMENT_TIMEOUT (MariaDB max_statement_time)
    case 3024: // ER_QUERY_TIMEOUT (MySQL max_execution_time)
      return engineError('BACKEND_TIMEOUT_ERROR', 'The query exceeded the time limit the server sets.', opts);
    case 1040: // ER_CON_COUNT_ERROR
      return engineError('GENERIC_DB_ENGINE_ERROR', 'The database is currently running too many queries.', opts);
    case 2006: // CR_SERVER_GONE_ERROR
    case 2013: // CR_SERVER_LOST
    case 1927: // ER_CONNECTION_KILLED
      return connectionLost(ENGINE, message, error);
  }
  if (e.code === 'PROTOCOL_CONNECTION_LOST' || e.code === 'PROTOCOL_SEQUENCE_TIMEOUT') return connectionLost(ENGINE, message, error);
  return genericEngineError(ENGINE, error);
}
