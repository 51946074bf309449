/**
 * SQL Lab's "Create chart": Explore on a query's results, as Superset's results pane does it. The
 * query (the user's own, by the client id SQL Lab knows it by) becomes a `query` datasource; the
 * chart starts as a raw-mode table of all its columns, stored as form data whose key Explore opens.
 */
import { isAdmin } from '~/lib/permissions';
import type { CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { loadQuerySource } from '../datasets/query-source.server';
import { NotFoundError } from '../domain-errors.server';
import { createFormData } from './form-data.server';

export async function exploreQueryResults(user: CurrentUser, clientId: string): Promise<{ key: string }> {
  const query = await models().Query.findOne({ where: { client_id: clientId }, attributes: ['id', 'user_id', 'status'] });
  if (!query || (query.user_id !== user.id && !isAdmin(user.roles))) throw new NotFoundError('There is no such query to chart.');
  const { source } = await loadQuerySource(user, query.id);
  const formData = {
    datasource: `${query.id}__query`,
    viz_type: 'table',
    query_mode: 'raw',
    all_columns: source.columns.map((c) => c.column_name),
    row_limit: 1000,
    time_range: 'No filter',
  };
  return createFormData(user, { datasource_id: query.id, datasource_type: 'query', chart_id: null, form_data: JSON.stringify(formData) }, null);
}
