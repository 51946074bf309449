/**
 * The editor's side panel: the saved charts (searchable, 'Show only my charts', newest first, 200
 * at most) and the layout elements, each dragged into the layout (sortablejs clones it out of the
 * panel; the layout's list reverts the DOM and dispatches the step, contract.ts) or appended with
 * its 'Add' button. Charts already on the dashboard are marked 'Added' and cannot be dragged.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Sortable, { type SortableEvent } from 'sortablejs';
import { getClientError } from '~/lib/client-error';
import { chartIdsInLayout, type NewComponentType } from '~/lib/dashboard/layout';
import { Button } from '~/ui/primitives/button';
import { Input } from '~/ui/primitives/input';
import { Tabs } from '~/ui/primitives/tabs';
import { requestJson } from '~/ui/request-json';
import { useShell } from '~/ui/use-shell';
import { chartInfoOf, chartListUrl, SEARCH_DEBOUNCE_MS, type ChartListRow } from './chart-list-query';
import { DND_CHART, DND_CHART_NAME, DND_GROUP, DND_NEW_COMPONENT, useDashboardEditor } from './contract';
import { appendLocation } from './editor-state';

export const chartsFetchError = (error: string) => `Sorry there was an error fetching saved charts: ${error}`;

const PANEL_ITEM = 'data-panel-item';

export const LAYOUT_ELEMENTS: readonly { type: NewComponentType; label: string }[] = [
  { type: 'TABS', label: 'Tabs' },
  { type: 'ROW', label: 'Row' },
  { type: 'COLUMN', label: 'Column' },
  { type: 'HEADER', label: 'Header' },
  { type: 'MARKDOWN', label: 'Markdown' },
  { type: 'DIVIDER', label: 'Divider' },
];

/**
 * The panel's list as a sortablejs source: items are cloned into the layout, never sorted here,
 * never dropped here. `onLeft` hears of an item dropped elsewhere. Should the layout's list not
 * have put the item back, it goes back in place of its clone, so React's DOM stays React's.
 */
function usePanelSortable(onLeft: (item: HTMLElement) => void) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const latest = useRef(onLeft);
  latest.current = onLeft;
  useEffect(() => {
    if (!element) return;
    const sortable = Sortable.create(element, {
      group: { name: DND_GROUP, pull: 'clone', put: false },
      sort: false,
      draggable: `[${PANEL_ITEM}="ready"]`,
      filter: 'button, input',
      preventOnFilter: false,
      forceFallback: true,
      fallbackOnBody: true,
      onEnd: (event: SortableEvent) => {
        if (event.clone?.parentNode === element && event.item.parentNode !== element) event.clone.replaceWith(event.item);
        if (event.to !== element) latest.current(event.item);
      },
    });
    return () => sortable.destroy();
  }, [element]);
  return setElement;
}

function PanelItem({ attributes, draggable, children }: { attributes: Record<string, string>; draggable: boolean; children: ReactNode }) {
  return (
    <li {...attributes} {...{ [PANEL_ITEM]: draggable ? 'ready' : 'added' }}
      className={`flex items-start gap-2 rounded-md border border-slate-200 bg-white p-2 text-sm dark:border-slate-800 dark:bg-slate-900 ${draggable ? 'cursor-grab' : 'opacity-70'}`}>
      {draggable && <span aria-hidden="true" className="select-none pt-0.5 text-slate-400">⠿</span>}
      {children}
    </li>
  );
}

function ChartsTab() {
  const editor = useDashboardEditor();
  const shell = useShell();
  const userId = shell?.user?.id ?? null;
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [onlyMine, setOnlyMine] = useState(false);
  const [rows, setRows] = useState<ChartListRow[] | null>(null);
  const onDashboard = useMemo(() => new Set(chartIdsInLayout(editor.layout)), [editor.layout]);
  const { toast, rememberChart } = editor;

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    const controller = new AbortController();
    requestJson<{ result: ChartListRow[] }>(shell?.csrfToken ?? '', chartListUrl(query, onlyMine ? userId : null), { signal: controller.signal })
      .then(({ body }) => setRows(body.result))
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        const { error: message } = await getClientError(error);
        toast('danger', chartsFetchError(message));
        setRows((current) => current ?? []);
      });
    // A newer search (or closing edit mode) cancels this one.
    return () => controller.abort();
  }, [query, onlyMine, userId, shell?.csrfToken, toast]);

  const byId = useMemo(() => new Map((rows ?? []).map((row) => [String(row.id), row])), [rows]);
  const listRef = usePanelSortable((item) => {
    const row = byId.get(item.getAttribute(DND_CHART) ?? '');
    if (row) rememberChart(chartInfoOf(row));
  });

  const add = (row: ChartListRow) => {
    rememberChart(chartInfoOf(row));
    editor.edit({ type: 'addChart', chart: { chartId: row.id, sliceName: row.slice_name }, destination: appendLocation(editor.layout, editor.activeTabs) });
  };

  return (
    <div className="space-y-3">
      <Input label="Filter your charts" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Filter your charts" />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={onlyMine} onChange={(event) => setOnlyMine(event.target.checked)} disabled={userId === null} />
        Show only my charts
      </label>
      {rows === null && <p role="status" className="text-sm text-slate-600 dark:text-slate-400">Loading charts…</p>}
      {rows !== null && rows.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No charts found.</p>}
      <ul ref={listRef} aria-label="Saved charts" className="space-y-2">
        {(rows ?? []).map((row) => {
          const added = onDashboard.has(row.id);
          return (
            <PanelItem key={row.id} draggable={!added} attributes={{ [DND_CHART]: String(row.id), [DND_CHART_NAME]: row.slice_name }}>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" title={row.slice_name}>{row.slice_name}</p>
                <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                  {[row.viz_type, row.datasource_name_text, row.changed_on_delta_humanized && `Modified ${row.changed_on_delta_humanized}`].filter(Boolean).join(' · ')}
                </p>
              </div>
              {added
                ? <span className="shrink-0 text-xs font-medium text-slate-600 dark:text-slate-300">Added</span>
                : <Button size="xs" aria-label={`Add ${row.slice_name} to the dashboard`} onClick={() => add(row)}>Add</Button>}
            </PanelItem>
          );
        })}
      </ul>
    </div>
  );
}

function LayoutElementsTab() {
  const editor = useDashboardEditor();
  const listRef = usePanelSortable(() => {});
  return (
    <ul ref={listRef} aria-label="Layout elements" className="space-y-2">
      {LAYOUT_ELEMENTS.map(({ type, label }) => (
        <PanelItem key={type} draggable attributes={{ [DND_NEW_COMPONENT]: type }}>
          <span className="flex-1 font-medium">{label}</span>
          <Button size="xs" aria-label={`Add ${label}`}
            onClick={() => editor.edit({ type: 'addComponent', componentType: type, destination: appendLocation(editor.layout, editor.activeTabs) })}>
            Add
          </Button>
        </PanelItem>
      ))}
    </ul>
  );
}

export function SidePanel() {
  const [tab, setTab] = useState(0);
  return (
    <aside aria-label="Add to the dashboard" className="w-full shrink-0 lg:sticky lg:top-16 lg:max-h-[calc(100vh-5rem)] lg:w-80 lg:overflow-y-auto">
      <Tabs label="Side panel" idPrefix="editor-panel" selectedIndex={tab} onChange={setTab}
        items={[
          { id: 'charts', title: 'Charts', body: <ChartsTab /> },
          { id: 'layout', title: 'Layout elements', body: <LayoutElementsTab /> },
        ]} />
    </aside>
  );
}
