/**
 * Errors from databases, in Superset's shape (explore.md §8, superset/errors.py):
 * `{message, error_type, level, extra: {engine_name, issue_codes: [{code, message}], …}}`.
 * The message is a sentence a person can act on, followed by what the engine itself said.
 * Issue codes and their texts follow Superset's numbering (ISSUE_CODES and
 * ERROR_TYPES_TO_ISSUE_CODES_MAPPING), so links and docs written for Superset still apply.
 */

export type ErrorType =
  | 'GENERIC_DB_ENGINE_ERROR'
  | 'COLUMN_DOES_NOT_EXIST_ERROR'
  | 'TABLE_DOES_NOT_EXIST_ERROR'
  | 'SCHEMA_DOES_NOT_EXIST_ERROR'
  | 'CONNECTION_INVALID_USERNAME_ERROR'
  | 'CONNECTION_INVALID_PASSWORD_ERROR'
  | 'CONNECTION_INVALID_HOSTNAME_ERROR'
  | 'CONNECTION_PORT_CLOSED_ERROR'
  | 'CONNECTION_INVALID_PORT_ERROR'
  | 'CONNECTION_HOST_DOWN_ERROR'
  | 'CONNECTION_ACCESS_DENIED_ERROR'
  | 'CONNECTION_UNKNOWN_DATABASE_ERROR'
  | 'CONNECTION_DATABASE_PERMISSIONS_ERROR'
  | 'CONNECTION_MISSING_PARAMETERS_ERRORS'
  | 'OBJECT_DOES_NOT_EXIST_ERROR'
  | 'SYNTAX_ERROR'
  | 'BACKEND_TIMEOUT_ERROR'
  | 'DATABASE_NOT_FOUND_ERROR'
  | 'DML_NOT_ALLOWED_ERROR'
  | 'SQLLAB_TIMEOUT_ERROR'
  | 'GENERIC_BACKEND_ERROR'
  | 'GENERIC_COMMAND_ERROR';

export type ErrorLevel = 'error' | 'warning' | 'info';

export const ISSUE_CODES = {
  1000: 'The dataset is too large to query.',
  1001: 'The database is under an unusual load.',
  1002: 'The database returned an unexpected error.',
  1003: 'There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.',
  1004: 'The column was deleted or renamed in the database.',
  1005: 'The table was deleted or renamed in the database.',
  1007: "The hostname provided can't be resolved.",
  1008: 'The port is closed.',
  1009: "The host might be down, and can't be reached on the provided port.",
  1010: 'Superset encountered an error while running a command.',
  1011: 'Superset encountered an unexpected error.',
  1012: 'The username provided when connecting to a database is not valid.',
  1013: 'The password provided when connecting to a database is not valid.',
  1014: 'Either the username or the password is wrong.',
  1015: 'Either the database is spelled incorrectly or does not exist.',
  1016: 'The schema was deleted or renamed in the database.',
  1017: "User doesn't have the proper permissions.",
  1018: 'One or more parameters needed to configure a database are missing.',
  1022: 'Database does not allow data manipulation.',
  1026: 'Query is too complex and takes too long to run.',
  1027: 'The database is currently running too many queries.',
  1029: 'The object does not exist in the given database.',
  1030: 'The query has a syntax error.',
  1034: 'The port number is invalid.',
  1036: 'The database was deleted.',
} as const;

export type IssueCode = keyof typeof ISSUE_CODES;

const ISSUES_BY_TYPE: Record<ErrorType, IssueCode[]> = {
  GENERIC_DB_ENGINE_ERROR: [1002],
  COLUMN_DOES_NOT_EXIST_ERROR: [1003, 1004],
  TABLE_DOES_NOT_EXIST_ERROR: [1003, 1005],
  SCHEMA_DOES_NOT_EXIST_ERROR: [1003, 1016],
  CONNECTION_INVALID_USERNAME_ERROR: [1012],
  CONNECTION_INVALID_PASSWORD_ERROR: [1013],
  CONNECTION_INVALID_HOSTNAME_ERROR: [1007],
  CONNECTION_PORT_CLOSED_ERROR: [1008],
  CONNECTION_INVALID_PORT_ERROR: [1034],
  CONNECTION_HOST_DOWN_ERROR: [1009],
  CONNECTION_ACCESS_DENIED_ERROR: [1014, 1015],
  CONNECTION_UNKNOWN_DATABASE_ERROR: [1015],
  CONNECTION_DATABASE_PERMISSIONS_ERROR: [1017],
  CONNECTION_MISSING_PARAMETERS_ERRORS: [1018],
  OBJECT_DOES_NOT_EXIST_ERROR: [1029],
  SYNTAX_ERROR: [1030],
  BACKEND_TIMEOUT_ERROR: [1000, 1001],
  DATABASE_NOT_FOUND_ERROR: [1011, 1036],
  DML_NOT_ALLOWED_ERROR: [1022],
  SQLLAB_TIMEOUT_ERROR: [1026, 1027],
  GENERIC_BACKEND_ERROR: [1011],
  GENERIC_COMMAND_ERROR: [1010],
};

