/**
 * The header's pure parts: the chart save payload (Superset's getSlicePayload), the dashboards a
 * saved chart ends up on, finding a typed dashboard name among existing ones (so the same name
 * typed twice reuses the dashboard instead of making a second), the list queries the modals send,
 * the properties payload (cache timeout empty → null) and the embed snippet.
 */
import { encodeRisonUri } from '~/lib/rison';
import type { QueryContext } from '~/lib/chart-data/types';
import type { FormData } from '~/viz/types';

export type ChartSavePayload = {
  params: string;
  slice_name: string;
  viz_type: string;
  datasource_id: number;
  datasource_type: string;
  dashboards: number[];
  query_context: string;
};

export type DashboardOption = { id: number; dashboard_title: string };

/** A filter inherited from a dashboard (isExtra) is not the chart's own: it is not saved with it. */
function withoutInheritedFilters(formData: FormData): FormData {
  if (!Array.isArray(formData.adhoc_filters)) return formData;
  const own = (formData.adhoc_filters as Record<string, unknown>[]).filter((f) => !(f && typeof f === 'object' && f.isExtra === true));
  return { ...formData, adhoc_filters: own };
}

/** '12__table' → [12, 'table']; null when the form data names no dataset. */
export function datasourceOf(formData: FormData): { id: number; type: string } | null {
  const match = /^(\d{1,15})__(\w+)$/.exec(typeof formData.datasource === 'string' ? formData.datasource : '');
  return match ? { id: Number(match[1]), type: match[2] } : null;
}

/**
 * POST /api/v1/chart/ or PUT /api/v1/chart/{id}'s body: the form data as `params` without
 * slice_id (the saved chart's own id is the row's), and the query context the viz builds, as JSON
 * text (reports and the chart data API by slice id read it).
 */
export function buildChartSavePayload(args: {
  formData: FormData;
  sliceName: string;
  dashboards: number[];
  buildQuery: (formData: FormData) => QueryContext;
}): ChartSavePayload {
  const datasource = datasourceOf(args.formData);
  if (!datasource) throw new Error('The chart names no dataset.');
  const { slice_id: _sliceId, ...rest } = withoutInheritedFilters(args.formData);
  const formData = rest as FormData;
  const queryContext = { ...args.buildQuery(formData), force: false, result_format: 'json', result_type: 'full' };
  return {
    params: JSON.stringify(formData),
    slice_name: args.sliceName.trim(),
    viz_type: formData.viz_type,
    datasource_id: datasource.id,
    datasource_type: datasource.type,
    dashboards: [...new Set(args.dashboards)],
    query_context: JSON.stringify(queryContext),
  };
}

/** The dashboards after saving: overwriting keeps the chart's own (PUT replaces the set), plus the one chosen. */
export function dashboardsAfterSave(existing: number[], chosen: number | null): number[] {
  const ids = [...existing];
  if (chosen !== null && !ids.includes(chosen)) ids.push(chosen);
  return ids;
}

const comparable = (title: string) => title.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** The existing dashboard a typed name means (same title, ignoring case and extra spaces), if any. */
export function findDashboardByTitle(options: DashboardOption[], typed: string): DashboardOption | null {
  const wanted = comparable(typed);
  if (!wanted) return null;
  return options.find((o) => comparable(o.dashboard_title) === wanted) ?? null;
}

/**
 * `GET /api/v1/dashboard/?q=…`: the dashboards whose title contains `search` that the user may
 * edit (owned, as Superset's save modal asks; an admin may edit every one, so no owner filter).
 */
export function dashboardListQuery(args: { search: string; userId: number; isAdmin: boolean; pageSize?: number }): string {
  const filters: { col: string; opr: string; value: string | number }[] = [];
  if (args.search.trim()) filters.push({ col: 'dashboard_title', opr: 'ct', value: args.search.trim() });
  if (!args.isAdmin) filters.push({ col: 'owners', opr: 'rel_m_m', value: args.userId });
  return `/api/v1/dashboard/?q=${encodeRisonUri({
    columns: ['id', 'dashboard_title'],
    filters,
    order_column: 'dashboard_title',
    order_direction: 'asc',
    page: 0,
    page_size: args.pageSize ?? 100,
  })}`;
}

/** `GET /api/v1/chart/related/owners?q=…`: the people who may own a chart, matching `search`. */
export function ownersQuery(search: string): string {
  return `/api/v1/chart/related/owners?q=${encodeRisonUri({ filter: search.trim(), page: 0, page_size: 100 })}`;
}

export type CacheTimeout = { ok: true; value: number | null } | { ok: false; message: string };

/** The cache timeout field: empty is null (the spec's rule: no timeout of the chart's own), else an integer of seconds. */
export function parseCacheTimeout(text: string): CacheTimeout {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^-?\d{1,10}$/.test(trimmed)) return { ok: false, message: 'is expected to be an integer' };
  return { ok: true, value: Number(trimmed) };
}

export type PropertiesDraft = {
  sliceName: string;
  description: string;
  cacheTimeout: string;
  certifiedBy: string;
  certificationDetails: string;
  owners: number[];
};

/** PUT /api/v1/chart/{id}'s body from the properties modal; field errors instead when the draft is not valid. */
export function buildPropertiesPayload(draft: PropertiesDraft): { ok: true; body: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!draft.sliceName.trim()) errors.slice_name = 'Name is required';
  const cache = parseCacheTimeout(draft.cacheTimeout);
  if (!cache.ok) errors.cache_timeout = `Cache timeout ${cache.message}`;
  if (Object.keys(errors).length || !cache.ok) return { ok: false, errors };
  return {
    ok: true,
    body: {
      slice_name: draft.sliceName.trim(),
      description: draft.description,
      cache_timeout: cache.value,
      certified_by: draft.certifiedBy,
      certification_details: draft.certificationDetails,
      owners: [...new Set(draft.owners)],
    },
  };
}

/** The permalink with the standalone flag (and height, as Superset's embed code adds it). */
export function standaloneUrl(permalink: string, height: number): string {
  return `${permalink}${permalink.includes('?') ? '&' : '?'}standalone=1&height=${height}`;
}

// Quotes and tags only: a URL's own '&' stays readable, as every embed snippet writes it.
const escapeAttribute = (text: string) => text.replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The embed code: an iframe of the chart alone, at the size given. */
export function embedSnippet(permalink: string, width: number, height: number): string {
  return [
    `<iframe`,
    `  width="${width}"`,
    `  height="${height}"`,
    `  seamless`,
    `  frameBorder="0"`,
    `  scrolling="no"`,
    `  src="${escapeAttribute(standaloneUrl(permalink, height))}"`,
    `>`,
    `</iframe>`,
  ].join('\n');
}

/** A file name from the chart's title: what a download of the chart's picture is called. */
export function imageFileName(title: string, now: Date): string {
  const base = title.trim().replace(/[^\w\- ]+/g, '').replace(/\s+/g, '-').toLowerCase() || 'chart';
  return `${base}-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.png`;
}
