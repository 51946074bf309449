/**
 * The editor's requests: JSON in, lossless JSON out (big integers in results survive), the CSRF
 * token in the X-CSRFToken header. A non-2xx answer is thrown as the Response itself, for
 * getClientError to turn into words.
 */
import { parseLossless } from '~/lib/sql/lossless-json';

export async function requestJson<T>(csrfToken: string, url: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<{ status: number; body: T }> {
  const method = init.method ?? 'GET';
  const response = await fetch(url, {
    method,
    headers: {
      Accept: 'application/json',
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(method !== 'GET' ? { 'X-CSRFToken': csrfToken } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    credentials: 'same-origin',
    signal: init.signal,
  });
  if (!response.ok) throw response;
  const text = await response.text();
  return { status: response.status, body: (text ? parseLossless(text) : null) as T };
}
