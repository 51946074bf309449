/**
 * A list row's favourite star (charts, dashboards): a posted form (the page action's `favorite` intent), so it works as
 * plain HTML; with JavaScript it posts through a fetcher and shows the new state at once.
 */
import { useFetcher } from '@remix-run/react';
import { CsrfInput } from '../csrf-input';

export function FavoriteStar({ id, name, favorite }: { id: number; name: string; favorite: boolean }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get('favorite');
  const starred = typeof pending === 'string' ? pending === 'true' : favorite;
  return (
    <fetcher.Form method="post" preventScrollReset className="inline-flex">
      <CsrfInput />
      <input type="hidden" name="intent" value="favorite" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="favorite" value={String(!starred)} />
      <button type="submit" aria-pressed={starred} aria-label={`Favorite ${name}`}
        title={starred ? 'Remove from favorites' : 'Add to favorites'}
        className={`rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800 ${starred ? 'text-amber-500' : 'text-slate-400 dark:text-slate-500'}`}>
        <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" focusable="false"
          fill={starred ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} strokeLinejoin="round">
          <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
        </svg>
      </button>
    </fetcher.Form>
  );
}
