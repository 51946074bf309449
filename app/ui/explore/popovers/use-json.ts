/**
 * A GET of JSON for a popover's choices (annotation layers, charts): asked once when the url is
 * set, the answer or the error text kept; nothing is asked while the url is null.
 */
import { useEffect, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { requestJson } from '~/ui/request-json';

/** requestJson sends the CSRF token only with writes; these are reads (and render outside the app's router in tests). */
const GET_NEEDS_NO_TOKEN = '';

export type JsonState<T> = { status: 'idle' | 'loading' } | { status: 'done'; data: T } | { status: 'failed'; error: string };

export function useJson<T>(url: string | null): JsonState<T> {
  const [state, setState] = useState<JsonState<T>>({ status: 'idle' });
  useEffect(() => {
    if (!url) return;
    let current = true;
    setState({ status: 'loading' });
    requestJson<T>(GET_NEEDS_NO_TOKEN, url).then(
      ({ body }) => current && setState({ status: 'done', data: body }),
      async (e: unknown) => {
        const error = await getClientError(e);
        if (current) setState({ status: 'failed', error: error.error });
      },
    );
    return () => {
      current = false;
    };
  }, [url]);
  return state;
}
