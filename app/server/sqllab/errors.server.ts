/**
 * SQL Lab's errors, in the same Superset envelope as the engines' (`{errors: [{message,
 * error_type, level, extra}]}`), for the types the engines do not produce: template, CTAS/CVAS,
 * results backend, workers and query access. Also the one place deciding which HTTP status a
 * query's failure answers with, whoever raised it, so execute, results and export agree: a
 * failure is thrown as a QueryFailedError carrying that status, and the one error mapper
 * (app/server/api/error-response.server.ts) answers any SqlLabError with `toJSON()` and `.status`.
 */
import { EngineError, QueryStoppedError, type SupersetError } from '../engines/errors.server';

export type SqlLabErrorType =
  | 'MISSING_TEMPLATE_PARAMS_ERROR'
  | 'INVALID_TEMPLATE_PARAMS_ERROR'
  | 'INVALID_CTAS_QUERY_ERROR'
  | 'INVALID_CVAS_QUERY_ERROR'
  | 'RESULTS_BACKEND_ERROR'
  | 'RESULTS_BACKEND_NOT_CONFIGURED_ERROR'
  | 'ASYNC_WORKERS_ERROR'
  | 'QUERY_SECURITY_ACCESS_ERROR'
  | 'DATABASE_SECURITY_ACCESS_ERROR'
  | 'GENERIC_BACKEND_ERROR';

/** Superset's ERROR_TYPES_TO_ISSUE_CODES_MAPPING for these types, with its texts. */
const ISSUES: Record<SqlLabErrorType, { code: number; message: string }[]> = {
  MISSING_TEMPLATE_PARAMS_ERROR: [{ code: 1006, message: 'Issue 1006 - One or more parameters specified in the query are missing.' }],
  INVALID_TEMPLATE_PARAMS_ERROR: [{ code: 1028, message: 'Issue 1028 - One or more parameters specified in the query are malformatted.' }],
  INVALID_CTAS_QUERY_ERROR: [
    {
      code: 1023,
      message:
        "Issue 1023 - The CTAS (create table as select) doesn't have a SELECT statement at the end. Please make sure your query has a SELECT as its last statement. Then, try running your query again.",
    },
  ],
  INVALID_CVAS_QUERY_ERROR: [
    { code: 1024, message: 'Issue 1024 - CVAS (create view as select) query has more than one statement.' },
    { code: 1025, message: 'Issue 1025 - CVAS (create view as select) query is not a SELECT statement.' },
  ],
  RESULTS_BACKEND_ERROR: [
    { code: 1031, message: 'Issue 1031 - The results backend no longer has the data from the query.' },
    { code: 1032, message: 'Issue 1032 - The query associated with the results was deleted.' },
    { code: 1033, message: 'Issue 1033 - The results stored in the backend were stored in a different format, and no longer can be deserialized.' },
  ],
  RESULTS_BACKEND_NOT_CONFIGURED_ERROR: [{ code: 1021, message: 'Issue 1021 - Results backend needed for asynchronous queries is not configured.' }],
  ASYNC_WORKERS_ERROR: [{ code: 1035, message: 'Issue 1035 - Failed to start remote query on a worker.' }],
  QUERY_SECURITY_ACCESS_ERROR: [],
  DATABASE_SECURITY_ACCESS_ERROR: [{ code: 1017, message: "Issue 1017 - User doesn't have the proper permissions." }],
  GENERIC_BACKEND_ERROR: [{ code: 1011, message: 'Issue 1011 - Superset encountered an unexpected error.' }],
};

/** The envelope's entry, with SQL Lab's types allowed beside the engines'. */
export type SqlLabSupersetError = Omit<SupersetError, 'error_type' | 'extra'> & {
  error_type: SupersetError['error_type'] | SqlLabErrorType;
  extra: Record<string, unknown>;
};

export class SqlLabError extends Error {
  readonly error: SqlLabSupersetError;
  readonly status: number;
  /** Fields the answer carries beside `errors` (results' `message`, as Superset's results endpoint has it). */
  readonly body: Record<string, unknown>;

  constructor(error: SqlLabSupersetError, status: number, options?: { cause?: unknown; body?: Record<string, unknown> }) {
    super(error.message, options);
    this.name = new.target.name;
    this.error = error;
    this.status = status;
    this.body = options?.body ?? {};
  }

