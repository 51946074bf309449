/** GET /api/v1/security/csrf_token/ → {result: token}, the token cookie-authenticated changes must send. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { handleCsrfToken } from '~/server/api/security-api.server';

export const loader = ({ request }: LoaderFunctionArgs) => handleCsrfToken(request);
