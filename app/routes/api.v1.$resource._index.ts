/** GET /api/v1/<resource>/: a Superset-style list (rison `q`). Creating arrives with each resource's own route. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleList, handleUnsupportedMethod } from '~/server/api/handlers.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleList(request, params.resource);

export const action = ({ request, params }: ActionFunctionArgs) => handleUnsupportedMethod(request, params.resource, ['GET']);