  /** The answer's body, Superset's `{errors: [...]}`. */
  toJSON(): { errors: SqlLabSupersetError[] } & Record<string, unknown> {
    return { ...this.body, errors: [this.error] };
  }
}

export function sqlLabError(
  type: SqlLabErrorType, message: string, status: number, extra: Record<string, unknown> = {}, body?: Record<string, unknown>,
): SqlLabError {
  return new SqlLabError({ message, error_type: type, level: 'error', extra: { issue_codes: ISSUES[type], ...extra } }, status, { body });
}

/**
 * Statuses of a failed query (conventions: 400 bad input, 422 semantic problem): what the database
 * refused to run is a 400, what SQL Lab's rules refuse is a 422, a timeout is Superset's 408.
 * Other engine errors (connection problems, an undecryptable password) keep the engine's status.
 */
const STATUS_BY_TYPE: Record<string, number> = {
  GENERIC_DB_ENGINE_ERROR: 400,
  COLUMN_DOES_NOT_EXIST_ERROR: 400,
  TABLE_DOES_NOT_EXIST_ERROR: 400,
  SCHEMA_DOES_NOT_EXIST_ERROR: 400,
  OBJECT_DOES_NOT_EXIST_ERROR: 400,
  SYNTAX_ERROR: 400,
  GENERIC_COMMAND_ERROR: 400,
  DML_NOT_ALLOWED_ERROR: 422,
  INVALID_CTAS_QUERY_ERROR: 422,
  INVALID_CVAS_QUERY_ERROR: 422,
  MISSING_TEMPLATE_PARAMS_ERROR: 422,
  INVALID_TEMPLATE_PARAMS_ERROR: 422,
  SQLLAB_TIMEOUT_ERROR: 408,
  BACKEND_TIMEOUT_ERROR: 408,
};

/** The status a recorded failure answers with (its first error's type), as if it had been thrown here. */
export function recordedFailureStatus(errorType: string | undefined): number {
  return (errorType && STATUS_BY_TYPE[errorType]) || 400;
}

/** How a failure is recorded on the query and answered: its errors, message and HTTP status. */
export interface Failure {
  errors: SqlLabSupersetError[];
  message: string;
  status: number;
  /** `timed_out` for timeouts, `stopped` for a stop, `failed` otherwise. */
  state: 'failed' | 'timed_out' | 'stopped';
}

/** A query's failure as described (status, errors, state), thrown to the caller as it is answered. */
export class QueryFailedError extends SqlLabError {
  readonly failure: Failure;

  constructor(failure: Failure) {
    // A stopped query has no error entry: its message stands for one, should a caller ask for `.error`.
    super(failure.errors[0] ?? { message: failure.message, error_type: 'GENERIC_BACKEND_ERROR', level: 'error', extra: {} }, failure.status);
    this.failure = failure;
  }

  override toJSON(): { errors: SqlLabSupersetError[] } {
    return { errors: this.failure.errors };
  }
}

export function describeFailure(error: unknown): Failure {
  if (error instanceof QueryFailedError) return error.failure;
  if (error instanceof QueryStoppedError) {
    return { errors: [], message: error.message, status: 400, state: 'stopped' };
  }
  if (error instanceof SqlLabError || error instanceof EngineError) {
    const entry = error.error as SqlLabSupersetError;
    const type = entry.error_type;
    const timedOut = type === 'SQLLAB_TIMEOUT_ERROR' || type === 'BACKEND_TIMEOUT_ERROR';
    const status = error instanceof SqlLabError ? error.status : (STATUS_BY_TYPE[type] ?? error.status);
    return { errors: [entry], message: entry.message, status, state: timedOut ? 'timed_out' : 'failed' };
  }
  // Ours, not the database's: the detail goes to the log, the user gets a sentence.
  console.error('sightline: SQL Lab query failed unexpectedly', error);
  const generic = sqlLabError('GENERIC_BACKEND_ERROR', 'The query failed because of an unexpected error in Sightline. The details are in the server log.', 500);
  return { errors: [generic.error], message: generic.error.message, status: 500, state: 'failed' };
}

/** Any error of a query (the engine's, SQL Lab's, ours) as the QueryFailedError its answer is. */
export function queryFailed(error: unknown): QueryFailedError {
  return new QueryFailedError(describeFailure(error));
}
