/**
 * The charts list: holders of ('can_read', 'Chart') see the charts on datasets they may access
 * (Superset's ChartFilter, applied by findPage from the charts' row scope).
 */
import { Op } from 'sequelize';
import type { Chart } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { findPage, personName, PERSON_ATTRIBUTES, searchWhere, type ListPage, type ListSpec, type PageQuery } from './page-query.server';

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

/** Dataset names for the page's charts, in one query; a chart's datasource is (type 'table', dataset id). */
async function datasetNames(charts: Chart[]): Promise<Map<number, string>> {
  const ids = [...new Set(charts.filter((c) => c.datasource_type === 'table' && c.datasource_id !== null).map((c) => c.datasource_id as number))];
  if (ids.length === 0) return new Map();
  const datasets = await models().Dataset.findAll({ where: { id: { [Op.in]: ids } }, attributes: ['id', 'schema', 'table_name'] });
  return new Map(datasets.map((d) => [d.id, d.schema ? `${d.schema}.${d.table_name}` : d.table_name]));
}

export async function listCharts(actor: CurrentUser, query: PageQuery<ChartSort>): Promise<ListPage<ChartRow, ChartSort>> {
  requirePermission(actor, 'can_read', 'Chart');
  const { Chart, User } = models();
  return findPage(Chart, CHART_LIST, query, {
    actor,
    where: searchWhere(['Chart.slice_name'], query.search),
    include: [{ model: User, as: 'changed_by', attributes: PERSON_ATTRIBUTES }],
  }, async (charts) => {
    const names = await datasetNames(charts);
    return charts.map((c) => ({
      id: c.id,
      name: c.slice_name,
      vizType: c.viz_type,
      dataset: c.datasource_type === 'table' && c.datasource_id !== null ? names.get(c.datasource_id) ?? null : null,
      modifiedBy: personName(c.changed_by),
      changedOn: c.changed_on.toISOString(),
    }));
  });
}
