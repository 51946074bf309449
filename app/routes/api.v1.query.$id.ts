/**
 * GET /api/v1/query/<id>: one query of the history. `_info` and `favorite_status` rank equally
 * with this route in Remix, so they are handed back to the generic handlers first.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleGenericSegment } from '~/server/api/handlers.server';
import { handleQueryGet, sqlLabMethodNotAllowed } from '~/server/sqllab/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleGenericSegment(request, 'query', params.id) ?? handleQueryGet(request, params.id);

export const action = ({ request }: ActionFunctionArgs) => sqlLabMethodNotAllowed(request, ['GET']);
