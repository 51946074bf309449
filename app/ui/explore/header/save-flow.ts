/**
 * What the save modal does against the API, in order, as Superset's save modal does it: the
 * dashboard (an existing one, or one of the typed name: found if it exists by now, else created),
 * the chart's current dashboards when overwriting (GET /api/v1/chart/{id}?q=(columns:!(dashboards.id))),
 * then POST /api/v1/chart/ or PUT /api/v1/chart/{id}. Browser code: it only calls requestJson.
 */
import type { QueryContext } from '~/lib/chart-data/types';
import { encodeRisonUri } from '~/lib/rison';
import type { FormData } from '~/viz/types';
import { requestJson } from '~/ui/request-json';
import type { DashboardChoice } from './dashboard-picker';
import { buildChartSavePayload, dashboardListQuery, dashboardsAfterSave, findDashboardByTitle, type DashboardOption } from './save-payload';

export type SaveRequest = {
  csrfToken: string;
  user: { id: number; isAdmin: boolean };
  action: 'overwrite' | 'saveas';
  sliceId: number | null;
  sliceName: string;
  formData: FormData;
  dashboard: DashboardChoice | null;
  buildQuery: (formData: FormData) => QueryContext;
};

export type SaveResult = { chartId: number; dashboard: DashboardOption | null; dashboardCreated: boolean };

/** The dashboard chosen, creating one of the typed name unless the user can already edit one so named. */
export async function resolveDashboard(csrfToken: string, user: { id: number; isAdmin: boolean }, choice: DashboardChoice | null): Promise<{ dashboard: DashboardOption | null; created: boolean }> {
  if (!choice) return { dashboard: null, created: false };
  if (choice.id !== null) return { dashboard: { id: choice.id, dashboard_title: choice.dashboard_title }, created: false };
  const title = choice.dashboard_title.trim();
  const { body } = await requestJson<{ result: DashboardOption[] }>(csrfToken, dashboardListQuery({ search: title, userId: user.id, isAdmin: user.isAdmin }));
  const existing = findDashboardByTitle(body.result, title);
  if (existing) return { dashboard: existing, created: false };
  const made = await requestJson<{ id: number }>(csrfToken, '/api/v1/dashboard/', { method: 'POST', body: { dashboard_title: title } });
  return { dashboard: { id: made.body.id, dashboard_title: title }, created: true };
}

async function currentDashboards(csrfToken: string, sliceId: number): Promise<number[]> {
  const { body } = await requestJson<{ result: { dashboards?: { id: number }[] } }>(csrfToken, `/api/v1/chart/${sliceId}?q=${encodeRisonUri({ columns: ['dashboards.id'] })}`);
  return (body.result.dashboards ?? []).map((d) => d.id);
}

export async function saveChart(request: SaveRequest): Promise<SaveResult> {
  const { csrfToken } = request;
  const { dashboard, created } = await resolveDashboard(csrfToken, request.user, request.dashboard);
  const overwrite = request.action === 'overwrite' && request.sliceId !== null;
  const existing = overwrite ? await currentDashboards(csrfToken, request.sliceId as number) : [];
  const payload = buildChartSavePayload({
    formData: request.formData,
    sliceName: request.sliceName,
    dashboards: dashboardsAfterSave(existing, dashboard?.id ?? null),
    buildQuery: request.buildQuery,
  });
  const answer = overwrite
    ? await requestJson<{ id: number }>(csrfToken, `/api/v1/chart/${request.sliceId}`, { method: 'PUT', body: payload })
    : await requestJson<{ id: number }>(csrfToken, '/api/v1/chart/', { method: 'POST', body: payload });
  return { chartId: answer.body.id, dashboard, dashboardCreated: created };
}
