/** GET /api/v1/<resource>/: a Superset-style list (rison `q`). Creating arrives with each resource's own route. */
import { endpoint } from '~/server/api/endpoint.server';
import { listMethod } from '~/server/api/handlers.server';

const api = endpoint({ GET: listMethod });

export const loader = api.loader;
export const action = api.action;
