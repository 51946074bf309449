/**
 * A query's results: row count, the limit badge, search within the rows, copy to clipboard, CSV
 * download, and a virtualized grid (only the rows in view are in the DOM). Big integers arrive as
 * bigint and are shown with all their digits.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import type { Cell, Query } from '~/lib/sqllab/reducer';
import { dangerToast, successToast } from '~/lib/toasts';
import { showToast } from '../Toasts';
import { LimitBadge, secondaryButtonClass } from './StaticSqlLab';

const ROW_HEIGHT = 30;

export function cellText(value: Cell | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function ResultsGrid({ query, canCsv }: { query: Query; canCsv: boolean }) {
  const results = query.results;
  const [search, setSearch] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const columns = useMemo(() => results?.columns.map((c) => c.name) ?? [], [results]);
  const rows = useMemo(() => {
    const all = results?.data ?? [];
    const needle = search.trim().toLowerCase();
    if (!needle) return all;
    return all.filter((row) => columns.some((c) => cellText(row[c]).toLowerCase().includes(needle)));
  }, [results, columns, search]);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });

  if (!results) return null;
  const template = `repeat(${Math.max(columns.length, 1)}, minmax(8rem, 1fr))`;

  const copy = async () => {
    const text = [columns.join('\t'), ...rows.map((row) => columns.map((c) => cellText(row[c])).join('\t'))].join('\n');
    try {
      await navigator.clipboard.writeText(text);
      showToast(successToast('Copied to clipboard!'));
    } catch {
      showToast(dangerToast('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!'));
    }
  };

  return (
    <section aria-label="Query results" className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-slate-600 dark:text-slate-300" data-testid="row-count">{query.rows ?? results.data.length} rows</span>
        <LimitBadge limitReached={Boolean(results.displayLimitReached) || (query.rows ?? 0) >= query.queryLimit} limit={query.queryLimit} />
        <label className="ml-auto flex items-center gap-2 text-sm">
          <span>Search results</span>
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900" />
        </label>
        <button type="button" onClick={() => void copy()} className={secondaryButtonClass}>Copy to clipboard</button>
        {canCsv && <a href={`/api/v1/sqllab/export/${encodeURIComponent(query.id)}/`} className={secondaryButtonClass}>Download CSV</a>}
      </div>
      <div role="grid" aria-rowcount={rows.length + 1} aria-colcount={columns.length} className="min-h-0 overflow-hidden rounded-md border border-slate-200 text-sm dark:border-slate-800">
        <div role="row" aria-rowindex={1} className="grid bg-slate-100 font-semibold dark:bg-slate-800" style={{ gridTemplateColumns: template }}>
          {columns.map((c, i) => <div key={i} role="columnheader" className="truncate px-3 py-1.5">{c}</div>)}
        </div>
        <div ref={scroller} className="max-h-[50vh] overflow-auto" tabIndex={0} aria-label="Result rows">
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              return (
                <div key={item.key} role="row" aria-rowindex={item.index + 2} className="absolute left-0 grid w-full border-t border-slate-100 dark:border-slate-800"
                  style={{ top: item.start, height: ROW_HEIGHT, gridTemplateColumns: template }}>
                  {columns.map((c, i) => (
                    <div key={i} role="gridcell" className={`truncate px-3 py-1 font-mono ${row[c] === null ? 'italic text-slate-400' : ''}`}>{cellText(row[c])}</div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
