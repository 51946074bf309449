/** GET /api/v1/database/: the list (generic, rison `q`); POST creates a database: 201 `{id, result}`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleDatabaseCollection } from '~/server/databases/api.server';

export const loader = ({ request }: LoaderFunctionArgs) => handleDatabaseCollection(request);

export const action = ({ request }: ActionFunctionArgs) => handleDatabaseCollection(request);
