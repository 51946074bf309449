/** GET /api/v1/me/: the logged-in user, with roles as role name → [permission, view] pairs. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { handleMe } from '~/server/api/security-api.server';

export const loader = ({ request }: LoaderFunctionArgs) => handleMe(request);
