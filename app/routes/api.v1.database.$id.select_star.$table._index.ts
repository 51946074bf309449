/** GET /api/v1/database/<id>/select_star/<table>/: a SELECT * of the table in the default schema, `{result}`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleSelectStar } from '~/server/databases/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleSelectStar(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => handleSelectStar(request, params);
