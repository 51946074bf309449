/** GET /api/v1/database/<id>/table_extra/<table>/<schema>/: engine-specific extras, e.g. partitions. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleTableExtra } from '~/server/databases/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleTableExtra(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => handleTableExtra(request, params);
