/**
 * The hydrated Explore page. The server's page (route.tsx) works without JavaScript: the chart as
 * SVG and a form of the essential controls. Once hydrated and the chart type's module has loaded,
 * this replaces the left and middle columns with the full panels, keeping the chart where it was.
 *
 * State: the form data being edited. "Update chart" (and any change to a render-only control)
 * posts it whole (`intent=apply`); the server validates it, stores it under a form data key and
 * redirects there, so the chart is drawn by the same server render as a first load, and reload,
 * back and links keep working. A chart type change loads the new type's module and carries the
 * form data over (switchVizType).
 */
import { useNavigation, useSubmit } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ChartDataResult } from '~/lib/chart-data/types';
import { loadViz } from '~/viz/registry';
import { resolveControl, withControlDefaults } from '~/viz/shared/controls';
import { switchVizType } from '~/viz/shared/switch-viz';
import { validatePanel } from '~/viz/shared/validate-panel';
import { TABLE_PAGE_EVENT } from '~/viz/table/view';
import type { FormData, VizPlugin } from '~/viz/types';
import { Button } from '~/ui/primitives/button';
import { useShell } from '~/ui/use-shell';
import { ControlPanel } from './control-panel';
import { DataPane } from './data-pane';
import { DatasetMenu } from './dataset-menu';
import { DatasetPane } from './dataset-pane';
import { ExploreHeader } from './explore-header';
import type { ExploreChrome, ExploreDatasource, ExploreSlice, ExploreUser } from './types';
import { VizTypeControl } from './viz-type-control';

export type ExploreAppProps = {
  formData: FormData;
  plugin: VizPlugin;
  datasource: ExploreDatasource | null;
  slice: ExploreSlice | null;
  user: ExploreUser;
  sql: string;
  queriesData: ChartDataResult[];
  /** The page's message (missing dataset, form data not found, …). */
  message: string | null;
  /** The chart pane the server drew (chart frame, status, actions). */
  chart: ReactNode;
};

/** The range of the chart's own time filter (its first TEMPORAL_RANGE adhoc filter not inherited from a dashboard). */
function temporalRangeOf(filters: unknown): string | null {
  if (!Array.isArray(filters)) return null;
  for (const f of filters as Record<string, unknown>[]) {
    if (f && f.operator === 'TEMPORAL_RANGE' && !f.isExtra && typeof f.comparator === 'string' && f.comparator) return f.comparator;
  }
  return null;
}

/** The names of the panel's controls that only re-render (no new query): changing one applies at once. */
function renderTriggerNames(plugin: VizPlugin): Set<string> {
  const names = new Set<string>();
  for (const row of plugin.controlPanel.sections.flatMap((s) => s.controlSetRows)) {
    for (const item of row) {
      const control = resolveControl(item, plugin.controlPanel.controlOverrides);
      if (control?.config.renderTrigger) names.add(control.name);
    }
  }
  return names;
}

