/**
 * One chart on the dashboard: its title, its options (Edit chart, Download CSV, View query; all
 * plain links, forms and disclosures, so they work without JavaScript) and the chart itself in a
 * ChartFrame (the server's SVG or HTML view, interactive after hydration), a figure named by the
 * chart's title. A chart that is not drawn yet (its tab just opened) holds its place at its size.
 */
import type { CSSProperties } from 'react';
import type { LayoutItem } from '~/lib/dashboard/layout';
import { ChartFrame } from '~/ui/charts/chart-frame';
import { HTML_VIEWS } from '~/ui/charts/html-views';
import { CsrfInput } from '~/ui/csrf-input';
import { useDashboardView, type HeldChart } from './context';

// Superset's words for a chart component whose chart is gone or out of the user's sight.
const MISSING_CHART = 'There is no chart definition associated with this component, it could have been deleted.';

const optionClass = 'block w-full rounded px-3 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800';

function ChartOptions({ title, editUrl, chart }: { title: string; editUrl: string; chart: HeldChart | undefined }) {
  const { canDownload } = useDashboardView();
  const sql = chart?.queriesData.map((q) => q.query).filter(Boolean).join(';\n\n') ?? '';
  return (
    <details className="relative shrink-0">
      <summary aria-label={`Options for ${title}`} title="More options"
        className="flex cursor-pointer list-none items-center rounded px-1.5 py-0.5 text-lg leading-none text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true">⋯</span>
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <a href={editUrl} className={optionClass}>Edit chart</a>
        {canDownload && chart?.queryContext && (
          <form method="post" action="/api/v1/chart/data">
            <CsrfInput />
            <input type="hidden" name="form_data" value={JSON.stringify({ ...chart.queryContext, result_format: 'csv', result_type: 'full' })} />
            <button type="submit" className={optionClass}>Download CSV</button>
          </form>
        )}
        {sql && (
          <details className="px-3 py-1.5 text-sm">
            <summary className="cursor-pointer">View query</summary>
            <pre aria-label={`The SQL of ${title}`} className="mt-2 max-h-60 overflow-auto whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-2 font-mono text-xs dark:border-slate-800 dark:bg-slate-950">{sql}</pre>
          </details>
        )}
      </div>
    </details>
  );
}

export function ChartHolder({ item, style, className }: { item: LayoutItem; style: CSSProperties; className: string }) {
  const view = useDashboardView();
  const chartId = item.meta.chartId;
  const info = typeof chartId === 'number' ? view.charts[chartId] : undefined;
  const box = view.boxes[item.id] ?? { width: 400, height: 320 };
  if (!info) {
    return (
      <div className={`${className} flex items-center justify-center rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300`} style={{ ...style, minHeight: box.height }}>
        <p role="status">{MISSING_CHART}</p>
      </div>
    );
  }
  const title = (typeof item.meta.sliceNameOverride === 'string' && item.meta.sliceNameOverride) || info.name || 'Untitled chart';
  const chart = view.rendered[info.id];
  const failure = view.failures[info.id];
  return (
    <div className={`${className} rounded-md border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900`} style={style} data-component="chart" data-chart-id={info.id}>
      <div className="mb-1 flex items-start justify-between gap-2">
        <p className="truncate text-sm font-medium" title={title}>{title}</p>
        {!view.hideChartControls && <ChartOptions title={title} editUrl={info.editUrl} chart={chart} />}
      </div>
      {chart ? (
        <ChartFrame chart={chart} height={box.height} theme={view.theme} htmlViews={HTML_VIEWS} label={title} />
      ) : (
        <figure aria-label={title} aria-busy={!failure} className="flex items-center justify-center rounded-md bg-slate-50 text-sm text-slate-600 dark:bg-slate-950 dark:text-slate-300" style={{ height: box.height }}>
          {failure ? <p role="alert" className="text-rose-700 dark:text-rose-300">{failure}</p> : <p role="status">Loading chart…</p>}
        </figure>
      )}
    </div>
  );
}
