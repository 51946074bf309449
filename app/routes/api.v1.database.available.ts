/** GET /api/v1/database/available/: the engines, with the JSON Schema of their connection parameters. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleAvailable } from '~/server/databases/api.server';

export const loader = ({ request }: LoaderFunctionArgs) => handleAvailable(request);

export const action = ({ request }: ActionFunctionArgs) => handleAvailable(request);
