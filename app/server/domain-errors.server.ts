/**
 * The errors domain functions throw. A domain function never builds a Response: it throws one of
 * these, and the one HTTP adapter (app/server/api/error-response.server.ts) turns it into
 * Superset's envelope and status, for the API and the pages alike. Errors a query or a database
 * produced travel as EngineError (engines/errors.server.ts) or SqlLabError, which carry
 * Superset's `{message, error_type, level, extra}` payload and their own status.
 */
import type { FieldErrors } from '~/lib/field-errors';

export abstract class DomainError extends Error {
  abstract readonly status: number;
  /** Headers the answer needs (Retry-After, Allow). */
  readonly headers: Record<string, string>;

  constructor(message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = new.target.name;
    this.headers = headers;
  }
}

/**
 * An error about the input: with `fields`, the answer is `{message: {field: [messages]}}` (one
 * shape everywhere, app/lib/field-errors.ts); without, `{message}`.
 */
export abstract class InputError extends DomainError {
  readonly fields: FieldErrors | null;

  constructor(message: string | FieldErrors, summary: string) {
    super(typeof message === 'string' ? message : summary);
    this.fields = typeof message === 'string' ? null : message;
  }
}

/** 400: the input is wrong. */
export class InvalidInputError extends InputError {
  readonly status = 400;
  constructor(message: string | FieldErrors) {
    super(message, 'The input is not valid.');
  }
}

/** 401: nobody valid is logged in. */
export class NotAuthenticatedError extends DomainError {
  readonly status = 401;
  constructor(message = 'Not authorized') {
    super(message);
  }
}

/** 403: the user may not do this. */
export class ForbiddenError extends DomainError {
  readonly status = 403;
  constructor(message = 'Forbidden') {
    super(message);
  }
}

/** 404: no such object, or one the user may not see (the two answer alike on purpose). */
export class NotFoundError extends DomainError {
  readonly status = 404;
  constructor(message = 'Not found') {
    super(message);
  }
}

/** 409: the change collides with the current state (a name taken, an object still in use). */
export class ConflictError extends DomainError {
  readonly status = 409;
}

/** 413: the input is larger than this server takes. */
export class TooLargeError extends DomainError {
  readonly status = 413;
}

/** 422: well-formed input the rules refuse (a rule of the domain, not a syntax error). */
export class UnprocessableError extends InputError {
  readonly status = 422;
  constructor(message: string | FieldErrors) {
    super(message, 'The input cannot be processed.');
  }
}

/** 429: too many attempts; `retryAfterSeconds` goes out as Retry-After. */
export class TooManyRequestsError extends DomainError {
  readonly status = 429;
  constructor(message: string, retryAfterSeconds: number) {
    super(message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** 503 (or 504): a service this needs (metadata store, results backend, queue) is not answering. */
export class UnavailableError extends DomainError {
  readonly status: 503 | 504;
  constructor(message: string, status: 503 | 504 = 503) {
    super(message);
    this.status = status;
  }
}
