/**
 * Which dashboard charts the page asks the chart route for, and at which address. A chart the
 * server did not draw (below the fold, or in a tab opened after load) is asked for once it comes
 * near the viewport; one already drawn, fetched, failed or on its way is not asked again; one on
 * its way that left the screen (its tab closed) is cancelled. Pure, so the rules are tested alone.
 */

export type ChartRequestOptions = {
  /** Bypass the chart data cache (a refresh). */
  force?: boolean;
  /** Draw at this size instead of the chart's box (full screen). */
  width?: number;
  height?: number;
  /** `html`: a standalone HTML document of the chart (the no-JavaScript frame). */
  format?: 'html';
  /** The page's active tabs: the chart route gives the chart the colours the page gives it. */
  tabs?: readonly string[];
  /** The page address's filter parameters (filterParamsOf): the chart is drawn with the filters the page is. */
  filters?: readonly (readonly [string, string])[];
};

/** Parameter names that carry filter state on the page's address (native filters, the bar's form, filter boxes). */
const FILTER_PARAM_NAMES: ReadonlySet<string> = new Set(['native_filters_key', 'native_filters', 'nf']);
const FILTER_PARAM_PREFIXES = ['nf.', 'filter_box.'];

/**
 * The filter parameters of the page's query string, in order: a chart fetched after load (below
 * the fold, a tab opened later, a refresh) must be asked for with them, or it ignores the filters
 * the server applied to the charts it drew.
 */
export function filterParamsOf(search: string): [string, string][] {
  return [...new URLSearchParams(search)].filter(([name]) => FILTER_PARAM_NAMES.has(name) || FILTER_PARAM_PREFIXES.some((prefix) => name.startsWith(prefix)));
}

/** GET …/chart/{id}: one chart of the dashboard drawn on the server (JSON, or HTML for a frame). */
export function dashboardChartUrl(dashboardId: number, chartId: number, options: ChartRequestOptions = {}): string {
  const params = new URLSearchParams();
  if (options.format) params.set('format', options.format);
  if (options.force) params.set('force', 'true');
  if (options.width !== undefined) params.set('width', String(Math.max(1, Math.round(options.width))));
  if (options.height !== undefined) params.set('height', String(Math.max(1, Math.round(options.height))));
  for (const tab of options.tabs ?? []) params.append('tab', tab);
  for (const [name, value] of options.filters ?? []) params.append(name, value);
  const query = params.toString();
  return `/superset/dashboard/${dashboardId}/chart/${chartId}${query ? `?${query}` : ''}`;
}

export type FetchState = {
  /** Charts on screen in the active tabs. */
  onScreen: readonly number[];
  /** Charts the page knows (the user may see them). */
  known: (chartId: number) => boolean;
  /** Drawn by the server, fetched, or failed: nothing more to ask. */
  settled: (chartId: number) => boolean;
  /** Charts that came near the viewport (or every chart, where there is no IntersectionObserver). */
  near: (chartId: number) => boolean;
  /** Requests on their way. */
  inFlight: readonly number[];
};

/** The requests to start and those to cancel. */
export function planChartFetches(state: FetchState): { start: number[]; cancel: number[] } {
  const wanted = new Set(state.onScreen.filter((id) => state.known(id) && !state.settled(id)));
  const flying = new Set(state.inFlight);
  return {
    start: [...wanted].filter((id) => state.near(id) && !flying.has(id)),
    cancel: [...flying].filter((id) => !wanted.has(id)),
  };
}

/** Stylesheet text safe inside <style>: nothing in it can close the element (CSS reads `<\/` as `</`). */
export function styleText(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}
