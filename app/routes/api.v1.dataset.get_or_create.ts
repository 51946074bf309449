/** POST /api/v1/dataset/get_or_create/: a table's dataset id, made (physical) when there is none: `{result: {table_id}}`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '~/server/api/respond.server';
import { getOrCreateDataset } from '~/server/datasets/create.server';
import { readFields, sqlLabRoute } from '~/server/sqllab/requests.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabRoute(request, {}, ['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  sqlLabRoute(request, {
    POST: async (user) => {
      // 200 whether it was made or found, as Superset answers.
      const { table_id } = await getOrCreateDataset(user, await readFields(request, { decodeJson: false }));
      return json({ result: { table_id } });
    },
  });
