/**
 * /tabstateview/{id}: GET the tab's state (Superset's TabState.to_dict), PUT some of its fields
 * (form fields holding JSON, or a JSON body; answers the id), DELETE it with its tables ("OK").
 * Another user's tab is a 404.
 */
import { z } from 'zod';
import { TabUpdateSchema } from '~/lib/sqllab/state-schemas';
import { endpoint, method } from '~/server/api/endpoint.server';
import { fieldsBody, idParam } from '~/server/api/inputs.server';
import { deleteTab, getTab, updateTab } from '~/server/sqllab/tabs.server';

const Params = z.object({ id: idParam('tab') });

const api = endpoint({
  GET: method({ params: Params, run: (user, { params }) => getTab(user, params.id) }),
  PUT: method({
    params: Params,
    body: fieldsBody(TabUpdateSchema, { decodeJson: true }),
    run: (user, { params, body }) => updateTab(user, params.id, body),
  }),
  DELETE: method({
    params: Params,
    run: async (user, { params }) => {
      await deleteTab(user, params.id);
      return 'OK';
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
