/**
 * GET /api/v1/dataset/{id}: one dataset with its columns (`q=(columns:!(…))` picks fields). `_info`
 * and `favorite_status` share this path shape and go to the generic handlers first.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleGenericSegment } from '~/server/api/handlers.server';
import { json, parseIdParam, parseQuery } from '~/server/api/respond.server';
import { showDataset, ShowQuerySchema } from '~/server/datasets/show.server';
import { sqlLabRoute } from '~/server/sqllab/requests.server';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleGenericSegment(request, 'dataset', params.id) ??
  sqlLabRoute(request, {
    GET: async (user) => json(await showDataset(user, parseIdParam(params.id, 'dataset'), parseQuery(request, ShowQuerySchema))),
  });

export const action = ({ request }: ActionFunctionArgs) => sqlLabRoute(request, {}, ['GET']);
