/** POST /tableschemaview/{id}/expanded (`expanded`: true or false): expands or collapses the table; `{id, expanded}`. */
import { z } from 'zod';
import { TableExpandedSchema } from '~/lib/sqllab/state-schemas';
import { endpoint, method } from '~/server/api/endpoint.server';
import { fieldsBody, idParam } from '~/server/api/inputs.server';
import { setTableExpanded } from '~/server/sqllab/table-schemas.server';

const api = endpoint({
  POST: method({
    params: z.object({ id: idParam('table') }),
    body: fieldsBody(TableExpandedSchema, { decodeJson: true }),
    run: (user, { params, body }) => setTableExpanded(user, params.id, body.expanded),
  }),
});

export const loader = api.loader;
export const action = api.action;
