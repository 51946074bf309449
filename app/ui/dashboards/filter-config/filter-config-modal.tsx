/**
 * The native filter configuration modal (issue 14, dashboards.md §4-5), loaded with import() by
 * the filter bar's settings and the edit mode toolbar. It reads the dashboard itself (json_metadata
 * for the filters, position_json for the scoping tree), the datasets and the chosen datasets'
 * columns; on the left the filters and dividers (add, move, remove with a 5-second 'Restore
 * filter'), on the right the selected one's form. Save validates (the first filter in error is
 * shown with its field errors), then PUTs json_metadata with only native_filter_configuration
 * replaced and calls onSaved; Cancel discards the edits, after asking when there are some.
 */
import { useEffect, useMemo, useReducer, useRef, useState, type MutableRefObject } from 'react';
import { getClientError } from '~/lib/client-error';
import { parseLayout, type DashboardLayout } from '~/lib/dashboard/layout';
import { parseFilterConfiguration } from '~/lib/dashboard/native-filters/parse';
import { NATIVE_FILTER, type FilterConfigItem } from '~/lib/dashboard/native-filters/types';
import { encodeRisonUri } from '~/lib/rison';
import { dangerToast } from '~/lib/toasts';
import { Button } from '~/ui/primitives/button';
import { Dialog } from '~/ui/primitives/dialog';
import { requestJson } from '~/ui/request-json';
import { showToast } from '~/ui/toasts';
import { useShell } from '~/ui/use-shell';
import { parseStoredObject } from '~/lib/safe-json';
import { columnOptionOf, metadataToSave, scopeTree, type ColumnOption, type ScopeNode } from './config-data';
import {
  PENDING_DELETE_MS, UNTITLED, configReducer, initialConfigState, itemsToSave, toSaved, validate,
  type ConfigState, type RemovedItem,
} from './config-state';
import { DividerForm, FilterForm, type Columns, type DatasetOption } from './filter-form';

export type FilterConfigModalProps = {
  dashboardId: number;
  open: boolean;
  onClose: () => void;
  /**
   * After a successful save (the caller revalidates the page, or the editor keeps the stored
   * json_metadata and last_modified_time for its own later save); the modal closes itself too.
   */
  onSaved: (saved: FilterConfigSaved) => void;
  /** The filter to show first (a filter's 'Edit' in the bar). */
  initialFilterId?: string;
};

/** What a save stored: the json_metadata PUT, and the dashboard's last_modified_time after it (when answered). */
export type FilterConfigSaved = { jsonMetadata: string; lastModifiedTime: number | null };

export const SAVE = 'Save';
export const CANCEL = 'Cancel';
export const RESTORE = 'Restore filter';
export const UNSAVED_QUESTION = 'There are unsaved changes. Are you sure you want to cancel?';

type Loaded = {
  metadata: Record<string, unknown>;
  items: FilterConfigItem[];
  layout: DashboardLayout | null;
  tree: ScopeNode | null;
  datasets: DatasetOption[];
};

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; data: Loaded };

const DATASETS_URL = `/api/v1/dataset/?q=${encodeRisonUri({ page_size: 100, order_column: 'table_name', order_direction: 'asc' })}`;

async function loadConfiguration(dashboardId: number, signal: AbortSignal): Promise<Loaded> {
  // GETs carry no CSRF token.
  const [dashboard, charts, datasets] = await Promise.all([
    requestJson<{ result: { json_metadata: string | null; position_json: string | null } }>('', `/api/v1/dashboard/${dashboardId}`, { signal }),
    requestJson<{ result: { id: number; slice_name: string }[] }>('', `/api/v1/dashboard/${dashboardId}/charts`, { signal }).catch(() => null),
    requestJson<{ result: { id: number; table_name: string }[] }>('', DATASETS_URL, { signal }).catch(() => null),
  ]);
  const metadata = parseStoredObject(dashboard.body.result.json_metadata);
  const { items } = parseFilterConfiguration(metadata.native_filter_configuration ?? []);
  let layout: DashboardLayout | null = null;
  try {
    layout = parseLayout(dashboard.body.result.position_json ? JSON.parse(dashboard.body.result.position_json) : null);
  } catch {
    layout = null;
  }
  const names = Object.fromEntries((charts?.body.result ?? []).map((chart) => [chart.id, chart.slice_name]));
  return {
    metadata,
    items,
    layout,
    tree: layout ? scopeTree(layout, names) : null,
    datasets: (datasets?.body.result ?? []).map((dataset) => ({ id: dataset.id, name: dataset.table_name })),
  };
}

