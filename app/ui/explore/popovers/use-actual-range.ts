/**
 * The evaluated dates of a time range string ("Actual time range"), from GET /api/v1/time_range/:
 * debounced while the range is being typed, the last answer kept until the next arrives, and an
 * answer for an older string ignored. 'No filter' needs no call.
 */
import { useEffect, useState } from 'react';
import { formatActualRange, NO_TIME_RANGE, timeRangeLookupUrl } from '~/lib/explore/time-range-control';
import { getClientError } from '~/lib/client-error';
import { requestJson } from '~/ui/request-json';

/** requestJson sends the CSRF token only with writes; these are reads (and render outside the app's router in tests). */
const GET_NEEDS_NO_TOKEN = '';

/** Superset's SLOW_DEBOUNCE, the time-range lookup's delay. */
export const TIME_RANGE_DEBOUNCE_MS = 500;

export interface ActualRange {
  /** The range string this answer is for. */
  range: string;
  text: string | null;
  error: string | null;
}

type Answer = { result: { since: string; until: string }[] };

export function useActualRange(range: string | null, debounceMs = TIME_RANGE_DEBOUNCE_MS): ActualRange | null {
  const [answer, setAnswer] = useState<ActualRange | null>(null);

  useEffect(() => {
    if (range === null) return;
    if (range === NO_TIME_RANGE) {
      setAnswer({ range, text: NO_TIME_RANGE, error: null });
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const { body } = await requestJson<Answer>(GET_NEEDS_NO_TOKEN, timeRangeLookupUrl(range));
        const first = body?.result?.[0];
        if (current) setAnswer({ range, text: formatActualRange(first?.since ?? '', first?.until ?? ''), error: null });
      } catch (e) {
        const error = await getClientError(e);
        if (current) setAnswer({ range, text: null, error: error.error });
      }
    }, debounceMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [range, debounceMs]);

  return answer;
}