export function ExploreApp(props: ExploreAppProps) {
  const { datasource, slice, user, sql, queriesData, message } = props;
  const shell = useShell();
  const submit = useSubmit();
  const [plugin, setPlugin] = useState(props.plugin);
  const [formData, setFormData] = useState(props.formData);
  const [swapOpen, setSwapOpen] = useState(false);
  const chartBox = useRef<HTMLDivElement>(null);

  // A new page (after Update chart, a swap, back/forward) starts from what the server drew.
  useEffect(() => {
    setPlugin(props.plugin);
    setFormData(props.formData);
  }, [props.formData, props.plugin]);

  const errors = useMemo(() => validatePanel(plugin.controlPanel, formData, datasource), [plugin, formData, datasource]);
  const renderOnly = useMemo(() => renderTriggerNames(plugin), [plugin]);
  const changed = useMemo(() => JSON.stringify(formData) !== JSON.stringify(props.formData), [formData, props.formData]);

  const apply = useCallback(
    (next: FormData) => {
      const fields: Record<string, string> = { intent: 'apply', form_data: JSON.stringify(next), viz_type: next.viz_type, csrf_token: shell?.csrfToken ?? '' };
      if (slice) fields.slice_id = String(slice.slice_id);
      submit(fields, { method: 'post' });
    },
    [shell?.csrfToken, slice, submit],
  );

  // Render-only changes apply by themselves once typing pauses; a query change waits for Update chart.
  const pendingRender = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onChange = useCallback(
    (name: string, value: unknown) => {
      setFormData((current) => {
        // Any change starts a paginated table again at its first page.
        const { own_state: _page, ...rest } = current;
        const next = { ...rest, [name]: value } as FormData;
        // The chart's time filter is its time range too: the server's merge of extra form data
        // (Superset's merge_extra_form_data) sets TEMPORAL_RANGE filters from time_range, so the two
        // must say the same or the filter's range is lost on the next load.
        if (name === 'adhoc_filters') {
          const range = temporalRangeOf(value);
          if (range !== null) next.time_range = range;
        }
        if (renderOnly.has(name)) {
          if (pendingRender.current) clearTimeout(pendingRender.current);
          pendingRender.current = setTimeout(() => {
            if (Object.keys(validatePanel(plugin.controlPanel, next, datasource)).length === 0) apply(next);
          }, 400);
        }
        return next;
      });
    },
    [apply, datasource, plugin, renderOnly],
  );
  useEffect(() => () => {
    if (pendingRender.current) clearTimeout(pendingRender.current);
  }, []);

  const onVizType = useCallback(
    async (vizType: string) => {
      const next = await loadViz(vizType);
      if (!next) return;
      setFormData((current) => withControlDefaults(next.controlPanel, switchVizType(current, plugin.controlPanel, next.controlPanel, vizType, datasource)));
      setPlugin(next);
    },
    [datasource, plugin],
  );

  // A server-paginated table asks for another page (Superset's ownState): the page is part of the
  // form data Explore stores, so reload and back keep it; saving drops it.
  useEffect(() => {
    const box = chartBox.current;
    if (!box) return;
    const onPage = (event: Event) => {
      const detail = (event as CustomEvent<{ currentPage: number; pageSize: number }>).detail;
      apply({ ...props.formData, own_state: { currentPage: detail.currentPage, pageSize: detail.pageSize } });
    };
    box.addEventListener(TABLE_PAGE_EVENT, onPage);
    return () => box.removeEventListener(TABLE_PAGE_EVENT, onPage);
  }, [apply, props.formData]);

  const navigation = useNavigation();
  const loading = navigation.state !== 'idle' && (navigation.formAction?.startsWith('/explore') || navigation.location?.pathname === '/explore/');

  const chrome: ExploreChrome = { formData, datasource, slice, user, sql, apply };
  const errorCount = Object.keys(errors).length;
  const results = useMemo(() => {
    const first = queriesData[0] as { colnames?: string[]; coltypes?: number[] } | undefined;
    return first?.colnames ? { colnames: first.colnames, coltypes: first.coltypes ?? [] } : null;
  }, [queriesData]);

  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_20rem_minmax(0,1fr)]">
      <DatasetPane
        datasource={datasource}
        menu={<DatasetMenu chrome={chrome} swapOpen={swapOpen} onSwapOpenChange={setSwapOpen} />}
        missingMessage={datasource ? null : message}
        onSwap={() => setSwapOpen(true)}
      />
      <section aria-label="Chart controls" className="min-w-0 space-y-4">
        <VizTypeControl value={plugin.type} onChange={(type) => void onVizType(type)} />
        <ControlPanel panel={plugin.controlPanel} formData={formData} datasource={datasource} onChange={onChange} errors={errors} results={results} />
        <div className="sticky bottom-0 flex items-center gap-2 bg-white/90 py-2 dark:bg-slate-950/90">
          <Button type="button" variant="primary" disabled={errorCount > 0} onClick={() => apply(formData)}>
            Update chart
          </Button>
          {errorCount > 0 ? (
            <p role="status" className="text-sm text-rose-700 dark:text-rose-300">{errorCount === 1 ? '1 control needs a fix' : `${errorCount} controls need a fix`}</p>
          ) : changed ? (
            <p role="status" className="text-sm text-slate-600 dark:text-slate-300">Changes not applied</p>
          ) : null}
        </div>
      </section>
      <div className="min-w-0 space-y-3">
        <ExploreHeader chrome={chrome} chartElement={() => chartBox.current} />
        <div ref={chartBox} className="relative" aria-busy={loading || undefined}>
          {props.chart}
          {loading && (
            // Superset's chart status while the new form data is answered: the old chart stays, dimmed.
            <p role="status" className="absolute inset-0 flex items-center justify-center bg-white/60 text-sm font-medium dark:bg-slate-950/60">Loading…</p>
          )}
        </div>
        <DataPane chrome={chrome} queriesData={queriesData} />
      </div>
    </div>
  );
}
