/**
 * What a failed chart query answers. Superset's chart data API turns every query failure into a
 * 400 `{message: "Error: …"}` (ChartDataQueryFailedError); this keeps that message and adds the
 * `errors` list with the error's type (SYNTAX_ERROR, COLUMN_DOES_NOT_EXIST_ERROR, template errors
 * …) so the frontend's error components still find it. Post-processing and time range errors
 * are 400s with their message, as Superset answers them.
 */
import { PostProcessingError } from '~/lib/post-processing';
import { TimeRangeError, unexpectedTimeRange } from '~/lib/time-range';
import { InvalidInputError } from '../domain-errors.server';
import { EngineError, EngineErrors, QueryStoppedError } from '../engines/errors.server';
import { SqlLabError, type SqlLabSupersetError } from '../sqllab/errors.server';

function failed(errors: SqlLabSupersetError[], cause: unknown): SqlLabError {
  return new SqlLabError(errors[0], 400, { cause, body: { message: `Error: ${errors.map((e) => e.message).join('; ')}` } });
}

/** The error a chart query's failure is answered with; anything else passes unchanged. */
export function chartQueryFailure(error: unknown): unknown {
  if (error instanceof QueryStoppedError) return error;
  if (error instanceof EngineError) return failed([error.error], error);
  if (error instanceof EngineErrors) return failed(error.errors, error);
  if (error instanceof SqlLabError) return failed([error.error], error);
  if (error instanceof PostProcessingError) return new InvalidInputError(error.message);
  if (error instanceof TimeRangeError) return new InvalidInputError(unexpectedTimeRange(error));
  return error;
}
