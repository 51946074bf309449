import { describe, expect, it } from 'vitest';
import { dashboardChartUrl, filterParamsOf, planChartFetches, styleText, type FetchState } from './chart-requests';

const state = (over: Partial<FetchState>): FetchState => ({
  onScreen: [1, 2, 3, 4],
  known: (id) => id !== 4,
  settled: (id) => id === 1,
  near: () => true,
  inFlight: [],
  ...over,
});

describe('planChartFetches', () => {
  it('asks for the known, undrawn charts on screen that came near the viewport', () => {
    expect(planChartFetches(state({ near: (id) => id === 2 }))).toEqual({ start: [2], cancel: [] });
    expect(planChartFetches(state({}))).toEqual({ start: [2, 3], cancel: [] });
  });

  it('does not ask again for a chart on its way, drawn or failed', () => {
    expect(planChartFetches(state({ inFlight: [2] }))).toEqual({ start: [3], cancel: [] });
    expect(planChartFetches(state({ settled: () => true }))).toEqual({ start: [], cancel: [] });
  });

  it('cancels a request for a chart no longer on screen (its tab closed) or no longer needed', () => {
    expect(planChartFetches(state({ onScreen: [1, 3], inFlight: [2, 3] }))).toEqual({ start: [], cancel: [2] });
    // A chart that arrived meanwhile (settled) is not wanted either.
    expect(planChartFetches(state({ onScreen: [1], inFlight: [1] }))).toEqual({ start: [], cancel: [1] });
  });
});

describe('dashboardChartUrl', () => {
  it('addresses the chart route with its options', () => {
    expect(dashboardChartUrl(3, 14)).toBe('/superset/dashboard/3/chart/14');
    expect(dashboardChartUrl(3, 14, { force: true })).toBe('/superset/dashboard/3/chart/14?force=true');
    expect(dashboardChartUrl(3, 14, { format: 'html' })).toBe('/superset/dashboard/3/chart/14?format=html');
    expect(dashboardChartUrl(3, 14, { width: 1279.6, height: 700 })).toBe('/superset/dashboard/3/chart/14?width=1280&height=700');
    expect(dashboardChartUrl(3, 14, { force: true, tabs: ['TAB-a', 'TAB-b'] })).toBe('/superset/dashboard/3/chart/14?force=true&tab=TAB-a&tab=TAB-b');
  });

  it("carries the page's filter parameters, so a chart fetched after load is filtered as the drawn ones are", () => {
    const search = '?tab=T&native_filters_key=abc&standalone=1&nf=1&nf.NATIVE_FILTER-r=Europe&nf.NATIVE_FILTER-r=Asia&nf.NATIVE_FILTER-p.min=3'
      + '&native_filters=(a:b)&filter_box.12.region=Europe&nfx=1&force=true';
    const filters = filterParamsOf(search);
    expect(filters).toEqual([
      ['native_filters_key', 'abc'], ['nf', '1'], ['nf.NATIVE_FILTER-r', 'Europe'], ['nf.NATIVE_FILTER-r', 'Asia'], ['nf.NATIVE_FILTER-p.min', '3'],
      ['native_filters', '(a:b)'], ['filter_box.12.region', 'Europe'],
    ]);
    const url = new URL(dashboardChartUrl(3, 14, { tabs: ['T'], filters }), 'http://x');
    expect(url.pathname).toBe('/superset/dashboard/3/chart/14');
    expect([...url.searchParams]).toEqual([['tab', 'T'], ...filters]);
    expect(filterParamsOf('')).toEqual([]);
  });
});

describe('styleText', () => {
  it('keeps CSS as it is and leaves nothing that closes the style element', () => {
    expect(styleText('.a > .b { color: red }')).toBe('.a > .b { color: red }');
    const css = '.x{} </style><script>alert(1)</script> </STYLE >';
    expect(styleText(css).toLowerCase()).not.toContain('</style');
    expect(styleText(css)).toContain('<\\/style><script>');
  });
});
