/**
 * Who may keep or open Explore state about a datasource and a chart, as Superset's
 * explore.utils.check_access decides it: a dataset ('table') the user may access (404 when it
 * does not exist, 403 when it is out of reach), a SQL Lab query ('query') of their own (or any
 * with all_query_access), and, with a chart, a chart that exists and that they own or may read.
 * Other datasource types have no state to keep (422, Superset's DatasourceTypeInvalidError).
 */
import type { CurrentUser } from '../auth/current-user.server';
import { hasPermission } from '~/lib/permissions';
import { requireQueryAccess } from '../access/query-access.server';
import { requireDatasetAccess } from '../datasets/access.server';
import { models } from '../db.server';
import { ForbiddenError, NotFoundError, UnprocessableError } from '../domain-errors.server';

export type ExploreTarget = { datasourceId: number; datasourceType: string; chartId?: number | null };

async function requireDatasourceAccess(user: CurrentUser, id: number, type: string): Promise<void> {
  if (type === 'table') {
    const { Dataset, Database } = models();
    const dataset = await Dataset.findByPk(id, {
      attributes: ['id', 'table_name', 'schema', 'database_id'],
      include: [{ model: Database, as: 'database', attributes: ['id', 'database_name'] }],
    });
    if (!dataset?.database) throw new NotFoundError(`There is no dataset with id ${id}.`);
    requireDatasetAccess(user, { id: dataset.id, table_name: dataset.table_name, schema: dataset.schema, database: dataset.database });
    return;
  }
  if (type === 'query') {
    const query = await models().Query.findByPk(id, { attributes: ['id', 'user_id'] });
    if (!query) throw new NotFoundError(`There is no query with id ${id}.`);
    requireQueryAccess(user, query);
    return;
  }
  throw new UnprocessableError({ datasource_type: [`Datasource type is invalid: Explore keeps state for table and query datasources, not ${type}.`] });
}

async function requireChartAccess(user: CurrentUser, chartId: number): Promise<void> {
  const { Chart, User } = models();
  const chart = await Chart.findByPk(chartId, { attributes: ['id'], include: [{ model: User, as: 'owners', attributes: ['id'], through: { attributes: [] } }] });
  if (!chart) throw new NotFoundError(`There is no chart with id ${chartId}.`);
  const owner = (chart.owners ?? []).some((o) => o.id === user.id);
  if (!owner && !hasPermission(user.roles, 'can_read', 'Chart')) throw new ForbiddenError(`You do not have access to the chart with id ${chartId}.`);
}

export async function requireExploreAccess(user: CurrentUser, target: ExploreTarget): Promise<void> {
  await requireDatasourceAccess(user, target.datasourceId, target.datasourceType);
  if (target.chartId) await requireChartAccess(user, target.chartId);
}
