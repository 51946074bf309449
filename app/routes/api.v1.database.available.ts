/** GET /api/v1/database/available/: the engines, with the JSON Schema of their connection parameters. */
import { endpoint, method } from '~/server/api/endpoint.server';
import { listAvailableEngines } from '~/server/databases/available.server';

const api = endpoint({
  GET: method({ run: (user) => ({ databases: listAvailableEngines(user) }) }),
});

export const loader = api.loader;
export const action = api.action;
