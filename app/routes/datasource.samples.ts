/**
 * `POST /datasource/samples?datasource_type=&datasource_id=&force=&page=&per_page=`: a page of a
 * dataset's rows and their total count, `{result: {data, colnames, coltypes, rowcount,
 * total_count, page, per_page, …}}`. Without a body they are the dataset's samples; a JSON body
 * (`filters`, `granularity`, `time_range`, `extras`) asks for the drill-detail rows it narrows
 * to. Needs can_read on Dataset and access to the dataset.
 */
import { requirePermission } from '~/server/auth/current-user.server';
import { readJsonBody } from '~/server/api/body.server';
import { endpoint, method } from '~/server/api/endpoint.server';
import { parseFields, searchParams, type InputReader } from '~/server/api/inputs.server';
import { datasetSamples, SamplesParamsSchema, SamplesPayloadSchema, type SamplesPayload } from '~/server/chart-data/samples.server';

const payload: InputReader<Promise<SamplesPayload | null>> = {
  async read(request) {
    const value = await readJsonBody(request);
    return value === undefined || value === null ? null : parseFields(SamplesPayloadSchema, value);
  },
};

const api = endpoint({
  POST: method({
    allow: (user) => requirePermission(user, 'can_read', 'Dataset'),
    query: searchParams(SamplesParamsSchema),
    body: payload,
    run: (user, { query, body, signal }) => datasetSamples(user, query, body, signal),
  }),
});

export const loader = api.loader;
export const action = api.action;