/** Each dataset's columns, asked once per dataset a filter targets. */
function useDatasetColumns(datasetIds: readonly number[]): Record<number, Columns> {
  const [columns, setColumns] = useState<Record<number, Columns>>({});
  const wanted = datasetIds.filter((id) => !columns[id]);
  const key = [...new Set(wanted)].join(',');
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',').map(Number);
    setColumns((known) => ({ ...known, ...Object.fromEntries(ids.map((id) => [id, { state: 'loading' } as Columns])) }));
    for (const id of ids) {
      requestJson<{ result: { columns?: Parameters<typeof columnOptionOf>[0][] } }>('', `/api/v1/dataset/${id}`).then(
        ({ body }) => {
          const list = (body.result.columns ?? []).map(columnOptionOf).filter((c): c is ColumnOption => c !== null);
          setColumns((known) => ({ ...known, [id]: { state: 'ready', columns: list } }));
        },
        () => setColumns((known) => ({ ...known, [id]: { state: 'failed' } })),
      );
    }
  }, [key]);
  return columns;
}

const newSeed = () => {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => (b % 36).toString(36)).join('');
};

const itemLabel = (item: FilterConfigItem) => (item.type === NATIVE_FILTER ? item.name : item.title).trim() || UNTITLED;

/** The list's rows: the items, and each pending deletion at the place it left. */
function listRows(state: ConfigState): ({ kind: 'item'; item: FilterConfigItem; index: number } | { kind: 'removed'; removed: RemovedItem })[] {
  const rows: ({ kind: 'item'; item: FilterConfigItem; index: number } | { kind: 'removed'; removed: RemovedItem })[] =
    state.items.map((item, index) => ({ kind: 'item', item, index }));
  for (const removed of [...state.removed].sort((a, b) => a.index - b.index)) rows.splice(Math.min(removed.index, rows.length), 0, { kind: 'removed', removed });
  return rows;
}

type EditorProps = {
  dashboardId: number;
  data: Loaded;
  initialFilterId?: string;
  onClose: () => void;
  onSaved: (saved: FilterConfigSaved) => void;
  /** Where the editor leaves its cancel, for the frame's Escape and click outside. */
  cancelRef: MutableRefObject<(() => void) | null>;
};