/** The HTTP status an API route should answer with, by the conventions' rules. */
const STATUS_BY_TYPE: Partial<Record<ErrorType, number>> = {
  CONNECTION_MISSING_PARAMETERS_ERRORS: 400,
  CONNECTION_INVALID_PORT_ERROR: 400,
  SYNTAX_ERROR: 400,
  DML_NOT_ALLOWED_ERROR: 403,
  DATABASE_NOT_FOUND_ERROR: 404,
  BACKEND_TIMEOUT_ERROR: 408,
  SQLLAB_TIMEOUT_ERROR: 408,
  GENERIC_BACKEND_ERROR: 500,
};

export interface SupersetErrorExtra {
  engine_name: string | null;
  issue_codes: { code: IssueCode; message: string }[];
  /** The engine's own message, unchanged. */
  engine_message?: string;
  /** Connection form fields the error points at (Superset's `invalid`). */
  invalid?: string[];
  [key: string]: unknown;
}

export interface SupersetError {
  message: string;
  error_type: ErrorType;
  level: ErrorLevel;
  extra: SupersetErrorExtra;
}

export class EngineError extends Error {
  readonly error: SupersetError;
  readonly status: number;

  constructor(error: SupersetError, options?: { cause?: unknown; status?: number }) {
    super(error.message, { cause: options?.cause });
    this.name = 'EngineError';
    this.error = error;
    this.status = options?.status ?? STATUS_BY_TYPE[error.error_type] ?? 422;
  }

  get errorType(): ErrorType {
    return this.error.error_type;
  }

  /** The `{errors: [...]}` body of an API error response. */
  toJSON(): { errors: SupersetError[] } {
    return { errors: [this.error] };
  }
}

/** Several problems found at once (every missing connection parameter): one answer lists them all. */
export class EngineErrors extends Error {
  readonly errors: SupersetError[];
  readonly status: number;

  constructor(errors: SupersetError[], status = 422) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'EngineErrors';
    this.errors = errors;
    this.status = status;
  }
}

/** A query stopped on request (state `stopped`), not a failure. */
export class QueryStoppedError extends Error {
  constructor() {
    super('Query was stopped.');
    this.name = 'QueryStoppedError';
  }
}

export function engineError(
  errorType: ErrorType,
  friendly: string,
  opts: {
    engineName?: string | null;
    engineMessage?: string;
    /** Whether the message quotes the engine (false when `friendly` already does). */
    quote?: boolean;
    invalid?: string[];
    extra?: Record<string, unknown>;
    cause?: unknown;
    level?: ErrorLevel;
    status?: number;
  } = {},
): EngineError {
  const engineName = opts.engineName ?? null;
  // The first line of the engine's text: PostgreSQL appends hints, MySQL repeats the SQL.
  const said = opts.engineMessage?.split('\n')[0].trim();
  const message = said && engineName && opts.quote !== false ? `${friendly} ${engineName} said: ${said}` : friendly;
  const extra: SupersetErrorExtra = {
    engine_name: engineName,
    issue_codes: ISSUES_BY_TYPE[errorType].map((code) => ({ code, message: `Issue ${code} - ${ISSUE_CODES[code]}` })),
    ...(opts.engineMessage ? { engine_message: opts.engineMessage } : {}),
    ...(opts.invalid ? { invalid: opts.invalid } : {}),
    ...opts.extra,
  };
  return new EngineError({ message, error_type: errorType, level: opts.level ?? 'error', extra }, { cause: opts.cause, status: opts.status });
}

/** Node's socket-level failures, the same for every network driver. */
export function networkError(
  error: { code?: unknown; message?: unknown },
  engineName: string,
  where: { host?: string; port?: number },
): EngineError | null {
  const code = typeof error.code === 'string' ? error.code : '';
  const engineMessage = typeof error.message === 'string' ? error.message : String(error);
  const host = where.host ?? '';
  const opts = { engineName, engineMessage, cause: error };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL') {
    return engineError('CONNECTION_INVALID_HOSTNAME_ERROR', `The hostname "${host}" cannot be resolved.`, { ...opts, invalid: ['host'] });
  }
  if (code === 'ECONNREFUSED') {
    return engineError('CONNECTION_PORT_CLOSED_ERROR', `Port ${where.port} on hostname "${host}" refused the connection.`, { ...opts, invalid: ['host', 'port'] });
  }
  if (['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'CONNECT_TIMEOUT'].includes(code)) {
    return engineError('CONNECTION_HOST_DOWN_ERROR', `The host "${host}" might be down, and can't be reached on port ${where.port}.`, {
      ...opts,
      invalid: ['host', 'port'],
    });
  }
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'PROTOCOL_CONNECTION_LOST') return connectionLost(engineName, engineMessage, error);
  return null;
}

export function connectionLost(engineName: string, engineMessage: string, cause: unknown): EngineError {
  return engineError('GENERIC_DB_ENGINE_ERROR', 'The connection to the database was lost while the query ran.', { engineName, engineMessage, cause });
}

/** Superset's fallback: "<Engine> error: <what the engine said>". */
export function genericEngineError(engineName: string, error: unknown): EngineError {
  const engineMessage = error instanceof Error ? error.message : String(error);
  return engineError('GENERIC_DB_ENGINE_ERROR', `${engineName} error: ${engineMessage.split('\n')[0]}`, {
    engineName,
    engineMessage,
    quote: false,
    cause: error,
  });
}
