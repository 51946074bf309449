import { Link } from '@remix-run/react';
import { buttonClass } from './primitives/button';

export type SortDir = 'asc' | 'desc';

/** A list's URL state and size, as the server's list functions return it. */
export type ListState = {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  sort: string;
  dir: SortDir;
  search: string;
  /** List-specific filters (e.g. a database list's engine), carried by every link. */
  filters?: Record<string, string>;
};

/**
 * A query-string link to the same list with some state changed. Relative (`?…`) so it stays on
 * the current page; empty values are left out to keep URLs short and shareable.
 */
export function listHref(state: Pick<ListState, 'sort' | 'dir' | 'search' | 'page' | 'filters'>, change: Partial<Pick<ListState, 'sort' | 'dir' | 'search' | 'page'>> = {}): string {
  const next = { ...state, ...change };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(next.filters ?? {})) if (value) params.set(key, value);
  if (next.search) params.set('search', next.search);
  if (next.sort) params.set('sort', next.sort);
  if (next.sort) params.set('dir', next.dir);
  if (next.page > 1) params.set('page', String(next.page));
  return `?${params.toString()}`;
}

const linkClass = buttonClass('secondary', 'sm');
const disabledClass = 'inline-flex rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-400 dark:border-slate-800 dark:text-slate-600';

function PageLink({ to, label, disabled, rel }: { to: string; label: string; disabled: boolean; rel?: string }) {
  if (disabled) return <span aria-disabled="true" className={disabledClass}>{label}</span>;
  return <Link to={to} rel={rel} className={linkClass}>{label}</Link>;
}

/** "Page X of Y" with first/previous/next/last links: plain links, so paging works without JavaScript. */
export function Pager({ state, noun }: { state: ListState; noun: string }) {
  const { page, pageCount, pageSize, total } = state;
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600 dark:text-slate-300">
        {first}–{last} of {total} {noun}
      </p>
      <div className="flex items-center gap-2">
        <PageLink to={listHref(state, { page: 1 })} label="First" disabled={page <= 1} />
        <PageLink to={listHref(state, { page: page - 1 })} label="Previous" rel="prev" disabled={page <= 1} />
        <span aria-current="page" className="px-2 font-medium">Page {page} of {pageCount}</span>
        <PageLink to={listHref(state, { page: page + 1 })} label="Next" rel="next" disabled={page >= pageCount} />
        <PageLink to={listHref(state, { page: pageCount })} label="Last" disabled={page >= pageCount} />
      </div>
    </nav>
  );
}
