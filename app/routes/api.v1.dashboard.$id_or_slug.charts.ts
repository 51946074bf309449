/** GET /api/v1/dashboard/{id_or_slug}/charts: the charts on the dashboard the user may see, with their form data (`{result}`). */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idOrSlugParam } from '~/server/dashboards/inputs.server';
import { dashboardCharts } from '~/server/dashboards/show.server';

const api = endpoint({
  GET: method({
    params: z.object({ id_or_slug: idOrSlugParam }),
    run: (user, { params }) => dashboardCharts(user, params.id_or_slug),
  }),
});

export const loader = api.loader;
export const action = api.action;
