/**
 * Dashboards with native filters for the e2e tests and the bench (issue 14), built through the API
 * as the browser's session on the example charts and datasets: example charts by name, laid out
 * three to a row in the order given, and a native filter configuration as Superset stores it.
 */
import type { Page } from 'playwright-core';
import { apiRequest } from './dashboard-fixtures';
import { datasetIdOf, getJson } from './explore-page';

export { datasetIdOf };

/** The id of the example chart with this name. */
export async function chartIdNamed(page: Page, baseUrl: string, name: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:slice_name,opr:eq,value:'${name.replace(/'/g, "!'")}')))`);
  const { result } = await getJson<{ result: { id: number }[] }>(page, `${baseUrl}/api/v1/chart/?q=${q}`);
  if (!result[0]) throw new Error(`no example chart named ${name}`);
  return result[0].id;
}

export type SelectFilterOptions = {
  parents?: string[];
  multiSelect?: boolean;
  required?: boolean;
  /** The default value (a list of column values). */
  defaultValue?: unknown[];
  /** 'First item' default (defaultToFirstItem). */
  firstItem?: boolean;
  inverseSelection?: boolean;
  scope?: { rootPath: string[]; excluded: number[] };
};

function defaultMask(value: unknown[] | undefined, column: string) {
  if (!value) return {};
  return { filterState: { value }, extraFormData: { filters: [{ col: column, op: 'IN', val: value }] } };
}

/** A Value (filter_select) native filter as Superset stores it. */
export function selectFilter(id: string, name: string, datasetId: number, column: string, options: SelectFilterOptions = {}) {
  return {
    id, name, type: 'NATIVE_FILTER', filterType: 'filter_select', description: '',
    targets: [{ datasetId, column: { name: column } }],
    controlValues: {
      multiSelect: options.multiSelect ?? true,
      enableEmptyFilter: options.required ?? false,
      defaultToFirstItem: options.firstItem ?? false,
      inverseSelection: options.inverseSelection ?? false,
    },
    defaultDataMask: defaultMask(options.defaultValue, column),
    cascadeParentIds: options.parents ?? [],
    scope: options.scope ?? { rootPath: ['ROOT_ID'], excluded: [] },
  };
}

/** A Numerical range (filter_range) native filter; `display` is rangeDisplayMode. */
export function rangeFilter(id: string, name: string, datasetId: number, column: string, display: 'slider' | 'input' | 'slider-and-input' = 'slider-and-input') {
  return {
    id, name, type: 'NATIVE_FILTER', filterType: 'filter_range', description: '',
    targets: [{ datasetId, column: { name: column } }],
    controlValues: { enableEmptyFilter: false, rangeDisplayMode: display },
    defaultDataMask: {}, cascadeParentIds: [], scope: { rootPath: ['ROOT_ID'], excluded: [] },
  };
}

export type FilterDashboard = { id: number; url: string; charts: Record<string, number> };

/**
 * A published dashboard of the named example charts (three to a row, 30 units high) with this
 * json_metadata (native_filter_configuration, filter_bar_orientation, …).
 */
export async function createFilterDashboard(page: Page, baseUrl: string, chartNames: readonly string[], metadata: Record<string, unknown>, title = `E2E filters ${Date.now()}`): Promise<FilterDashboard> {
  const charts: Record<string, number> = {};
  for (const name of chartNames) charts[name] = await chartIdNamed(page, baseUrl, name);
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [], meta: {} },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', children: [], parents: [], meta: { text: title } },
  };
  const rows: string[] = [];
  chartNames.forEach((name, index) => {
    const rowId = `ROW-${Math.floor(index / 3)}`;
    if (index % 3 === 0) {
      rows.push(rowId);
      layout[rowId] = { id: rowId, type: 'ROW', children: [], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } };
    }
    const chartKey = `CHART-${index}`;
    (layout[rowId] as { children: string[] }).children.push(chartKey);
    layout[chartKey] = { id: chartKey, type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', rowId], meta: { chartId: charts[name], width: 4, height: 30 } };
  });
  layout.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: rows, parents: ['ROOT_ID'], meta: {} };
  const created = await apiRequest(page, baseUrl, 'POST', '/api/v1/dashboard/', { dashboard_title: title, published: true });
  if (created.status() !== 201) throw new Error(`creating the dashboard answered ${created.status()}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  const saved = await apiRequest(page, baseUrl, 'PUT', `/api/v1/dashboard/${id}`, { position_json: JSON.stringify(layout), json_metadata: JSON.stringify(metadata) });
  if (saved.status() !== 200) throw new Error(`saving the dashboard answered ${saved.status()}: ${await saved.text()}`);
  return { id, url: `${baseUrl}/superset/dashboard/${id}/`, charts };
}
