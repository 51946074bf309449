/**
 * /explore/: build a chart. The server draws the chart (SVG, or the type's HTML view) into the
 * page, with the dataset's columns and metrics on the left and the chart type's essential
 * controls as a plain form: without JavaScript, Update chart re-renders and Save saves, both as
 * form posts (page.server.ts). With JavaScript the chart becomes interactive in place; the full
 * control panel of the spec builds on this page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useState, type ComponentType } from 'react';
import { ChartFrame } from '~/ui/charts/chart-frame';
import { useDrillMenu } from '~/ui/charts/drill/drill-menu';
import { HTML_VIEWS } from '~/ui/charts/html-views';
import { CsrfInput } from '~/ui/csrf-input';
import { ErrorPage } from '~/ui/error-page';
import { Button } from '~/ui/primitives/button';
import type { ExploreAppProps } from '~/ui/explore/explore-app';
import { useHydrated } from '~/ui/use-hydrated';
import { useShell } from '~/ui/use-shell';
import { loadViz } from '~/viz/registry';
import type { VizPlugin } from '~/viz/types';
import { EXPLORE_CHART_HEIGHT } from '~/lib/explore/chart-size';
import { exploreAction, loadExplorePage, type ExplorePage } from './page.server';

export const loader = ({ request }: LoaderFunctionArgs) => loadExplorePage(request);
export const action = ({ request }: ActionFunctionArgs) => exploreAction(request);

type Page = Extract<ExplorePage, { missing: false }>;

const fieldClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';
const labelClass = 'block text-sm font-medium';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? <p id={id} className="mt-1 text-sm text-rose-700 dark:text-rose-300">{message}</p> : null;
}

function DatasetPanel({ page }: { page: Page }) {
  const { dataset } = page;
  return (
    <aside aria-labelledby="explore-dataset" className="space-y-4 text-sm">
      <h2 id="explore-dataset" className="text-base font-semibold">{dataset.name || 'Missing dataset'}</h2>
      <section aria-labelledby="explore-metrics">
        <h3 id="explore-metrics" className="font-medium">Metrics</h3>
        {dataset.metrics.length === 0 ? <p className="text-slate-600 dark:text-slate-300">No saved metrics found</p> : (
          <ul className="mt-1 space-y-0.5">{dataset.metrics.map((m) => <li key={m.metric_name} className="truncate font-mono" title={m.metric_name}>{m.verbose_name || m.metric_name}</li>)}</ul>
        )}
      </section>
      <section aria-labelledby="explore-columns">
        <h3 id="explore-columns" className="font-medium">Columns</h3>
        <ul className="mt-1 space-y-0.5">
          {dataset.columns.map((c) => (
            <li key={c.column_name} className="flex justify-between gap-2">
              <span className="truncate font-mono" title={c.column_name}>{c.verbose_name || c.column_name}</span>
              <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{c.is_dttm ? 'time' : (c.type ?? '').toLowerCase()}</span>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}

function ControlsForm({ page }: { page: Page }) {
  const { essential, values, errors, dataset } = page;
  const busy = useNavigation().state !== 'idle';
  const has = (name: string) => (essential as string[]).includes(name);
  const temporal = dataset.columns.filter((c) => c.is_dttm);
  const groupable = dataset.columns.filter((c) => c.groupby);
  return (
    <Form method="post" aria-label="Chart controls" className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="form_data" value={JSON.stringify(page.formData)} />
      {page.slice && <input type="hidden" name="slice_id" value={page.slice.slice_id} />}
      <div>
        <label htmlFor="explore-viz-type" className={labelClass}>Chart type</label>
        <select id="explore-viz-type" name="viz_type" defaultValue={page.chart.vizType} className={fieldClass}>
          {page.vizTypes.map((v) => <option key={v.type} value={v.type}>{v.name}</option>)}
          {!page.vizTypes.some((v) => v.type === page.chart.vizType) && <option value={page.chart.vizType}>{page.chart.vizType}</option>}
        </select>
      </div>
      {has('x_axis') && (
        <div>
          <label htmlFor="explore-x-axis" className={labelClass}>X-axis</label>
          <select id="explore-x-axis" name="x_axis" defaultValue={values.xAxis} className={fieldClass} aria-describedby="explore-x-axis-error">
            <option value="">Choose a column</option>
            {temporal.map((c) => <option key={c.column_name} value={c.column_name}>{c.verbose_name || c.column_name}</option>)}
          </select>
          <FieldError id="explore-x-axis-error" message={errors.xAxis} />
        </div>
      )}
      {(has('metrics') || has('metric')) && (
        <fieldset className="space-y-2">
          <legend className={labelClass}>{has('metrics') ? 'Metrics' : 'Metric'}</legend>
          <label htmlFor="explore-metrics-select" className="sr-only">Saved metrics</label>
          <select id="explore-metrics-select" name="metrics" multiple={has('metrics')} defaultValue={has('metrics') ? values.savedMetrics : values.savedMetrics[0] ?? ''} className={fieldClass} aria-describedby="explore-metrics-error">
            {!has('metrics') && <option value="">Custom SQL below</option>}
            {dataset.metrics.map((m) => <option key={m.metric_name} value={m.metric_name}>{m.verbose_name || m.metric_name}</option>)}
          </select>
          <label htmlFor="explore-sql-metrics" className="block text-xs text-slate-600 dark:text-slate-300">Custom SQL metrics, one per line (for example SUM(num))</label>
          <textarea id="explore-sql-metrics" name="sql_metrics" defaultValue={values.sqlMetrics} rows={2} className={`${fieldClass} font-mono`} />
          <FieldError id="explore-metrics-error" message={errors.savedMetrics} />
        </fieldset>
      )}
      {has('groupby') && (
        <div>
          <label htmlFor="explore-groupby" className={labelClass}>{has('x_axis') ? 'Dimensions' : 'Group by'}</label>
          <select id="explore-groupby" name="groupby" multiple defaultValue={values.groupby} className={fieldClass} size={Math.min(6, Math.max(3, groupable.length))}>
            {groupable.map((c) => <option key={c.column_name} value={c.column_name}>{c.verbose_name || c.column_name}</option>)}
          </select>
        </div>
      )}
      {has('adhoc_filters') && (
        <div>
          <label htmlFor="explore-filters" className={labelClass}>Filters (SQL, one condition per line)</label>
          <textarea id="explore-filters" name="filters" defaultValue={values.filters} rows={3} className={`${fieldClass} font-mono`} />
        </div>
      )}
      {has('time_range') && (
        <div>
          <label htmlFor="explore-time-range" className={labelClass}>Time range</label>
          <input id="explore-time-range" name="time_range" defaultValue={values.timeRange} className={fieldClass} />
        </div>
      )}
      {has('row_limit') && (
        <div>
          <label htmlFor="explore-row-limit" className={labelClass}>Row limit</label>
          <input id="explore-row-limit" name="row_limit" inputMode="numeric" defaultValue={values.rowLimit} className={fieldClass} aria-describedby="explore-row-limit-error" />
          <FieldError id="explore-row-limit-error" message={errors.rowLimit} />
        </div>
      )}
      <Button type="submit" name="intent" value="update" variant="primary" disabled={busy}>Update chart</Button>

      <fieldset className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <legend className="text-sm font-semibold">Save</legend>
        <label htmlFor="explore-slice-name" className={labelClass}>Chart name</label>
        <input id="explore-slice-name" name="slice_name" defaultValue={page.slice?.slice_name ?? ''} className={fieldClass} />
        {page.slice && (
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-1"><input type="radio" name="save_action" value="overwrite" defaultChecked={page.canOverwrite} disabled={!page.canOverwrite} /> Save (overwrite)</label>
            <label className="flex items-center gap-1"><input type="radio" name="save_action" value="saveas" defaultChecked={!page.canOverwrite} /> Save as…</label>
          </div>
        )}
        {page.slice && !page.canOverwrite && <p className="text-sm text-slate-600 dark:text-slate-300">You do not have permission to edit this chart.</p>}
        <Button type="submit" name="intent" value="save" disabled={busy}>Save</Button>
      </fieldset>
    </Form>
  );
}

const DOWNLOADS = [['csv', 'CSV'], ['xlsx', 'XLSX'], ['json', 'JSON']] as const;
const actionClass = 'rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';

/**
 * The chart's actions, each a plain form or disclosure (no script needed): the SQL it ran, its
 * data as a file (the chart data API with another format, as Superset's download menu), and a
 * permalink to this state.
 */
