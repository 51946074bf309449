/** POST /api/v1/query/stop {client_id}: stops a running query, from any process. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleStop, sqlLabMethodNotAllowed } from '~/server/sqllab/api.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabMethodNotAllowed(request, ['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  request.method === 'POST' ? handleStop(request) : sqlLabMethodNotAllowed(request, ['POST']);
