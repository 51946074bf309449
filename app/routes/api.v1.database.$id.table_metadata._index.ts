/** GET /api/v1/database/<id>/table_metadata/?name=<table>&schema=<schema>: the table's metadata (newer Superset clients). */
import { z } from 'zod';
import { TableMetadataQuerySchema } from '~/lib/database-settings';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, searchParams } from '~/server/api/inputs.server';
import { tableMetadataOf } from '~/server/databases/metadata.server';

const api = endpoint({
  GET: method({
    params: z.object({ id: idParam('database') }),
    query: searchParams(TableMetadataQuerySchema),
    run: (user, { params, query }) => tableMetadataOf(user, { id: params.id, table: query.name, schema: query.schema || null }),
  }),
});

export const loader = api.loader;
export const action = api.action;
