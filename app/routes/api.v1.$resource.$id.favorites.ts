/** POST (star) and DELETE (unstar) /api/v1/<chart|dashboard>/<id>/favorites/. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleFavorites, handleUnsupportedMethod } from '~/server/api/handlers.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleUnsupportedMethod(request, params.resource, ['POST', 'DELETE']);

export const action = ({ request, params }: ActionFunctionArgs) => handleFavorites(request, params.resource, params.id);
