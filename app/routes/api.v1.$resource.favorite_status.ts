/** GET /api/v1/<chart|dashboard>/favorite_status/?q=!(ids): whether the user starred each one. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { handleFavoriteStatus } from '~/server/api/handlers.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleFavoriteStatus(request, params.resource);