function ChartActions({ page }: { page: Page }) {
  const sql = page.chart.queriesData.map((q) => q.query).filter(Boolean).join(';\n\n');
  return (
    <div className="flex flex-wrap items-start gap-2">
      {page.queryContext &&
        DOWNLOADS.map(([format, label]) => (
          <form key={format} method="post" action="/api/v1/chart/data">
            <CsrfInput />
            <input type="hidden" name="form_data" value={JSON.stringify({ ...page.queryContext, result_format: format, result_type: 'full' })} />
            <button type="submit" className={actionClass}>Download {label}</button>
          </form>
        ))}
      <Form method="post">
        <CsrfInput />
        <input type="hidden" name="form_data" value={JSON.stringify(page.formData)} />
        {page.slice && <input type="hidden" name="slice_id" value={page.slice.slice_id} />}
        <button type="submit" name="intent" value="permalink" className={actionClass}>Share: permalink</button>
      </Form>
      {sql && (
        <details className="w-full">
          <summary className="cursor-pointer text-sm font-medium">View query</summary>
          <pre aria-label="The chart's SQL" className="mt-2 max-h-72 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs dark:border-slate-800 dark:bg-slate-900">{sql}</pre>
        </details>
      )}
    </div>
  );
}

/** The chart with its status line; `plain` adds the title and the form actions (the page without the hydrated header). */
function ChartPane({ page, theme, plain = true }: { page: Page; theme: 'light' | 'dark'; plain?: boolean }) {
  const title = page.slice?.slice_name || 'Untitled chart';
  const drill = useDrillMenu(page.chart, title);
  return (
    <section aria-labelledby={plain ? 'explore-chart-title' : undefined} aria-label={plain ? undefined : 'Chart'} className="min-w-0 space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {plain && <h1 id="explore-chart-title" className="text-xl font-semibold">{title}</h1>}
        {page.chart.rowCount !== null && (
          <p className="text-sm text-slate-600 dark:text-slate-300" role="status">{page.chart.rowCount === 1 ? '1 row' : `${page.chart.rowCount.toLocaleString('en')} rows`}</p>
        )}
      </div>
      {page.message && <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">{page.message}</p>}
      <ChartFrame chart={page.chart} height={EXPLORE_CHART_HEIGHT} theme={theme} htmlViews={HTML_VIEWS} label={title} onDataPoint={drill.onDataPoint} />
      {drill.element}
      {plain && !page.standalone && <ChartActions page={page} />}
    </section>
  );
}

/**
 * The full panels once the page has hydrated: the chart type's module (its control panel) and the
 * panels' own code, both with import(), so the page's first load ships only what draws the
 * server's chart and the plain form (the JS budget); the panels replace the form when both are in.
 */
function useHydratedPanels(vizType: string | null): { plugin: VizPlugin; App: ComponentType<ExploreAppProps> } | null {
  const hydrated = useHydrated();
  const [loaded, setLoaded] = useState<{ plugin: VizPlugin; App: ComponentType<ExploreAppProps> } | null>(null);
  useEffect(() => {
    if (!hydrated || !vizType) return;
    let live = true;
    void Promise.all([loadViz(vizType), import('~/ui/explore/explore-app')]).then(([plugin, module]) => {
      if (live && plugin) setLoaded({ plugin, App: module.ExploreApp });
    });
    return () => {
      live = false;
    };
  }, [hydrated, vizType]);
  // While another chart type's module loads (after a type change was applied), the panels stay up
  // with the one they have rather than flashing back to the plain form; they switch when it is in.
  return loaded;
}

export default function Explore() {
  const loaded = useLoaderData<typeof loader>() as ExplorePage;
  const posted = useActionData<typeof action>() as ExplorePage | undefined;
  const page = posted ?? loaded;
  const shell = useShell();
  const theme = shell?.theme === 'dark' ? 'dark' : 'light';
  const panels = useHydratedPanels(page.missing || page.standalone ? null : page.chart.vizType);
  if (page.missing) {
    return (
      <section aria-labelledby="explore-missing" className="space-y-3">
        <h1 id="explore-missing" className="text-2xl font-semibold">Explore</h1>
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">{page.message}</p>
        <p className="text-sm">Open a dataset from the <Link to="/tablemodelview/list/" className="underline">datasets list</Link> or a chart from the <Link to="/chart/list/" className="underline">charts list</Link>.</p>
      </section>
    );
  }
  if (page.standalone) return <ChartPane page={page} theme={theme} />;
  if (panels) {
    const { App, plugin } = panels;
    return (
      <App
        formData={page.formData}
        plugin={plugin}
        datasource={page.datasource}
        slice={page.sliceDetail}
        user={page.user}
        sql={page.chart.queriesData.map((q) => q.query).filter(Boolean).join(';\n\n')}
        queriesData={page.chart.queriesData}
        message={page.message}
        chart={<ChartPane page={page} theme={theme} plain={false} />}
      />
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_18rem_minmax(0,1fr)]">
      <DatasetPanel page={page} />
      <ControlsForm page={page} />
      <ChartPane page={page} theme={theme} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const page = data as ExplorePage | undefined;
  const name = page && !page.missing ? page.slice?.slice_name || page.dataset.name : null;
  return [{ title: `${name ? `${name} · ` : ''}Explore · Sightline` }];
};

export function ErrorBoundary() {
  return <ErrorPage />;
}
