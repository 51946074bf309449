/** POST /tabstateview/{id}/activate: makes the tab the user's active one (the others become inactive); answers the id. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam } from '~/server/api/inputs.server';
import { activateTab } from '~/server/sqllab/tabs.server';

const api = endpoint({
  POST: method({ params: z.object({ id: idParam('tab') }), run: (user, { params }) => activateTab(user, params.id) }),
});

export const loader = api.loader;
export const action = api.action;
