/**
 * GET /api/v1/database/<id>/schema_columns/?q=(schema_name:x,force:!f): every table's columns of
 * the schema at once, `{count, result: [{table, columns: [{name, type}]}], schema, truncated, backend}`.
 */
import { z } from 'zod';
import { SchemaColumnsQuerySchema } from '~/lib/database-settings';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, rison } from '~/server/api/inputs.server';
import { schemaColumnsOf } from '~/server/databases/schema-columns.server';

const api = endpoint({
  GET: method({
    params: z.object({ id: idParam('database') }),
    query: rison(SchemaColumnsQuerySchema),
    run: (user, { params, query }) => schemaColumnsOf(user, { id: params.id, ...query }),
  }),
});

export const loader = api.loader;
export const action = api.action;
