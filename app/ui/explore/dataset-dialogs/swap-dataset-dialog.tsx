/**
 * The Swap dataset dialog (explore.md section 2): the warning, a 'Search / Filter' input, and the
 * datasets the user may see in a server-paginated table (Name, Type, Schema, Connection, Owners).
 * Picking a row asks for confirmation; Proceed reads the dataset (`GET /api/v1/dataset/{id}`, so a
 * dataset gone or out of reach fails here, with the server's message as a danger toast) and hands
 * its id to the caller, which re-runs the chart on it.
 */
import { useEffect, useRef, useState } from 'react';
import { encodeRisonUri } from '~/lib/rison';
import { getClientError } from '~/lib/client-error';
import { dangerToast, successToast } from '~/lib/toasts';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { Input } from '~/ui/primitives/input';
import { requestJson } from '~/ui/request-json';
import { showToast } from '~/ui/toasts';
import { useShell } from '~/ui/use-shell';
import {
  DEFAULT_SWAP_SORT, kindLabel, nextSwapSort, ownerNames, pageCountOf, swapDatasetsQuery,
  type SwapRow, type SwapSort, type SwapSortColumn,
} from './swap-query';

export const SWAP_WARNING = 'Warning! Changing the dataset may break the chart if the metadata does not exist.';
export const SWAP_CONFIRM = 'Changing the dataset may break the chart if the chart relies on columns or metadata that does not exist in the target dataset.';
export const SWAP_SUCCESS = 'Successfully changed dataset!';
const SEARCH_DEBOUNCE_MS = 300;
/** The spec's modal height; the table scrolls inside it. */
const SWAP_HEIGHT = 540;

type SortableHeader = { label: string; column: SwapSortColumn | null };
const HEADERS: SortableHeader[] = [
  { label: 'Name', column: 'table_name' },
  { label: 'Type', column: null },
  { label: 'Schema', column: 'schema' },
  { label: 'Connection', column: 'database.database_name' },
  { label: 'Owners', column: null },
];

const ariaSort = (sort: SwapSort, column: SwapSortColumn | null) =>
  column && sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

