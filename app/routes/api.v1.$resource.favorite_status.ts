/** GET /api/v1/<chart|dashboard>/favorite_status/?q=!(ids): whether the user starred each one. */
import { endpoint } from '~/server/api/endpoint.server';
import { favoriteStatusMethod } from '~/server/api/handlers.server';

const api = endpoint({ GET: favoriteStatusMethod });

export const loader = api.loader;
export const action = api.action;
