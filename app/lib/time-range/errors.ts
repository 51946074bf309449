/**
 * The one error a time range can raise. `message` is the text Superset puts after
 * "Unexpected time range: " in its 400 answer, and what the date filter control shows under
 * 'Actual time range'.
 *
 * kind: 'ambiguous' = a bare "7 days" (Superset's TimeRangeAmbiguousError), 'parse' = text or an
 * expression that cannot be read (TimeRangeParseFailError / pyparsing's ParseException),
 * 'order' = since after until, 'unsupported' = grammar Sightline does not evaluate (HOLIDAY).
 */
export type TimeRangeErrorKind = 'ambiguous' | 'parse' | 'order' | 'unsupported';

export class TimeRangeError extends Error {
  readonly kind: TimeRangeErrorKind;
  constructor(kind: TimeRangeErrorKind, message: string) {
    super(message);
    this.name = 'TimeRangeError';
    this.kind = kind;
  }
}

/** The endpoint's 400 message for an error, `{"message": unexpectedTimeRange(error)}`. */
export function unexpectedTimeRange(error: TimeRangeError): string {
  return `Unexpected time range: ${error.message}`;
}
