/**
 * GET /api/v1/<resource>/_info: the user's permissions on the resource and its list filters.
 * The brackets keep `_info` a literal path segment: a bare leading underscore would make it a
 * pathless layout route in Remix's flat routes.
 */
import { endpoint } from '~/server/api/endpoint.server';
import { infoMethod } from '~/server/api/handlers.server';

const api = endpoint({ GET: infoMethod });

export const loader = api.loader;
export const action = api.action;
