/**
 * The dashboard page's web half: reads the URL (`?tab=` tabs to show, `?permalink_key=`,
 * `?force=true` from the Refresh form, `?standalone=` display flags, `?edit=true`), asks
 * loadDashboardPage for the dashboard with its visible charts drawn, and answers the favourite
 * star's plain form (`intent=favorite`). A dashboard out of sight is the 404 page.
 */
import { redirect } from '@remix-run/node';
import { hasPermission } from '~/lib/permissions';
import { parseStoredObject } from '~/lib/safe-json';
import { colorSchemeOptions } from '~/ui/dashboards/properties/properties-values';
import { dangerToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { errorResponse, json, pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { chartDocument, chartDocumentResponse, chartErrorDocument } from '~/server/dashboards/chart-document.server';
import { dashboardChart, loadDashboardPage, type DashboardPageData } from '~/server/dashboards/page.server';
import { getVisibleDashboard } from '~/server/dashboards/access.server';
import { dashboardRefOf, type DashboardRef } from '~/server/dashboards/inputs.server';
import type { NativeFilterParams } from '~/server/dashboards/native-filters.server';
import { dashboardFormAction, PAGE_FORM_INTENTS } from '~/server/dashboards/page-actions.server';
import { getDashboardDetail } from '~/server/dashboards/show.server';
import { dashboardResource } from '~/server/dashboards/resource.server';
import { DomainError, InvalidInputError, NotFoundError } from '~/server/domain-errors.server';
import { addFavorite, removeFavorite } from '~/server/lists/favorites.server';

/** What `?standalone=` hides (dashboards.md §2's bit mask). */
export type DashboardDisplay = { hideTitle: boolean; hideTabs: boolean; hideNav: boolean; hideChartControls: boolean };

/** What edit mode starts from: the dashboard's own fields, and when it was last saved (the overwrite check). */
export type DashboardEditing = {
  properties: {
    dashboard_title: string;
    slug: string;
    owners: { id: number; label: string }[];
    roles: { id: number; label: string }[];
    certified_by: string;
    certification_details: string;
    json_metadata: string;
    css: string;
  };
  /** Superset's last_modified_time of the loaded dashboard, in epoch seconds. */
  lastModifiedTime: number;
  changedOn: string;
  changedByName: string;
  /** The metadata's color_scheme ('' for none), and the schemes to choose from (the no-JavaScript form). */
  colorScheme: string;
  colorSchemeOptions: { id: string; label: string }[];
};

export type DashboardPage = DashboardPageData & {
  display: DashboardDisplay;
  /** `?edit=true` from someone who may edit: edit mode is asked for (the editor builds on this page). */
  editRequested: boolean;
  /** The fields edit mode starts from; null unless editRequested. */
  editing: DashboardEditing | null;
  /** Whether the charts offer Download CSV (can_csv, as the chart data API checks it). */
  canDownload: boolean;
  /** can_share_dashboard (dashboards.md §6): the permalink and embed code. */
  canShare: boolean;
};

const HIDE_TITLE = 1;
const HIDE_TABS = 2;
const HIDE_CHART_CONTROLS = 8;

/**
 * The spec's bit mask. Any standalone value is the standalone view, so the navigation goes with
 * every non-zero value (Superset's embeds use `standalone=1` and `standalone=true` for exactly
 * that, and bit 4 names it); the other bits add what they name. Anything else (0, words, junk) is the full page.
 */
export function displayOf(standalone: string | null): DashboardDisplay {
  const none = { hideTitle: false, hideTabs: false, hideNav: false, hideChartControls: false };
  if (standalone === null) return none;
  if (standalone.toLowerCase() === 'true') return { ...none, hideNav: true };
  if (!/^\d{1,4}$/.test(standalone)) return none;
  const mask = Number(standalone);
  if (mask === 0) return none;
  return { hideTitle: (mask & HIDE_TITLE) !== 0, hideTabs: (mask & HIDE_TABS) !== 0, hideNav: true, hideChartControls: (mask & HIDE_CHART_CONTROLS) !== 0 };
}

function refOf(idOrSlug: string | undefined): DashboardRef {
  const ref = idOrSlug === undefined ? null : dashboardRefOf(idOrSlug);
  if (!ref) throw new NotFoundError();
  return ref;
}

/** The URL's filter state: `?native_filters_key=`, `?native_filters=` (rison), the bar's GET fields `nf`, `nf.<id>…`, the filter boxes' `filter_box.<chartId>…`. */
function nativeFilterParamsOf(q: URLSearchParams): NativeFilterParams {
  const fields = [...q.entries()].filter(([key]) => key === 'nf' || key.startsWith('nf.') || key.startsWith('filter_box.')).slice(0, 2000);
  return { nativeFiltersKey: q.get('native_filters_key'), nativeFilters: q.get('native_filters'), fields };
}

export async function loadDashboardRoute(request: Request, idOrSlug: string | undefined): Promise<DashboardPage> {
  const user = await requireUserWith(request, 'can_read', 'Dashboard');
  return pageResult(async () => {
    const url = new URL(request.url);
    const q = url.searchParams;
    const page = await loadDashboardPage(user, refOf(idOrSlug), {
      tabs: q.getAll('tab').slice(0, 50),
      permalinkKey: q.get('permalink_key'),
      force: q.get('force') === 'true',
      focusedChart: /^\d{1,9}$/.test(q.get('focused_chart') ?? '') ? Number(q.get('focused_chart')) : null,
      nativeFilters: nativeFilterParamsOf(q),
    });
    const editRequested = q.get('edit') === 'true' && page.canEdit;
    return {
      ...page,
      display: displayOf(q.get('standalone')),
      editRequested,
      editing: editRequested ? await editingOf(user, page.dashboard.id) : null,
      canDownload: hasPermission(user.roles, 'can_csv', 'Superset'),
      canShare: hasPermission(user.roles, 'can_share_dashboard', 'Superset'),
    };
  });
}

async function editingOf(user: Parameters<typeof getDashboardDetail>[0], id: number): Promise<DashboardEditing> {
  const detail = await getDashboardDetail(user, { id });
  const { positions: _positions, ...metadata } = (parseStoredObject(detail.json_metadata) ?? {}) as Record<string, unknown>;
  return {
    properties: {
      dashboard_title: detail.dashboard_title,
      slug: detail.slug ?? '',
      owners: detail.owners.map((o) => ({ id: o.id, label: [o.first_name, o.last_name].filter(Boolean).join(' ') || String(o.id) })),
      roles: detail.roles.map((r) => ({ id: r.id, label: r.name })),
      certified_by: detail.certified_by ?? '',
      certification_details: detail.certification_details ?? '',
      json_metadata: JSON.stringify(metadata, null, 2),
      css: detail.css ?? '',
    },
    lastModifiedTime: Math.floor(Date.parse(detail.changed_on) / 1000),
    changedOn: detail.changed_on,
    changedByName: detail.changed_by_name,
    colorScheme: typeof metadata.color_scheme === 'string' ? metadata.color_scheme : '',
    colorSchemeOptions: colorSchemeOptions(typeof metadata.color_scheme === 'string' ? metadata.color_scheme : ''),
  };
}

/** The star's plain form: star or unstar, then back to the same address (with a notice when refused). */
export async function dashboardRouteAction(request: Request, idOrSlug: string | undefined) {
  const user = await requireUserWith(request, 'can_read', 'Dashboard');
  const form = await readForm(request);
  const back = new URL(request.url);
  const location = `${back.pathname}${back.search}`;
  return pageResult(async () => {
    const intent = String(form.get('intent') ?? '');
    if ((PAGE_FORM_INTENTS as readonly string[]).includes(intent)) {
      const done = await dashboardFormAction(user, refOf(idOrSlug), form, location);
      return redirect(done.location, { headers: { 'Set-Cookie': await flashToasts(request, done.toasts) } });
    }
    if (intent !== 'favorite') throw new InvalidInputError(`Unknown intent: ${intent}`);
    const dashboard = await getVisibleDashboard(user, refOf(idOrSlug));
    try {
      await (form.get('favorite') === 'true' ? addFavorite : removeFavorite)(user, dashboardResource, dashboard.id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return redirect(location, { headers: { 'Set-Cookie': await flashToasts(request, [dangerToast(`There was an error saving the favorite status: ${error.message}`)]) } });
    }
    return redirect(location);
  });
}

/** The sizes `?width=` and `?height=` may ask for, in pixels. */
const WIDTH_RANGE = [100, 4000] as const;
const HEIGHT_RANGE = [80, 4000] as const;

/** `?width=` / `?height=`: absent, or a whole number clamped into its range (a 400 otherwise). */
function sizeParam(q: URLSearchParams, name: 'width' | 'height', [min, max]: readonly [number, number]): number | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw)) throw new InvalidInputError({ [name]: ['Must be a whole number of pixels.'] });
  return Math.min(Math.max(Number(raw), min), max);
}

