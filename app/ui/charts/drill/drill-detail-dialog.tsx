/**
 * Drill to detail: the dataset's rows behind a data point (the chart's filters plus the point's),
 * a page of 50 at a time from the samples endpoint, with the point's filters as pills that can be
 * removed to widen the rows (Superset's DrillDetailPane).
 */
import { useEffect, useMemo, useState } from 'react';
import type { QueryObject } from '~/lib/chart-data/types';
import { drillDetailPayload, type DrillFilter } from '~/lib/explore/drill';
import { DataTable } from '~/ui/explore/data-pane/data-table';
import { useSamples } from '~/ui/explore/data-pane/use-samples';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { FilterPills } from './filter-pills';

export const DRILL_DETAIL_PAGE_SIZE = 50;

type Props = {
  open: boolean;
  onClose: () => void;
  chartName: string;
  datasource: { id: number; type: string } | null;
  base: QueryObject | null;
  filters: DrillFilter[];
};

/** The number of pages of `total` rows, at least one. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export function DrillDetailDialog({ open, onClose, chartName, datasource, base, filters: initial }: Props) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  // A new point starts again from its own filters and the first page.
  useEffect(() => {
    setFilters(initial);
    setPage(1);
  }, [initial]);
  const payload = useMemo(() => drillDetailPayload(base, filters), [base, filters]);
  const state = useSamples({ datasource, payload, page, perPage: DRILL_DETAIL_PAGE_SIZE, enabled: open });
  const shown = state.status === 'success' ? state.page : state.status === 'loading' ? state.previous : null;
  const pages = shown ? pageCount(shown.total, DRILL_DETAIL_PAGE_SIZE) : 1;

  const paging = (
    <div className="flex items-center gap-2 text-sm">
      <Button size="sm" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1 || state.status === 'loading'}>Prev</Button>
      <span aria-live="polite">Page {page.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}</span>
      <Button size="sm" onClick={() => setPage((p) => p + 1)} disabled={page >= pages || state.status === 'loading'}>Next</Button>
    </div>
  );

  return (
    <Dialog open={open} onClose={onClose} title={`Drill to detail: ${chartName}`} width={900}>
      <div className="mt-4 space-y-3">
        <FilterPills filters={filters} onRemove={(index) => {
          setFilters((list) => list.filter((_, i) => i !== index));
          setPage(1);
        }} />
        {state.status === 'failed' && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{state.error}</p>}
        {!shown && state.status !== 'failed' && <p role="status" className="text-sm text-slate-600 dark:text-slate-300">Loading…</p>}
        {shown && (
          <div aria-busy={state.status === 'loading'}>
            <DataTable label="Detail rows" searchLabel="Search detail rows" columns={shown.colnames} coltypes={shown.coltypes} rows={shown.rows} total={shown.total} actions={paging} />
          </div>
        )}
      </div>
      <DialogActions className="mt-4">
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
