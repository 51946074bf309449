/**
 * One chart as `GET /api/v1/chart/{id}` answers it: Superset's ChartRestApi.get show columns.
 * Needs can_read on Chart; a chart out of the user's reach (ChartFilter) is the 404 a missing one
 * is. `q=(columns:!(…))` picks fields, dotted for nested ones (`dashboards.id`), as Explore's save
 * modal asks. The dashboards listed are those the user may see: a draft of someone else's is not
 * named to them. What this store does not keep answers as Superset answers its absence:
 * certification null, not managed externally, no tags, no thumbnail.
 */
import { humanizeDelta } from '~/lib/humanize';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { person, type PersonRef } from '../lists/people.server';
import { pickShowColumns } from '../lists/show-columns.server';
import type { ChartShowQuery } from './inputs.server';
import { findVisibleChart, findVisibleDashboards, VIEW } from './ownership.server';
import { thumbnailUrl } from './thumbnail.server';

export type ChartDetail = {
  id: number;
  slice_name: string;
  viz_type: string;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  params: string | null;
  query_context: string | null;
  url: string;
  thumbnail_url: string | null;
  changed_on_delta_humanized: string | null;
  owners: PersonRef[];
  dashboards: { id: number; dashboard_title: string; json_metadata: string | null }[];
  tags: { id: number; name: string; type: number }[];
};

const NESTED: Record<string, readonly string[]> = {
  owners: ['id', 'first_name', 'last_name'],
  dashboards: ['id', 'dashboard_title', 'json_metadata'],
  tags: ['id', 'name', 'type'],
};

const TOP_LEVEL = [
  'cache_timeout', 'certified_by', 'certification_details', 'changed_on_delta_humanized', 'dashboards', 'description', 'id', 'owners',
  'query_context', 'slice_name', 'tags', 'thumbnail_url', 'url', 'viz_type', 'params', 'is_managed_externally', 'external_url',
];

export const SHOW_COLUMNS: readonly string[] = TOP_LEVEL.flatMap((top) => (NESTED[top] ? [top, ...NESTED[top].map((f) => `${top}.${f}`)] : [top]));

export async function getChartDetail(user: CurrentUser, id: number): Promise<ChartDetail> {
  requirePermission(user, 'can_read', VIEW);
  const chart = await findVisibleChart(user, id);
  const { Dashboard: Dashboards, Chart: Charts } = models();
  const linked = await Dashboards.findAll({ attributes: ['id'], include: [{ model: Charts, as: 'charts', attributes: [], where: { id }, required: true }] });
  const dashboards = await findVisibleDashboards(user, linked.map((d) => d.id));
  return {
    id: chart.id,
    slice_name: chart.slice_name,
    viz_type: chart.viz_type,
    description: chart.description,
    cache_timeout: chart.cache_timeout,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    is_managed_externally: Boolean(chart.is_managed_externally),
    external_url: chart.external_url,
    params: chart.params,
    query_context: chart.query_context,
    url: `/explore/?slice_id=${chart.id}`,
    thumbnail_url: thumbnailUrl(chart),
    changed_on_delta_humanized: humanizeDelta(chart.changed_on),
    owners: (chart.owners ?? []).map((u) => person(u)!).sort((a, b) => a.id - b.id),
    dashboards: dashboards
      .map((d) => ({ id: d.id, dashboard_title: d.dashboard_title, json_metadata: d.json_metadata ?? null }))
      .sort((a, b) => a.id - b.id),
    tags: [],
  };
}


export async function showChart(user: CurrentUser, id: number, query: ChartShowQuery): Promise<Record<string, unknown>> {
  const detail = await getChartDetail(user, id);
  return {
    id,
    result: query.columns?.length ? pickShowColumns(detail, query.columns, SHOW_COLUMNS) : detail,
    show_columns: SHOW_COLUMNS,
    show_title: 'Show Slice',
  };
}