/** What a chart frame shows for an error: the status, and the message (HTML, never JSON). */
async function chartErrorPage(error: unknown): Promise<Response> {
  const answer = errorResponse(error);
  // Redirects (the login page) pass; any other answer becomes a short message in the frame.
  if (answer.status >= 300 && answer.status < 400) return answer;
  let text = 'The chart could not be drawn.';
  if (error instanceof DomainError) text = error.message;
  else if (answer.status === 404) text = 'Chart not found on this dashboard.';
  else if (answer.status === 401) text = 'Log in to see this chart.';
  else if (answer.status === 403) text = 'You are not allowed to see this chart.';
  else if (answer.status < 500) {
    const body = (await answer.clone().json().catch(() => null)) as { message?: unknown } | null;
    if (typeof body?.message === 'string') text = body.message;
  }
  return chartDocumentResponse(chartErrorDocument(text), answer.status);
}

/**
 * GET …/chart/{chartId}: one chart of the dashboard drawn at its box (or `?width=`/`?height=`),
 * in the colours the page gives it (`?tab=` names the page's tabs), as JSON (the page's tab
 * switch and charts below the fold) or, with `?format=html`, as a standalone HTML document (the
 * lazy frame without JavaScript).
 */
export async function dashboardChartRoute(request: Request, idOrSlug: string | undefined, chartId: string | undefined): Promise<Response> {
  const q = new URL(request.url).searchParams;
  const html = q.get('format') === 'html';
  try {
    const user = await requireUserWith(request, 'can_read', 'Dashboard');
    if (!chartId || !/^\d{1,9}$/.test(chartId)) throw new NotFoundError('Chart not found on this dashboard.');
    const box = { width: sizeParam(q, 'width', WIDTH_RANGE), height: sizeParam(q, 'height', HEIGHT_RANGE) };
    const { chart, name } = await dashboardChart(user, refOf(idOrSlug), Number(chartId), {
      force: q.get('force') === 'true',
      box,
      tabs: q.getAll('tab').slice(0, 50),
      nativeFilters: nativeFilterParamsOf(q),
    });
    return html ? chartDocumentResponse(await chartDocument(name, chart)) : json(chart);
  } catch (error) {
    return html ? chartErrorPage(error) : errorResponse(error);
  }
}
