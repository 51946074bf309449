/**
 * GET `/superset/dashboard/{slug or id}/chart/{chartId}`: one chart of the dashboard drawn at its
 * place's size, as JSON (the RenderedChart the page's loader gives each chart) or, with `?format=html`, as a standalone HTML document; `?width=&height=` resize it, `?tab=` names the page's tabs; editors also get charts not yet on the dashboard. The dashboard page
 * asks it for the charts of a tab opened after load. The dashboard's and the chart's access
 * checks are the page's: 404 for a dashboard out of sight and for a chart not on it or hidden.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { dashboardChartRoute } from './superset.dashboard.$idOrSlug/page.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => dashboardChartRoute(request, params.idOrSlug, params.chartId);
