/** POST /tabstateview/ (form or JSON `queryEditor`): a new server-side tab, made active; `{id}`. Needs backend persistence. */
import { TabCreateSchema } from '~/lib/sqllab/state-schemas';
import { endpoint, method } from '~/server/api/endpoint.server';
import { fieldsBody } from '~/server/api/inputs.server';
import { createTab } from '~/server/sqllab/tabs.server';

const api = endpoint({
  POST: method({ body: fieldsBody(TabCreateSchema, { decodeJson: true }), run: (user, { body }) => createTab(user, body.queryEditor) }),
});

export const loader = api.loader;
export const action = api.action;
