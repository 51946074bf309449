/**
 * GET /api/v1/database/<id>/schema_columns/?q=(schema_name:x,force:!f): every table's columns of
 * the schema at once, `{count, result: [{table, columns: [{name, type}]}], schema, truncated, backend}`.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleSchemaColumns } from '~/server/databases/schema-columns.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleSchemaColumns(request, params.id);

export const action = ({ request, params }: ActionFunctionArgs) => handleSchemaColumns(request, params.id);
