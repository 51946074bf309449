/** GET /api/v1/query/updated_since?q=(last_updated_ms:…): the user's queries changed since then (the editor's poll). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleUpdatedSince, sqlLabMethodNotAllowed } from '~/server/sqllab/api.server';

export const loader = ({ request }: LoaderFunctionArgs) => handleUpdatedSince(request);

export const action = ({ request }: ActionFunctionArgs) => sqlLabMethodNotAllowed(request, ['GET']);
