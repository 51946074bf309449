/**
 * The charts page's list: holders of ('can_read', 'Chart') see the charts on datasets they may
 * access (Superset's ChartFilter, the charts' row scope, applied by the list engine). The page's
 * filters are the rison filters `GET /api/v1/chart/` takes (owners rel_m_m, viz_type eq,
 * datasource_id eq, dashboards rel_m_m, id chart_is_favorite, id chart_is_certified), turned into
 * SQL by the same resource definition, so the page and the API never disagree on a filter.
 */
import { literal, Op, type OrderItem, type WhereOptions } from 'sequelize';
import type { ListFilter } from '~/lib/list-query';
import { isAdmin } from '~/lib/permissions';
import { VIZ_REGISTRY } from '~/viz/registry';
import type { Chart } from '../../../db/index';
import { rowScope } from '../access/visibility.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { fetchPage, visibleWhere } from '../lists/engine.server';
import { filtersWhere } from '../lists/filters.server';
import { pageWindow, PAGE_SIZE, type ListPage, type ListSpec, type PageQuery } from '../lists/page-query.server';
import { PERSON_ATTRIBUTES, personName } from '../lists/people.server';
import type { ChartRow } from '~/lib/chart-list';
import { relatedResource } from '../lists/related.server';
import { datasetNameOf, datasetNamesOf } from './dataset-names.server';
import { chartResource } from './resource.server';
import { thumbnailUrl } from './thumbnail.server';

export type { ChartRow };

export type ChartSort = 'name' | 'viz_type' | 'dataset' | 'changed_on';

export const CHART_LIST: ListSpec<ChartSort> = {
  sorts: {
    name: { column: 'slice_name', text: true },
    viz_type: { column: 'viz_type', text: true },
    // Ordered by the dataset's name (datasetOrder); the id is what the column holds.
    dataset: { column: 'datasource_id' },
    changed_on: { column: 'changed_on' },
  },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};

/** The page's filters, each null (or '') when not set. */
export type ChartListFilters = {
  owner: number | null;
  vizType: string;
  datasetId: number | null;
  dashboardId: number | null;
  favorite: boolean | null;
  certified: boolean | null;
};

export const NO_CHART_FILTERS: ChartListFilters = { owner: null, vizType: '', datasetId: null, dashboardId: null, favorite: null, certified: null };

/** The page's search and filters as the API's rison filters. */
export function chartListFilters(search: string, f: ChartListFilters): ListFilter[] {
  const filters: ListFilter[] = [];
  if (search) filters.push({ col: 'slice_name', opr: 'ct', value: search });
  if (f.owner !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: f.owner });
  if (f.vizType) filters.push({ col: 'viz_type', opr: 'eq', value: f.vizType });
  if (f.datasetId !== null) filters.push({ col: 'datasource_id', opr: 'eq', value: f.datasetId });
  if (f.dashboardId !== null) filters.push({ col: 'dashboards', opr: 'rel_m_m', value: f.dashboardId });
  if (f.favorite !== null) filters.push({ col: 'id', opr: 'chart_is_favorite', value: f.favorite });
  if (f.certified !== null) filters.push({ col: 'id', opr: 'chart_is_certified', value: f.certified });
  return filters;
}

