/** POST /tableschemaview/ (form or JSON `table`: the client's table object): adds a table to a tab's left bar; `{id}`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '~/server/api/respond.server';
import { readFields, sqlLabRoute } from '~/server/sqllab/requests.server';
import { addTableSchema } from '~/server/sqllab/table-schemas.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabRoute(request, {}, ['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  sqlLabRoute(request, { POST: async (user) => json(await addTableSchema(user, await readFields(request, { decodeJson: true }))) });
