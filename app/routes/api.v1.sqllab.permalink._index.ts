/** POST /api/v1/sqllab/permalink {dbId, name, sql, schema?, catalog?, autorun?, templateParams?}: 201 `{key, url}`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '~/server/api/respond.server';
import { readFields, sqlLabRoute } from '~/server/sqllab/requests.server';
import { createPermalink } from '~/server/sqllab/sharing.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabRoute(request, {}, ['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  sqlLabRoute(request, {
    POST: async (user) => {
      const body = await readFields(request, { decodeJson: false });
      return json(await createPermalink(user, body, new URL(request.url).origin), { status: 201 });
    },
  });
