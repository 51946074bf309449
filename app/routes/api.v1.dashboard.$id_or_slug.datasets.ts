/** GET /api/v1/dashboard/{id_or_slug}/datasets: the datasets of the charts the user may see, in Explore's datasource shape (`{result}`). */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idOrSlugParam } from '~/server/dashboards/inputs.server';
import { dashboardDatasets } from '~/server/dashboards/show.server';

const api = endpoint({
  GET: method({
    params: z.object({ id_or_slug: idOrSlugParam }),
    run: (user, { params }) => dashboardDatasets(user, params.id_or_slug),
  }),
});

export const loader = api.loader;
export const action = api.action;