/** ORDER BY the dataset's name (charts on no dataset first), then the id so paging is stable on ties. */
function datasetOrder(dir: 'asc' | 'desc'): OrderItem[] {
  const qi = store().sequelize.getQueryInterface();
  const datasetName = literal(
    `(SELECT lower(d.table_name) FROM datasets d WHERE d.id = ${qi.quoteIdentifiers('Chart.datasource_id')} AND ${qi.quoteIdentifiers('Chart.datasource_type')} = 'table')`,
  );
  return [[datasetName, dir === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'], [literal(qi.quoteIdentifiers('Chart.id')), dir === 'asc' ? 'ASC' : 'DESC']];
}

/** The ids among `ids` this user starred. */
async function favoriteIds(user: CurrentUser, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await models().Favorite.findAll({ attributes: ['obj_id'], where: { user_id: user.id, class_name: 'slice', obj_id: { [Op.in]: ids } } });
  return new Set(rows.map((r) => r.obj_id));
}

export function vizTypeName(vizType: string): string {
  return Object.hasOwn(VIZ_REGISTRY, vizType) ? VIZ_REGISTRY[vizType].metadata.name : vizType;
}

async function toRows(user: CurrentUser, charts: Chart[]): Promise<ChartRow[]> {
  const [names, starred] = await Promise.all([datasetNamesOf(charts), favoriteIds(user, charts.map((c) => c.id))]);
  const admin = isAdmin(user.roles);
  return charts.map((c) => {
    const owners = c.owners ?? [];
    return {
      id: c.id,
      name: c.slice_name,
      url: `/explore/?slice_id=${c.id}`,
      vizType: c.viz_type,
      vizTypeName: vizTypeName(c.viz_type),
      datasetId: c.datasource_type === 'table' ? c.datasource_id : null,
      dataset: datasetNameOf(c, names),
      owners: owners.map((o) => ({ id: o.id, name: personName(o) ?? o.username })),
      modifiedBy: personName(c.changed_by),
      changedOn: c.changed_on.toISOString(),
      description: c.description,
      certifiedBy: c.certified_by || null,
      certificationDetails: c.certification_details || null,
      favorite: starred.has(c.id),
      canEdit: admin || owners.some((o) => o.id === user.id),
      thumbnailUrl: thumbnailUrl(c),
    };
  });
}

/** The rows of the page the user may see that match the search and the filters. */
async function chartsWhere(user: CurrentUser, search: string, filters: ChartListFilters): Promise<WhereOptions> {
  return visibleWhere(models().Chart, user, filtersWhere(chartResource, user, chartListFilters(search, filters)));
}

export async function listCharts(
  actor: CurrentUser, query: PageQuery<ChartSort>, filters: ChartListFilters = NO_CHART_FILTERS,
): Promise<ListPage<ChartRow, ChartSort>> {
  requirePermission(actor, 'can_read', 'Chart');
  const { Chart: Charts, User } = models();
  const where = await chartsWhere(actor, query.search, filters);
  const total = await Charts.count({ where });
  const window = pageWindow(total, query.page);
  const include = [
    { model: User, as: 'changed_by', attributes: PERSON_ATTRIBUTES },
    { model: User, as: 'owners', attributes: PERSON_ATTRIBUTES, through: { attributes: [] } },
  ];
  let charts: Chart[];
  if (query.sort === 'dataset') {
    // The engine orders by a column of the listed table; this sort reads the dataset's name.
    const idRows = await Charts.findAll({ attributes: ['id'], where, order: datasetOrder(query.dir), limit: window.limit, offset: window.offset });
    const ids = idRows.map((r) => r.id);
    const found = ids.length ? await Charts.findAll({ where: { id: { [Op.in]: ids } }, include }) : [];
    const byId = new Map(found.map((c) => [c.id, c]));
    charts = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    const { column, text } = CHART_LIST.sorts[query.sort];
    charts = (await fetchPage(Charts, where, { sort: { alias: Charts.name, column, text }, dir: query.dir, include, limit: window.limit, offset: window.offset })).rows;
  }
  return { ...query, page: window.page, rows: await toRows(actor, charts), total, pageCount: window.pageCount, pageSize: PAGE_SIZE };
}

export type Choice = { value: string; label: string };

export type ChartFilterChoices = { owners: Choice[]; vizTypes: Choice[]; datasets: Choice[]; dashboards: Choice[] };

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' });

/** What each filter offers: people, the registry's chart types, the datasets of visible charts, visible dashboards. */
export async function chartFilterChoices(user: CurrentUser): Promise<ChartFilterChoices> {
  requirePermission(user, 'can_read', 'Chart');
  const { Chart: Charts, Dashboard } = models();
  const [owners, used, dashboards] = await Promise.all([
    relatedResource(user, chartResource, 'owners', { filter: '', page: 0, page_size: 1000, include_ids: [] }),
    Charts.findAll({
      attributes: ['datasource_id', 'datasource_type'],
      where: await visibleWhere(Charts, user, [{ datasource_type: 'table' }, { datasource_id: { [Op.not]: null } }]),
      group: ['datasource_id', 'datasource_type'],
    }),
    Dashboard.findAll({ attributes: ['id', 'dashboard_title'], where: await rowScope(Dashboard.name, user), limit: 1000 }),
  ]);
  const datasetNames = await datasetNamesOf(used);
  return {
    owners: owners.result.map((o) => ({ value: String(o.value), label: o.text })),
    vizTypes: Object.entries(VIZ_REGISTRY).map(([key, entry]) => ({ value: key, label: entry.metadata.name })).sort(byLabel),
    datasets: [...datasetNames].map(([id, name]) => ({ value: String(id), label: name })).sort(byLabel),
    dashboards: dashboards.map((d) => ({ value: String(d.id), label: d.dashboard_title })).sort(byLabel),
  };
}

/** The names of the charts among `ids` the user may see, for a confirmation and the 'Deleted: %s' notice. */
export async function chartNames(user: CurrentUser, ids: number[]): Promise<{ id: number; name: string }[]> {
  requirePermission(user, 'can_read', 'Chart');
  if (ids.length === 0) return [];
  const { Chart: Charts } = models();
  const found = await Charts.findAll({ attributes: ['id', 'slice_name'], where: await visibleWhere(Charts, user, [{ id: { [Op.in]: ids } }]), order: [['slice_name', 'ASC']] });
  return found.map((c) => ({ id: c.id, name: c.slice_name }));
}
