/**
 * The saved chart's favourite star: asks favorite_status once, then stars (POST) or unstars
 * (DELETE) /api/v1/chart/{id}/favorites/. A toggle button (aria-pressed), optimistic, put back
 * with the spec's toast when the server refuses.
 */
import { useEffect, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { dangerToast } from '~/lib/toasts';
import { encodeRisonUri } from '~/lib/rison';
import { requestJson } from '~/ui/request-json';
import { showToast } from '~/ui/toasts';

type Props = { chartId: number; csrfToken: string };

export function FavoriteStar({ chartId, csrfToken }: Props) {
  const [starred, setStarred] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    requestJson<{ result: { id: number; value: boolean }[] }>(csrfToken, `/api/v1/chart/favorite_status/?q=${encodeRisonUri([chartId])}`)
      .then(({ body }) => {
        if (live) setStarred(body.result.find((r) => r.id === chartId)?.value ?? false);
      })
      .catch(async (e: unknown) => {
        if (live) showToast(dangerToast(`There was an error fetching the favorite status: ${(await getClientError(e)).error}`));
      });
    return () => {
      live = false;
    };
  }, [chartId, csrfToken]);

  const toggle = async () => {
    if (starred === null || busy) return;
    const next = !starred;
    setStarred(next);
    setBusy(true);
    try {
      await requestJson(csrfToken, `/api/v1/chart/${chartId}/favorites/`, { method: next ? 'POST' : 'DELETE' });
    } catch (e) {
      setStarred(!next);
      showToast(dangerToast(`There was an error saving the favorite status: ${(await getClientError(e)).error}`));
    } finally {
      setBusy(false);
    }
  };

  // A toggle keeps one name; its state is aria-pressed (the tooltip says what a click does).
  return (
    <button type="button" aria-pressed={starred ?? false} aria-label="Favorite" title={starred ? 'Click to unfavorite' : 'Click to favorite'} disabled={starred === null}
      onClick={() => void toggle()}
      className="rounded p-1 text-slate-400 hover:text-amber-500 disabled:opacity-50 aria-pressed:text-amber-500">
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false"
        fill={starred ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} strokeLinejoin="round">
        <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
      </svg>
    </button>
  );
}
