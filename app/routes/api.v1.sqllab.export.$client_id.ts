/** GET /api/v1/sqllab/export/<client_id>/: the query's whole result as a CSV download, run again and streamed. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleExport, sqlLabMethodNotAllowed } from '~/server/sqllab/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleExport(request, params.client_id);

export const action = ({ request }: ActionFunctionArgs) => sqlLabMethodNotAllowed(request, ['GET']);
