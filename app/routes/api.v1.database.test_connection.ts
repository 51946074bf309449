/** POST /api/v1/database/test_connection/: connects with the given settings; 200 `{message: 'OK'}` or 422 `{errors}`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleTestConnection } from '~/server/databases/api.server';

export const loader = ({ request }: LoaderFunctionArgs) => handleTestConnection(request);

export const action = ({ request }: ActionFunctionArgs) => handleTestConnection(request);
