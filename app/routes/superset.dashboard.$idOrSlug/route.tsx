/**
 * `/superset/dashboard/{slug or id}/`: a dashboard in view mode, drawn on the server with every
 * chart of its active tabs, so it reads before any script and without JavaScript (the page's web
 * half is page.server.ts; the page itself is app/ui/dashboards/dashboard-view). The same page
 * answers `/dashboard/{slug or id}/` (app/routes/dashboard.$idOrSlug.tsx).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DashboardPage, dashboardHandle, dashboardShouldRevalidate } from '~/ui/dashboards/dashboard-view/dashboard-page';
import { ErrorPage } from '~/ui/error-page';
import { dashboardRouteAction, loadDashboardRoute, type DashboardPage as PageData } from './page.server';

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
