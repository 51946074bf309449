/** GET /api/v1/database/<id>/tables/?q=(schema_name:x,force:!f): `{count, result: [{value, type, extra}]}`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleTables } from '~/server/databases/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleTables(request, params.id);

export const action = ({ request, params }: ActionFunctionArgs) => handleTables(request, params.id);
