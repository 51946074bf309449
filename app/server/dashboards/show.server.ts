/**
 * A dashboard as `GET /api/v1/dashboard/{id_or_slug}` answers it (Superset's
 * DashboardGetResponseSchema), and its two sub-resources, what the dashboard page needs in one
 * round trip: `/charts` (each chart the user may see with its form data, Superset's chart entity
 * plus the slice fields the page reads) and `/datasets` (the datasets those charts use, each in
 * the Explore datasource shape of datasets/datasource-metadata.server.ts). Needs can_read on
 * Dashboard; a dashboard out of reach (access.server.ts) is a 404. What this store does not keep
 * answers as Superset answers its absence: no tags, not managed externally. `thumbnail_url` is the
 * server-drawn mosaic of the dashboard's first screen (thumbnail.server.ts).
 */
import { humanizeDelta } from '~/lib/humanize';
import { isJsonObject, parseJsonText } from '~/lib/safe-json';
import type { Chart, Dashboard } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { fetchDatasourceMetadata } from '../datasets/datasource-metadata.server';
import { person, personName, type PersonRef } from '../lists/people.server';
import { getVisibleDashboard, VIEW, visibleChartsOn } from './access.server';
import type { DashboardRef } from './inputs.server';
import { UNTITLED_DASHBOARD } from './mutations.server';
import { dashboardThumbnailUrl } from './thumbnail.server';

export type DashboardDetail = {
  id: number;
  uuid: string;
  slug: string | null;
  url: string;
  dashboard_title: string;
  thumbnail_url: string;
  published: boolean;
  css: string | null;
  json_metadata: string | null;
  position_json: string | null;
  certified_by: string | null;
  certification_details: string | null;
  changed_by_name: string;
  changed_by: PersonRef | null;
  changed_on: string;
  changed_on_delta_humanized: string | null;
  created_by: PersonRef | null;
  created_on_delta_humanized: string | null;
  charts: string[];
  owners: PersonRef[];
  roles: { id: number; name: string }[];
  tags: { id: number; name: string; type: number }[];
  is_managed_externally: boolean;
};

/** The title shown for a dashboard: its own, or the untitled name when it has none. */
export function dashboardTitle(dashboard: Pick<Dashboard, 'dashboard_title'>): string {
  return dashboard.dashboard_title.trim() || UNTITLED_DASHBOARD;
}

/** Superset's dashboard url: by slug when it has one. */
export function dashboardUrl(dashboard: Pick<Dashboard, 'id' | 'slug'>): string {
  return `/superset/dashboard/${dashboard.slug || dashboard.id}/`;
}

export async function getDashboardDetail(user: CurrentUser, ref: DashboardRef): Promise<DashboardDetail> {
  requirePermission(user, 'can_read', VIEW);
  const d = await getVisibleDashboard(user, ref);
  const charts = await visibleChartsOn(user, d.id);
  return {
    id: d.id,
    uuid: d.uuid,
    slug: d.slug,
    url: dashboardUrl(d),
    dashboard_title: dashboardTitle(d),
    thumbnail_url: dashboardThumbnailUrl(d),
    published: Boolean(d.published),
    css: d.css,
    json_metadata: d.json_metadata,
    position_json: d.position_json,
    certified_by: d.certified_by,
    certification_details: d.certification_details,
    changed_by_name: personName(d.changed_by) ?? '',
    changed_by: person(d.changed_by),
    changed_on: d.changed_on.toISOString(),
    changed_on_delta_humanized: humanizeDelta(d.changed_on),
    created_by: person(d.created_by),
    created_on_delta_humanized: humanizeDelta(d.created_on),
    charts: charts.map((c) => c.slice_name),
    owners: (d.owners ?? []).map((u) => person(u)!).sort((a, b) => a.id - b.id),
    roles: (d.roles ?? []).map((r) => ({ id: r.id, name: r.name })).sort((a, b) => a.id - b.id),
    tags: [],
    is_managed_externally: false,
  };
}

/** GET /api/v1/dashboard/{id_or_slug}: `{result}`, as Superset answers it. */
export async function showDashboard(user: CurrentUser, ref: DashboardRef): Promise<{ result: DashboardDetail }> {
  return { result: await getDashboardDetail(user, ref) };
}

function savedParams(chart: Chart): Record<string, unknown> {
  try {
    const value = chart.params ? parseJsonText(chart.params) : {};
    return isJsonObject(value) ? value : {};
  } catch {
    // A chart saved with broken params still shows on the dashboard, as Superset's form_data does.
    return {};
  }
}

/** `12__table`, as Superset's Slice.datasource and form_data.datasource spell it. */
function datasourceKey(chart: Chart): string {
  return `${chart.datasource_id ?? 'None'}__${chart.datasource_type ?? 'table'}`;
}

export type DashboardChart = {
  id: number;
  slice_id: number;
  slice_name: string;
  slice_url: string;
  viz_type: string;
  datasource: string;
  form_data: Record<string, unknown>;
  description: string | null;
  description_markeddown: string;
  owners: number[];
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  modified: string | null;
  changed_on: string;
  changed_on_humanized: string | null;
};

function chartEntry(chart: Chart, dashboardId: number): DashboardChart {
  const datasource = datasourceKey(chart);
  return {
    id: chart.id,
    slice_id: chart.id,
    slice_name: chart.slice_name,
    slice_url: `/explore/?slice_id=${chart.id}`,
    viz_type: chart.viz_type,
    datasource,
    // Superset's Slice.form_data: the saved params with the chart's own id, type and datasource.
    form_data: { ...savedParams(chart), slice_id: chart.id, viz_type: chart.viz_type, datasource, dashboardId },
    description: chart.description,
    // The description as text: the page renders it through its own sanitising markdown.
    description_markeddown: chart.description ?? '',
    owners: (chart.owners ?? []).map((o) => o.id).sort((a, b) => a - b),
    cache_timeout: chart.cache_timeout,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    modified: humanizeDelta(chart.changed_on),
    changed_on: chart.changed_on.toISOString(),
    changed_on_humanized: humanizeDelta(chart.changed_on),
  };
}

/** GET /api/v1/dashboard/{id_or_slug}/charts: the charts on it the user may see. */
export async function dashboardCharts(user: CurrentUser, ref: DashboardRef): Promise<{ result: DashboardChart[] }> {
  requirePermission(user, 'can_read', VIEW);
  const dashboard = await getVisibleDashboard(user, ref);
  const charts = await visibleChartsOn(user, dashboard.id);
  return { result: charts.map((c) => chartEntry(c, dashboard.id)) };
}

/** GET /api/v1/dashboard/{id_or_slug}/datasets: the datasets of the charts the user may see, each once, by id. */
export async function dashboardDatasets(user: CurrentUser, ref: DashboardRef): Promise<{ result: Record<string, unknown>[] }> {
  requirePermission(user, 'can_read', VIEW);
  const dashboard = await getVisibleDashboard(user, ref);
  const charts = await visibleChartsOn(user, dashboard.id);
  const ids = [...new Set(charts.filter((c) => c.datasource_type === 'table' && c.datasource_id != null).map((c) => c.datasource_id!))].sort((a, b) => a - b);
  // Few per dashboard; each goes through the dataset's own read checks, as Explore's metadata call.
  const result = await Promise.all(ids.map((id) => fetchDatasourceMetadata(user, { id, type: 'table' })));
  return { result };
}
