/**
 * A chart in edit mode: its title (the dashboard's own name for it, typed in place), the chart as
 * the editor has drawn it at the component's box (ChartFrame, as view mode), and its handles.
 * While resizing, the box previews the new size; the chart is redrawn once the size is committed.
 */
import { GRID_BASE_UNIT, type LayoutItem } from '~/lib/dashboard/layout';
import { ChartFrame } from '~/ui/charts/chart-frame';
import { LAZY_HTML_VIEWS } from '~/ui/charts/lazy-html-views';
import { ComponentItem, type Placement } from './component-item';
import { DeleteButton, DragHandle, useResize } from './component-controls';
import { useDashboardEditor } from './contract';
import { useCommittedText } from './use-committed-text';

// Superset's words for a chart component whose chart is gone or out of the user's sight (as view mode).
export const MISSING_CHART = 'There is no chart definition associated with this component, it could have been deleted.';
export const LOADING_CHART = 'Loading chart…';
const MIN_PREVIEW_HEIGHT = 80;

export function EditableChart({ item, placement }: { item: LayoutItem; placement: Placement }) {
  const editor = useDashboardEditor();
  const chartId = item.meta.chartId;
  const info = typeof chartId === 'number' ? editor.charts[chartId] : undefined;
  const ownName = info?.name || item.meta.sliceName || '';
  const override = typeof item.meta.sliceNameOverride === 'string' ? item.meta.sliceNameOverride : '';
  const title = override || ownName || 'Untitled chart';
  const what = `chart ${title}`;
  const { size, resizing, handle } = useResize(item, what, placement.columns);
  const name = useCommittedText(title, (text) => {
    const value = text.trim();
    // The chart's own name (or nothing) means no override.
    editor.edit({ type: 'updateMeta', id: item.id, meta: { sliceNameOverride: !value || value === ownName ? '' : value } });
  });
  const box = editor.boxOf(item.id);
  const shownHeight = resizing && size.height !== null && typeof item.meta.height === 'number'
    ? Math.max(box.height + (size.height - item.meta.height) * GRID_BASE_UNIT, MIN_PREVIEW_HEIGHT)
    : box.height;
  const chart = typeof chartId === 'number' ? editor.rendered[chartId] : undefined;
  const failure = typeof chartId === 'number' ? editor.failures[chartId] : undefined;
  return (
    <ComponentItem id={item.id} kind="chart" placement={placement} width={size.width}
      className="relative rounded-md border border-slate-200 bg-white p-2 hover:border-slate-300 focus-within:border-slate-400 dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-1 flex items-center gap-1" data-chart-id={chartId}>
        <DragHandle id={item.id} what={what} />
        <input aria-label="Chart title" value={name.value} onChange={(event) => name.onChange(event.target.value)} onBlur={name.flush}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
            if (event.key === 'Escape') name.revert();
          }}
          className="min-w-0 flex-1 truncate rounded bg-transparent px-1 text-sm font-medium hover:bg-slate-50 focus:bg-white dark:hover:bg-slate-800 dark:focus:bg-slate-950" />
        <DeleteButton id={item.id} what={what} />
      </div>
      <div className="overflow-hidden" style={{ height: shownHeight }}>
        {chart ? (
          <ChartFrame chart={chart} height={box.height} theme={editor.theme} htmlViews={LAZY_HTML_VIEWS} label={title} />
        ) : failure || info ? (
          <figure aria-label={title} aria-busy={!failure} className="flex h-full items-center justify-center rounded-md bg-slate-50 text-sm text-slate-600 dark:bg-slate-950 dark:text-slate-300">
            {failure ? <p role="alert" className="text-rose-700 dark:text-rose-300">{failure}</p> : <p role="status">{LOADING_CHART}</p>}
          </figure>
        ) : (
          // Neither known to the editor (rememberChart) nor drawn: the chart is gone or out of the user's sight.
          <p role="status" className="flex h-full items-center justify-center rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {MISSING_CHART}
          </p>
        )}
      </div>
      {handle}
    </ComponentItem>
  );
}
