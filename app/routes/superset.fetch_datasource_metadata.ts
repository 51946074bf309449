/**
 * GET /superset/fetch_datasource_metadata?datasourceKey=<id>__table: Superset's legacy datasource
 * JSON (not wrapped in `result`), read by its Explore client; the dataset's own read checks.
 */
import { DatasourceKeyQuerySchema } from '~/lib/dataset-inputs';
import { endpoint, method } from '~/server/api/endpoint.server';
import { searchParams } from '~/server/api/inputs.server';
import { fetchDatasourceMetadata } from '~/server/datasets/datasource-metadata.server';

const api = endpoint({
  GET: method({
    query: searchParams(DatasourceKeyQuerySchema),
    run: (user, { query }) => fetchDatasourceMetadata(user, query.datasourceKey),
  }),
});

export const loader = api.loader;
export const action = api.action;
