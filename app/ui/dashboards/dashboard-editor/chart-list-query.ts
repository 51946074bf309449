/**
 * The side panel's saved-charts request (dashboards.md §7, §9): `GET /api/v1/chart/?q=` with the
 * columns the panel shows, the all-text search on the name, 'Show only my charts' as an owners
 * filter, newest first (the humanized-delta column orders by changed_on), 200 charts a page.
 */
import { encodeRisonUri } from '~/lib/rison';
import type { DashboardChartInfo } from '~/ui/dashboards/dashboard-view/context';

export const CHART_PAGE_SIZE = 200;
export const SEARCH_DEBOUNCE_MS = 300;

export const CHART_LIST_COLUMNS = [
  'id', 'slice_name', 'viz_type', 'description', 'datasource_name_text', 'changed_on_delta_humanized', 'owners.id', 'owners.first_name', 'owners.last_name',
] as const;

export type ChartListRow = {
  id: number;
  slice_name: string;
  viz_type: string;
  description?: string | null;
  datasource_name_text?: string | null;
  changed_on_delta_humanized?: string | null;
  owners?: { id: number; first_name?: string; last_name?: string }[];
};

export function chartListQuery(search: string, onlyUserId: number | null) {
  const filters: { col: string; opr: string; value: string | number }[] = [];
  const text = search.trim();
  if (text) filters.push({ col: 'slice_name', opr: 'chart_all_text', value: text });
  if (onlyUserId !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: onlyUserId });
  return {
    columns: [...CHART_LIST_COLUMNS],
    filters,
    order_column: 'changed_on_delta_humanized',
    order_direction: 'desc',
    page: 0,
    page_size: CHART_PAGE_SIZE,
  };
}

export function chartListUrl(search: string, onlyUserId: number | null): string {
  return `/api/v1/chart/?q=${encodeRisonUri(chartListQuery(search, onlyUserId))}`;
}

/** What the editor remembers of a chart added from the panel (the chart holder's title, Explore link). */
export function chartInfoOf(row: ChartListRow): DashboardChartInfo {
  return { id: row.id, name: row.slice_name, vizType: row.viz_type, description: row.description ?? null, editUrl: `/explore/?slice_id=${row.id}` };
}
