/** GET /api/v1/database/<id>/table_metadata/?name=<table>&schema=<schema>: the table's metadata (newer Superset clients). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleTableMetadata } from '~/server/databases/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleTableMetadata(request, params.id);

export const action = ({ request, params }: ActionFunctionArgs) => handleTableMetadata(request, params.id);
