/** GET /api/v1/database/<id>/schemas/?q=(force:!t): the database's schemas, `{result: [...]}`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleSchemas } from '~/server/databases/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleSchemas(request, params.id);

export const action = ({ request, params }: ActionFunctionArgs) => handleSchemas(request, params.id);