/** The table of one page: a row is picked by its name's button. Server-renderable (tested so). */
export function SwapDatasetTable({ rows, sort, currentId, onSort, onPick }: {
  rows: SwapRow[];
  sort: SwapSort;
  /** The chart's dataset, marked in the list. */
  currentId: number | null;
  onSort: (column: SwapSortColumn) => void;
  onPick: (row: SwapRow) => void;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Datasets</caption>
      <thead className="sticky top-0 bg-white dark:bg-slate-900">
        <tr className="border-b border-slate-200 dark:border-slate-700">
          {HEADERS.map((h) => (
            <th key={h.label} scope="col" aria-sort={ariaSort(sort, h.column)} className="px-2 py-2 font-medium">
              {h.column ? (
                <button type="button" className="inline-flex items-center gap-1 hover:underline" onClick={() => onSort(h.column as SwapSortColumn)}>
                  {h.label}
                  {sort.column === h.column && <span aria-hidden="true">{sort.direction === 'asc' ? '▲' : '▼'}</span>}
                </button>
              ) : h.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className="border-b border-slate-100 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/50">
            <td className="px-2 py-1.5">
              <button type="button" className="text-left font-medium text-brand-700 hover:underline dark:text-brand-100" onClick={() => onPick(row)}>
                {row.table_name}
              </button>
              {row.id === currentId && <span className="ml-2 text-xs text-slate-500">(current)</span>}
            </td>
            <td className="px-2 py-1.5">{kindLabel(row.kind)}</td>
            <td className="px-2 py-1.5">{row.schema ?? ''}</td>
            <td className="px-2 py-1.5">{row.database?.database_name ?? ''}</td>
            <td className="px-2 py-1.5">{ownerNames(row.owners)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Props = {
  open: boolean;
  onClose: () => void;
  /** The chart's dataset id (null when it is missing). */
  currentId: number | null;
  /** Called with the dataset's id once it has been read: re-run the chart on it. */
  onSwap: (datasetId: number) => void;
};

type Page = { rows: SwapRow[]; count: number };

export function SwapDatasetDialog({ open, onClose, currentId, onSwap }: Props) {
  const csrfToken = useShell()?.csrfToken ?? '';
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<SwapSort>(DEFAULT_SWAP_SORT);
  const [result, setResult] = useState<Page>({ rows: [], count: 0 });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<SwapRow | null>(null);
  const [proceeding, setProceeding] = useState(false);
  // Only the latest request may fill the table (typing sends several).
  const latest = useRef(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(search);
      setPage(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    if (!open) return;
    const request = ++latest.current;
    setLoading(true);
    requestJson<{ result: SwapRow[]; count: number }>(csrfToken, `/api/v1/dataset/?q=${encodeRisonUri(swapDatasetsQuery(filter, page, sort))}`)
      .then(({ body }) => {
        if (request !== latest.current) return;
        setResult({ rows: body.result, count: body.count });
        setError(null);
      })
      .catch(async (e: unknown) => {
        if (request !== latest.current) return;
        setError((await getClientError(e)).error);
      })
      .finally(() => {
        if (request === latest.current) setLoading(false);
      });
  }, [open, filter, page, sort, csrfToken]);

  const close = () => {
    setPicked(null);
    onClose();
  };

  const proceed = async () => {
    if (!picked) return;
    setProceeding(true);
    try {
      await requestJson(csrfToken, `/api/v1/dataset/${picked.id}`);
      onSwap(picked.id);
      showToast(successToast(SWAP_SUCCESS));
      close();
    } catch (e) {
      showToast(dangerToast((await getClientError(e)).error));
    } finally {
      setProceeding(false);
    }
  };

  const pageCount = pageCountOf(result.count);
  return (
    <Dialog open={open} onClose={close} title="Swap dataset" width={900}>
      <div className="mt-4 flex flex-col gap-3" style={{ height: `min(${SWAP_HEIGHT}px, calc(100vh - 10rem))` }}>
        {picked ? (
          <>
            <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              <strong>Warning!</strong> {SWAP_CONFIRM}
            </p>
            <p className="text-sm">Swap to the dataset <strong>{picked.table_name}</strong>?</p>
            <DialogActions className="mt-auto">
              <Button size="sm" onClick={() => setPicked(null)}>Cancel</Button>
              <Button size="sm" variant="primary" disabled={proceeding} onClick={() => void proceed()}>{proceeding ? 'Proceeding…' : 'Proceed'}</Button>
            </DialogActions>
          </>
        ) : (
          <>
            <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              {SWAP_WARNING}
            </p>
            <Input id="swap-dataset-search" label="Search / Filter" placeholder="Search / Filter" type="search" autoComplete="off"
              value={search} onChange={(e) => setSearch(e.target.value)} />
            <div className="min-h-0 flex-1 overflow-auto" aria-busy={loading}>
              {error ? <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{error}</p>
                : <SwapDatasetTable rows={result.rows} sort={sort} currentId={currentId} onSort={(c) => { setSort((s) => nextSwapSort(s, c)); setPage(0); }} onPick={setPicked} />}
              {!error && !loading && result.rows.length === 0 && <p className="p-2 text-sm text-slate-600 dark:text-slate-400">No datasets found.</p>}
            </div>
            <div className="flex items-center justify-between gap-2 text-sm">
              <p role="status">{loading ? 'Loading…' : `${result.count} datasets · page ${page + 1} of ${pageCount}`}</p>
              <div className="flex gap-2">
                <Button size="sm" disabled={page === 0} onClick={() => setPage((p) => Math.max(0, p - 1))}>Previous page</Button>
                <Button size="sm" disabled={page + 1 >= pageCount} onClick={() => setPage((p) => p + 1)}>Next page</Button>
                <Button size="sm" onClick={close}>Cancel</Button>
              </div>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
