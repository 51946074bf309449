/** POST /api/v1/sqllab/format_sql/: the SQL reformatted in the database's dialect: `{result}`. */
import { FormatSqlPayloadSchema } from '~/lib/sqllab-api';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody } from '~/server/api/inputs.server';
import { formatSql } from '~/server/sqllab/format.server';

const api = endpoint({
  POST: method({ body: jsonBody(FormatSqlPayloadSchema), run: (user, { body }) => formatSql(user, body) }),
});

export const loader = api.loader;
export const action = api.action;
