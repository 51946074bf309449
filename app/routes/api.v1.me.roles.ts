/** GET /api/v1/me/roles/: the same user record; Superset's clients read roles and permissions from here. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { handleMe } from '~/server/api/security-api.server';

export const loader = ({ request }: LoaderFunctionArgs) => handleMe(request);
