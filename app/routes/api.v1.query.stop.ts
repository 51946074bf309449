/** POST /api/v1/query/stop {client_id}: stops a running query, from any process: `{result: "OK"}`. */
import { StopQuerySchema } from '~/lib/sqllab-api';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody } from '~/server/api/inputs.server';
import { stopQuery } from '~/server/sqllab/stop.server';

const api = endpoint({
  POST: method({
    body: jsonBody(StopQuerySchema),
    run: async (user, { body }) => {
      await stopQuery(user, body.client_id);
      return { result: 'OK' };
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