function Editor({ dashboardId, data, initialFilterId, onClose, onSaved, cancelRef }: EditorProps) {
  const shell = useShell();
  const csrfToken = shell?.csrfToken ?? '';
  const [state, dispatch] = useReducer(configReducer, data.items, (items) => {
    const start = initialConfigState(items);
    return initialFilterId && items.some((item) => item.id === initialFilterId) ? { ...start, currentId: initialFilterId } : start;
  });
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const initialSaved = useMemo(() => JSON.stringify(toSaved(initialConfigState(data.items))), [data.items]);
  const dirty = JSON.stringify(toSaved(state)) !== initialSaved;

  // Pending deletions end PENDING_DELETE_MS after they were made: one timer for the earliest.
  useEffect(() => {
    if (state.removed.length === 0) return;
    const earliest = Math.min(...state.removed.map((removed) => removed.at));
    const timer = setTimeout(() => dispatch({ type: 'expire', now: Date.now() }), Math.max(0, earliest + PENDING_DELETE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [state.removed]);

  const datasetIds = state.items.flatMap((item) => (item.type === NATIVE_FILTER && item.targets[0]?.datasetId !== undefined ? [item.targets[0].datasetId] : []));
  const columns = useDatasetColumns(datasetIds);
  const current = state.items.find((item) => item.id === state.currentId) ?? null;

  const cancel = () => {
    if (dirty && !confirming) setConfirming(true);
    else onClose();
  };
  useEffect(() => {
    cancelRef.current = cancel;
  });
  const save = async () => {
    const result = validate(state);
    dispatch({ type: 'showErrors', result });
    if (result.firstInvalidId !== null) return;
    setSaving(true);
    try {
      const jsonMetadata = metadataToSave(data.metadata, itemsToSave(state), data.layout);
      const { body } = await requestJson<{ last_modified_time?: unknown } | null>(csrfToken, `/api/v1/dashboard/${dashboardId}`, { method: 'PUT', body: { json_metadata: jsonMetadata } });
      onSaved({ jsonMetadata, lastModifiedTime: typeof body?.last_modified_time === 'number' ? body.last_modified_time : null });
      onClose();
    } catch (error) {
      showToast(dangerToast((await getClientError(error)).error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <div className="mt-4 flex min-h-[420px] gap-4">
        <nav aria-label="Filters and dividers" className="flex w-64 shrink-0 flex-col gap-2 border-r border-slate-200 pr-3 dark:border-slate-700">
          <div className="flex gap-2">
            <Button size="xs" onClick={() => dispatch({ type: 'addFilter', seed: newSeed() })}>Add filter</Button>
            <Button size="xs" onClick={() => dispatch({ type: 'addDivider', seed: newSeed() })}>Add divider</Button>
          </div>
          <ul className="flex flex-col gap-1">
            {listRows(state).map((row) => {
              if (row.kind === 'removed') {
                const label = itemLabel(row.removed.item);
                return (
                  <li key={row.removed.id} className="flex items-center justify-between gap-2 rounded px-2 py-1 text-sm text-slate-500">
                    <span className="truncate line-through">{label}</span>
                    <Button size="xs" variant="ghost" aria-label={`${RESTORE} ${label}`}
                      onClick={() => dispatch({ type: 'restore', id: row.removed.id, now: Date.now() })}>{RESTORE}</Button>
                  </li>
                );
              }
              const { item, index } = row;
              const label = itemLabel(item);
              const selected = item.id === state.currentId;
              const inError = state.errors[item.id] !== undefined;
              return (
                <li key={item.id} data-filter-id={item.id}
                  className={`flex items-center gap-1 rounded px-1 ${selected ? 'bg-slate-100 dark:bg-slate-800' : ''}`}>
                  <button type="button" aria-current={selected ? 'true' : undefined} onClick={() => dispatch({ type: 'select', id: item.id })}
                    className={`min-w-0 flex-1 truncate py-1 text-left text-sm ${item.type === NATIVE_FILTER ? '' : 'italic'} ${inError ? 'text-rose-700 dark:text-rose-300' : ''}`}>
                    {label}{inError && <span className="sr-only"> (has errors)</span>}
                  </button>
                  <Button size="icon" variant="ghost" aria-label={`Move ${label} up`} disabled={index === 0}
                    onClick={() => dispatch({ type: 'reorder', from: index, to: index - 1 })}>↑</Button>
                  <Button size="icon" variant="ghost" aria-label={`Move ${label} down`} disabled={index === state.items.length - 1}
                    onClick={() => dispatch({ type: 'reorder', from: index, to: index + 1 })}>↓</Button>
                  <Button size="icon" variant="ghost" aria-label={`Remove ${label}`}
                    onClick={() => dispatch({ type: 'remove', id: item.id, now: Date.now() })}>×</Button>
                </li>
              );
            })}
          </ul>
          {state.items.length === 0 && state.removed.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No filters yet</p>}
        </nav>
        <section aria-label="Filter settings" className="min-w-0 flex-1 overflow-y-auto pr-1" style={{ maxHeight: '65vh' }}>
          {current?.type === NATIVE_FILTER && (
            <FilterForm key={current.id} filter={current} errors={state.errors[current.id]} items={state.items} datasets={data.datasets}
              columns={current.targets[0]?.datasetId !== undefined ? columns[current.targets[0].datasetId] : undefined}
              layout={data.layout} tree={data.tree} csrfToken={csrfToken}
              onChange={(patch) => dispatch({ type: 'update', id: current.id, patch })} />
          )}
          {current && current.type !== NATIVE_FILTER && (
            <DividerForm key={current.id} divider={current} onChange={(patch) => dispatch({ type: 'update', id: current.id, patch })} />
          )}
          {!current && <p className="text-sm text-slate-600 dark:text-slate-400">Add a filter or a divider to edit it here.</p>}
        </section>
      </div>
      <div className="mt-4 flex items-center justify-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
        {confirming ? (
          <>
            <p role="alert" className="mr-auto text-sm">{UNSAVED_QUESTION}</p>
            <Button onClick={() => setConfirming(false)}>Keep editing</Button>
            <Button variant="danger" onClick={onClose}>Yes, cancel</Button>
          </>
        ) : (
          <>
            <Button onClick={cancel}>{CANCEL}</Button>
            <Button variant="primary" disabled={saving} onClick={() => void save()}>{saving ? 'Saving…' : SAVE}</Button>
          </>
        )}
      </div>
    </>
  );
}

export default function FilterConfigModal({ dashboardId, open, onClose, onSaved, initialFilterId }: FilterConfigModalProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const cancelRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    setGeneration((value) => value + 1);
    loadConfiguration(dashboardId, controller.signal).then(
      (data) => setLoad({ state: 'ready', data }),
      async (error) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', message: (await getClientError(error)).error });
      },
    );
    return () => controller.abort();
  }, [open, dashboardId]);

  return (
    <Dialog open={open} onClose={() => (cancelRef.current ? cancelRef.current() : onClose())} title="Add and edit filters" width={1000}>
      {load.state === 'loading' && <p role="status" className="mt-4 text-sm">Loading…</p>}
      {load.state === 'failed' && (
        <>
          <p role="alert" className="mt-4 text-sm text-rose-700 dark:text-rose-300">{load.message}</p>
          <div className="mt-4 flex justify-end"><Button onClick={onClose}>{CANCEL}</Button></div>
        </>
      )}
      {load.state === 'ready' && (
        <Editor key={generation} dashboardId={dashboardId} data={load.data} initialFilterId={initialFilterId} onClose={onClose} onSaved={onSaved} cancelRef={cancelRef} />
      )}
    </Dialog>
  );
}
