/** GET /api/v1/sqllab/: the editor's bootstrap: `{result: {active_tab, databases, queries, tab_state_ids}}`. */
import { endpoint, method } from '~/server/api/endpoint.server';
import { sqlLabBootstrap } from '~/server/sqllab/bootstrap.server';

const api = endpoint({
  GET: method({ run: async (user) => ({ result: await sqlLabBootstrap(user) }) }),
});

export const loader = api.loader;
export const action = api.action;
