/**
 * Small helpers for the `/api/v1/database/*` integration tests: JSON calls with a bearer token,
 * and the first Superset error of an `{errors: [...]}` answer.
 */
import type { AppUnderTest } from './app-under-test';

export type Json = Record<string, unknown>;
export type SupersetErrorBody = { message: string; error_type: string; level: string; extra: Json & { engine_name?: string | null; issue_codes?: { code: number }[] } };
export type Answer<T = Json> = { status: number; body: T };

export function apiClient(app: AppUnderTest, token: () => string) {
  async function call<T = Json>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const response = await app.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${token()}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the test sees the text.
    }
    return { status: response.status, body: parsed as T };
  }
  return {
    get: <T = Json>(path: string) => call<T>('GET', path),
    post: <T = Json>(path: string, body: unknown) => call<T>('POST', path, body),
    put: <T = Json>(path: string, body: unknown) => call<T>('PUT', path, body),
    del: <T = Json>(path: string) => call<T>('DELETE', path),
  };
}

/** The only error of an `{errors: [...]}` body; fails when there is not exactly one. */
export function onlyError(answer: Answer): SupersetErrorBody {
  const errors = (answer.body as { errors?: SupersetErrorBody[] }).errors;
  if (!Array.isArray(errors) || errors.length !== 1) throw new Error(`expected one error, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return errors[0];
}
