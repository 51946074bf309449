/** POST /kv/store/ (`data`: the shared query's JSON text): the legacy share; `{id}`, the random key to open it by. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '~/server/api/respond.server';
import { readFields, sqlLabRoute } from '~/server/sqllab/requests.server';
import { storeSharedQuery } from '~/server/sqllab/sharing.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabRoute(request, {}, ['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  sqlLabRoute(request, { POST: async (user) => json(await storeSharedQuery(user, await readFields(request, { decodeJson: false }))) });
