/** POST /api/v1/sqllab/format_sql/: the SQL reformatted in the database's dialect. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleFormatSql, sqlLabMethodNotAllowed } from '~/server/sqllab/api.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabMethodNotAllowed(request, ['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  request.method === 'POST' ? handleFormatSql(request) : sqlLabMethodNotAllowed(request, ['POST']);
