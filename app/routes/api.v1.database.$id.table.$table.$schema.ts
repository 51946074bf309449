/** GET /api/v1/database/<id>/table/<table>/<schema>/: columns, keys, indexes and a SELECT * of the table. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleTable } from '~/server/databases/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleTable(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => handleTable(request, params);
