/** POST /tabstateview/ (form or JSON `queryEditor`): a new server-side tab, made active; `{id}`. Needs backend persistence. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '~/server/api/respond.server';
import { readFields, sqlLabRoute } from '~/server/sqllab/requests.server';
import { createTab } from '~/server/sqllab/tabs.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabRoute(request, {}, ['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  sqlLabRoute(request, { POST: async (user) => json(await createTab(user, await readFields(request, { decodeJson: true }))) });
