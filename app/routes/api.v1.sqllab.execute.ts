/**
 * POST /api/v1/sqllab/execute/: run SQL in SQL Lab: 200 with the results, 202 `{query}` while an
 * async query runs; a failed query answers `{errors}` with its status. The URL's own parameters
 * (the editor posts to `/execute/<its query string>`) are the template's `url_param()` values.
 */
import { z } from 'zod';
import { ExecutePayloadSchema } from '~/lib/sqllab-api';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody, searchParams } from '~/server/api/inputs.server';
import { losslessJson } from '~/server/api/sqllab-replies.server';
import { executeQuery } from '~/server/sqllab/execute.server';

const api = endpoint({
  POST: method({
    query: searchParams(z.record(z.string(), z.string())),
    body: jsonBody(ExecutePayloadSchema),
    run: (user, { query, body }) => executeQuery(user, { payload: body, urlParams: query }),
    reply: (execution) => losslessJson(execution.body, execution.status),
  }),
});

export const loader = api.loader;
export const action = api.action;
