/**
 * GET /api/v1/<resource>/_info: the user's permissions on the resource and its list filters.
 * The brackets keep `_info` a literal path segment: a bare leading underscore would make it a
 * pathless layout route in Remix's flat routes.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { handleInfo } from '~/server/api/handlers.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleInfo(request, params.resource);
