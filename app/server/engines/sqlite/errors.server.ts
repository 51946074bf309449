/**
 * node-sqlite3 errors → Superset error types. SQLite reports most problems as SQLITE_ERROR, so
 * the message text (stable across SQLite versions) tells them apart.
 */
import path from 'node:path';
import { engineError, EngineError, genericEngineError } from '../errors.server';
import type { ErrorContext } from '../types.server';

const ENGINE = 'SQLite';

export function mapSqliteError(error: unknown, context: ErrorContext): EngineError {
  if (error instanceof EngineError) return error;
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  const raw = typeof e.message === 'string' ? e.message : String(error);
  const message = raw.replace(/^SQLITE_[A-Z_]+: /, '');
  const code = typeof e.code === 'string' ? e.code : '';
  const opts = { engineName: ENGINE, engineMessage: message, cause: error };
  const match = (pattern: RegExp) => pattern.exec(message)?.[1];

  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_NOTADB') {
    // The file's name only: the message reaches users who may not see the server's directories.
    const name = path.basename(context.params.database);
    return engineError('CONNECTION_UNKNOWN_DATABASE_ERROR', `Unable to open the SQLite database "${name}".`, { ...opts, engineMessage: 'unable to open database file', invalid: ['database'] });
  }
  if (code === 'SQLITE_READONLY' || code === 'SQLITE_PERM' || code === 'SQLITE_AUTH') {
    return engineError('CONNECTION_DATABASE_PERMISSIONS_ERROR', 'This connection may not change the SQLite database (it is read-only).', opts);
  }
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return engineError('GENERIC_DB_ENGINE_ERROR', 'The SQLite database is locked by another writer. Try again when it has finished.', opts);
  }
  if (code === 'SQLITE_INTERRUPT') return engineError('GENERIC_DB_ENGINE_ERROR', 'The query was cancelled.', opts);
  const table = match(/no such table: (.+)$/);
  if (table !== undefined) {
    return engineError('TABLE_DOES_NOT_EXIST_ERROR', `The table "${table}" does not exist. A valid table must be used to run this query.`, opts);
  }
  const column = match(/no such column: (.+)$/);
  if (column !== undefined) return engineError('COLUMN_DOES_NOT_EXIST_ERROR', `We can't seem to resolve the column "${column}".`, opts);
  const schema = match(/unknown database (.+)$/);
  if (schema !== undefined) {
    return engineError('SCHEMA_DOES_NOT_EXIST_ERROR', `The schema "${schema}" does not exist. A valid schema must be used to run this query.`, opts);
  }
  const near = match(/near "(.*)": syntax error/);
  if (near !== undefined || /syntax error|incomplete input/.test(message)) {
    return engineError(
      'SYNTAX_ERROR',
      near ? `Please check your query for syntax errors at or near "${near}". Then, try running your query again.` : 'Please check your query for syntax errors. Then, try running your query again.',
      opts,
    );
  }
  if (/no such function/.test(message)) return engineError('OBJECT_DOES_NOT_EXIST_ERROR', 'The object does not exist in the given database.', opts);
  return genericEngineError(ENGINE, error);
}
