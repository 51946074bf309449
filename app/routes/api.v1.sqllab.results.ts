/** GET /api/v1/sqllab/results/?q=(key:…,rows:…): a finished query's stored results. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleResults, sqlLabMethodNotAllowed } from '~/server/sqllab/api.server';

export const loader = ({ request }: LoaderFunctionArgs) => handleResults(request);

export const action = ({ request }: ActionFunctionArgs) => sqlLabMethodNotAllowed(request, ['GET']);
