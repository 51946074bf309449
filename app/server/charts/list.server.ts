/**
 * The charts page's list: holders of ('can_read', 'Chart') see the charts on datasets they may
 * access (Superset's ChartFilter, the charts' row scope, applied by the list engine).
 */
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { findPage, type ListPage, type ListSpec, type PageQuery } from '../lists/page-query.server';
import { PERSON_ATTRIBUTES, personName } from '../lists/people.server';
import { searchWhere } from '../lists/sql.server';
import { datasetNameOf, datasetNamesOf } from './dataset-names.server';

export type ChartRow = {
  id: number;
  name: string;
  vizType: string;
  dataset: string | null;
  modifiedBy: string | null;
  changedOn: string;
};

export type ChartSort = 'name' | 'viz_type' | 'changed_on';

export const CHART_LIST: ListSpec<ChartSort> = {
  sorts: { name: { column: 'slice_name', text: true }, viz_type: { column: 'viz_type', text: true }, changed_on: { column: 'changed_on' } },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};

export async function listCharts(actor: CurrentUser, query: PageQuery<ChartSort>): Promise<ListPage<ChartRow, ChartSort>> {
  requirePermission(actor, 'can_read', 'Chart');
  const { Chart, User } = models();
  return findPage(Chart, CHART_LIST, query, {
    actor,
    where: searchWhere(['Chart.slice_name'], query.search),
    include: [{ model: User, as: 'changed_by', attributes: PERSON_ATTRIBUTES }],
  }, async (charts) => {
    const names = await datasetNamesOf(charts);
    return charts.map((c) => ({
      id: c.id,
      name: c.slice_name,
      vizType: c.viz_type,
      dataset: datasetNameOf(c, names),
      modifiedBy: personName(c.changed_by),
      changedOn: c.changed_on.toISOString(),
    }));
  });
}
