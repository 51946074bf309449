/** POST /api/v1/sqllab/execute/: run SQL in SQL Lab (200 with results, or 202 while an async query runs). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleExecute, sqlLabMethodNotAllowed } from '~/server/sqllab/api.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabMethodNotAllowed(request, ['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  request.method === 'POST' ? handleExecute(request) : sqlLabMethodNotAllowed(request, ['POST']);
