/**
 * Turns whatever a failed request produced (a Response, a thrown TypeError, a timeout, a
 * string) into one object the UI can show: the error text, an optional description and link,
 * and the structured errors the server sent. Rules from explore.md section 8.
 */
export type ErrorLevel = 'info' | 'warning' | 'error';

export type AppError = {
  message: string;
  error_type: string;
  level: ErrorLevel;
  extra?: { issue_codes?: { code: number; message: string }[]; link?: string; timeout?: number; [key: string]: unknown } | null;
};

export type ClientError = {
  error: string;
  description?: string;
  link?: string;
  errors?: AppError[];
  status?: number;
  statusText?: string;
  stacktrace?: string;
};

export const CSRF_MESSAGE = 'Your session timed out, please refresh your page and try again.';
export const NETWORK_MESSAGE = 'Network error.';
export const TIMEOUT_MESSAGE = 'Request timed out';
export const UNKNOWN_MESSAGE = 'Sorry, an unknown error occurred.';
export const GENERIC_MESSAGE = 'An error occurred.';

export class TimeoutError extends Error {
  constructor(readonly timeoutSeconds: number) {
    super(TIMEOUT_MESSAGE);
    this.name = 'TimeoutError';
  }
}

type Body = { errors?: AppError[]; message?: unknown; error?: unknown; description?: unknown; stack?: unknown; stacktrace?: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstMessage(message: unknown): string | undefined {
  if (typeof message === 'string') return message || undefined;
  if (Array.isArray(message)) return firstMessage(message[0]);
  if (isRecord(message)) return firstMessage(Object.values(message)[0]) ?? 'Invalid input';
  return undefined;
}

/** Normalises a parsed JSON error body. */
export function fromBody(body: unknown, base: Partial<ClientError> = {}): ClientError {
  if (!isRecord(body)) return { ...base, error: typeof body === 'string' && body ? body : base.statusText || GENERIC_MESSAGE };
  const b = body as Body;
  const result: ClientError = { ...base, error: '' };
  if (Array.isArray(b.errors) && b.errors.length > 0) {
    const first = b.errors[0];
    result.errors = b.errors;
    result.error = first.message;
    result.description = first.message;
    if (typeof first.extra?.link === 'string') result.link = first.extra.link;
  } else if (typeof b.error === 'string' && b.error) {
    result.error = b.error;
    if (typeof b.description === 'string') result.description = b.description;
  } else {
    result.error = firstMessage(b.message) ?? base.statusText ?? GENERIC_MESSAGE;
  }
  const stack = typeof b.stacktrace === 'string' ? b.stacktrace : typeof b.stack === 'string' ? b.stack : undefined;
  if (stack) {
    result.stacktrace = stack;
    result.error = `Unexpected error: ${result.description || '(no description, click to see stack trace)'}`;
  }
  return result;
}

function timeoutError(seconds: number): ClientError {
  return {
    error: TIMEOUT_MESSAGE,
    errors: [{
      message: TIMEOUT_MESSAGE,
      error_type: 'FRONTEND_TIMEOUT_ERROR',
      level: 'error',
      extra: {
        timeout: seconds,
        issue_codes: [
          { code: 1000, message: 'Issue 1000 - The dataset is too large to query.' },
          { code: 1001, message: 'Issue 1001 - The database is under an unusual load.' },
        ],
      },
    }],
  };
}

/** The one place the UI turns a failure into words. */
export async function getClientError(input: unknown): Promise<ClientError> {
  if (typeof input === 'string') return { error: input || UNKNOWN_MESSAGE };
  if (input instanceof TimeoutError) return timeoutError(input.timeoutSeconds);
  if (typeof Response !== 'undefined' && input instanceof Response) {
    const base = { status: input.status, statusText: input.statusText };
    const text = await input.text().catch(() => '');
    if (/csrf/i.test(text)) {
      return { ...base, error: CSRF_MESSAGE, errors: [{ message: CSRF_MESSAGE, error_type: 'FRONTEND_CSRF_ERROR', level: 'error' }] };
    }
    try {
      return fromBody(JSON.parse(text), base);
    } catch {
      return { ...base, error: input.statusText || GENERIC_MESSAGE };
    }
  }
  if (input instanceof Error) {
    if (input.name === 'AbortError' || input.name === 'TimeoutError') return timeoutError(0);
    // fetch() rejects with a TypeError when the request never got an answer.
    if (input instanceof TypeError) {
      return { error: NETWORK_MESSAGE, errors: [{ message: NETWORK_MESSAGE, error_type: 'FRONTEND_NETWORK_ERROR', level: 'error' }] };
    }
    return { error: input.message || UNKNOWN_MESSAGE };
  }
  if (isRecord(input)) return fromBody(input);
  return { error: UNKNOWN_MESSAGE };
}
