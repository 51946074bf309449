/** POST /api/v1/sqllab/estimate/: the engine's cost estimate of a query, without running it. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleEstimate, sqlLabMethodNotAllowed } from '~/server/sqllab/api.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabMethodNotAllowed(request, ['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  request.method === 'POST' ? handleEstimate(request) : sqlLabMethodNotAllowed(request, ['POST']);
