/** POST /tableschemaview/ (form or JSON `table`: the client's table object): adds a table to a tab's left bar; `{id}`. */
import { TableSchemaCreateSchema } from '~/lib/sqllab/state-schemas';
import { endpoint, method } from '~/server/api/endpoint.server';
import { fieldsBody } from '~/server/api/inputs.server';
import { addTableSchema } from '~/server/sqllab/table-schemas.server';

const api = endpoint({
  POST: method({ body: fieldsBody(TableSchemaCreateSchema, { decodeJson: true }), run: (user, { body }) => addTableSchema(user, body.table) }),
});

export const loader = api.loader;
export const action = api.action;
