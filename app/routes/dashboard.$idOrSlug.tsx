/**
 * `/dashboard/{slug or id}/`: the dashboard page of `/superset/dashboard/{slug or id}/` at
 * Superset's shorter address, with the same loader, action and page (`/dashboard/list/` is the
 * list's own route and wins over a dashboard slugged "list", which stays at the long address).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DashboardPage, dashboardHandle, dashboardShouldRevalidate } from '~/ui/dashboards/dashboard-view/dashboard-page';
import { ErrorPage } from '~/ui/error-page';
import { dashboardRouteAction, loadDashboardRoute, type DashboardPage as PageData } from './superset.dashboard.$idOrSlug/page.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => loadDashboardRoute(request, params.idOrSlug);
export const action = ({ request, params }: ActionFunctionArgs) => dashboardRouteAction(request, params.idOrSlug);

export const handle = dashboardHandle;
export const shouldRevalidate = dashboardShouldRevalidate;

export default function Dashboard() {
  return <DashboardPage page={useLoaderData<typeof loader>() as unknown as PageData} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${(data as PageData | undefined)?.dashboard.title ?? 'Dashboard'} · Sightline` }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
