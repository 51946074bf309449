/**
 * Changing datasets, as Superset's dataset commands do: update (update.server.ts), 'Sync columns'
 * (refresh), delete one or many, delete a column or a metric, duplicate a virtual dataset, and
 * what uses a dataset. Every change needs can_write on Dataset and ownership (or Admin), after the
 * dataset's existence (404) and access (403) checks (ownership.server.ts). Deleting a dataset
 * that charts use is allowed, as in Superset: the charts keep a dangling reference, which is why
 * the list shows `datasetRelatedObjects` first.
 */
import { Op, type Transaction } from 'sequelize';
import { DatasetDuplicateSchema } from '~/lib/dataset-inputs';
import type { Dataset } from '../../../db/index';
import { datasetPermissionView } from '../access/data-grants.server';
import { rowScope } from '../access/visibility.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { ForbiddenError, NotFoundError, UnprocessableError } from '../domain-errors.server';
import { createDatasetPermission } from './access.server';
import { columnsOfSource } from './columns.server';
import { duplicateError, findExisting, parseInput } from './create.server';
import { datasetKind } from './kind.server';
import { findOwnedDataset, findVisibleDataset, isDatasetOwner, OWNERS_ONLY, requireNotManagedExternally, VIEW } from './ownership.server';
import { mergeColumns, settleMainDttm, type SyncResult } from './sync.server';

export { updateDataset } from './update.server';

export interface RelatedObjects {
  charts: { count: number; result: { id: number; slice_name: string; viz_type: string }[] };
  dashboards: { count: number; result: { id: number; json_metadata: string | null; slug: string | null; title: string }[] };
}

/** Marks the dataset changed by `userId` now (its columns or metrics changed). */
async function touch(dataset: Dataset, userId: number, transaction: Transaction): Promise<void> {
  dataset.set({ changed_by_fk: userId });
  dataset.changed('changed_by_fk', true);
  await dataset.save({ transaction });
}

/** PUT /api/v1/dataset/{id}/refresh: re-reads the columns from the table or SQL, keeping edits to columns that remain. */
export async function refreshDatasetColumns(user: CurrentUser, id: number): Promise<SyncResult> {
  const dataset = await findOwnedDataset(user, id);
  const discovered = await columnsOfSource(dataset.database!, dataset);
  return store().sequelize.transaction(async (transaction) => {
    const result = await mergeColumns(dataset, discovered, user.id, transaction);
    await touch(dataset, user.id, transaction);
    return result;
  });
}

/** The dataset and what hangs off it; its datasource_access grants go too, so a later dataset never inherits them. */
async function removeDatasets(datasets: Dataset[], transaction: Transaction): Promise<void> {
  const { Dataset: Datasets, Permission } = models();
  const views = datasets.map((d) => datasetPermissionView({ id: d.id, table_name: d.table_name, schema: d.schema, database: d.database! }));
  await Permission.destroy({ where: { permission_name: 'datasource_access', view_name: { [Op.in]: views } }, transaction });
  // Columns, metrics, owners and RLS links go by their foreign keys' ON DELETE CASCADE.
  await Datasets.destroy({ where: { id: { [Op.in]: datasets.map((d) => d.id) } }, transaction });
}

export async function deleteDataset(user: CurrentUser, id: number): Promise<void> {
  const dataset = await findOwnedDataset(user, id);
  await store().sequelize.transaction((transaction) => removeDatasets([dataset], transaction));
}

/** All or nothing: an id missing or out of sight is a 404, one not owned a 403, and nothing is deleted. */
export async function bulkDeleteDatasets(user: CurrentUser, ids: number[]): Promise<{ message: string }> {
  requirePermission(user, 'can_write', VIEW);
  const unique = [...new Set(ids)];
  const { Dataset: Datasets, Database, User } = models();
  const datasets = await Datasets.findAll({
    where: { [Op.and]: [{ id: { [Op.in]: unique } }, await rowScope(Datasets.name, user)] },
    include: [
      { model: Database, as: 'database', attributes: ['id', 'database_name'] },
      { model: User, as: 'owners', attributes: ['id'], through: { attributes: [] } },
    ],
  });
  if (datasets.length !== unique.length) {
    const found = new Set(datasets.map((d) => d.id));
    throw new NotFoundError(`There is no dataset with id ${unique.filter((i) => !found.has(i)).join(', ')}.`);
  }
  const notOwned = datasets.filter((d) => !isDatasetOwner(user, d));
  if (notOwned.length) throw new ForbiddenError(`${OWNERS_ONLY} Not an owner of: ${notOwned.map((d) => d.table_name).join(', ')}.`);
  await store().sequelize.transaction((transaction) => removeDatasets(datasets, transaction));
  return { message: unique.length === 1 ? 'Deleted 1 dataset' : `Deleted ${unique.length} datasets` };
}

/** DELETE /api/v1/dataset/{id}/column/{column_id}. */
export async function deleteDatasetColumn(user: CurrentUser, id: number, columnId: number): Promise<void> {
  const dataset = await findOwnedDataset(user, id);
  requireNotManagedExternally(dataset);
  const column = await models().TableColumn.findOne({ where: { id: columnId, table_id: id } });
  if (!column) throw new NotFoundError('Dataset column not found.');
  await store().sequelize.transaction(async (transaction) => {
    await column.destroy({ transaction });
    await settleMainDttm(dataset, transaction);
    await touch(dataset, user.id, transaction);
  });
}

/** DELETE /api/v1/dataset/{id}/metric/{metric_id}. */
export async function deleteDatasetMetric(user: CurrentUser, id: number, metricId: number): Promise<void> {
  const dataset = await findOwnedDataset(user, id);
  requireNotManagedExternally(dataset);
  const metric = await models().SqlMetric.findOne({ where: { id: metricId, table_id: id } });
  if (!metric) throw new NotFoundError('Dataset metric not found.');
  await store().sequelize.transaction(async (transaction) => {
    await metric.destroy({ transaction });
    await touch(dataset, user.id, transaction);
  });
}

/**
 * POST /api/v1/dataset/duplicate {base_model_id, table_name}: a virtual dataset's copy under a new
 * name in the same database and schema, owned by the caller, with its columns and metrics.
 */
export async function duplicateDataset(user: CurrentUser, fields: Record<string, unknown>): Promise<{ id: number; result: Record<string, unknown> }> {
  requirePermission(user, 'can_write', VIEW);
  const input = parseInput(DatasetDuplicateSchema, fields);
  const base = await findVisibleDataset(user, input.base_model_id);
  if (datasetKind(base) !== 'virtual') {
    throw new UnprocessableError({ datasource_type: ['Datasource type is invalid: only virtual (SQL) datasets can be duplicated.'] });
  }
  if (await findExisting(base.database_id, base.schema, input.table_name)) throw duplicateError(input.table_name);
  const { Dataset: Datasets, TableColumn, SqlMetric } = models();
  const [columns, metrics] = await Promise.all([
    TableColumn.findAll({ where: { table_id: base.id }, order: [['id', 'ASC']] }),
    SqlMetric.findAll({ where: { table_id: base.id }, order: [['id', 'ASC']] }),
  ]);
  const audit = { created_by_fk: user.id, changed_by_fk: user.id };
  const created = await store().sequelize.transaction(async (transaction) => {
    const copy = await Datasets.create({
      database_id: base.database_id, schema: base.schema, table_name: input.table_name, sql: (base.sql ?? '').trim().replace(/;+$/, ''),
      template_params: base.template_params, normalize_columns: base.normalize_columns, always_filter_main_dttm: base.always_filter_main_dttm,
      main_dttm_col: base.main_dttm_col, is_sqllab_view: true, ...audit,
    }, { transaction });
    await store().sequelize.getQueryInterface().bulkInsert('dataset_owners', [{ dataset_id: copy.id, user_id: user.id }], { transaction });
    await createDatasetPermission({ id: copy.id, table_name: copy.table_name, schema: copy.schema, database: base.database! }, transaction);
    await TableColumn.bulkCreate(columns.map((c) => ({
      table_id: copy.id, column_name: c.column_name, verbose_name: c.verbose_name, expression: c.expression, filterable: true, groupby: true,
      is_dttm: c.is_dttm, type: c.type, type_generic: c.type_generic, description: c.description, python_date_format: c.python_date_format,
      advanced_data_type: c.advanced_data_type, extra: c.extra, ...audit,
    })), { transaction });
    await SqlMetric.bulkCreate(metrics.map((m) => ({
      table_id: copy.id, metric_name: m.metric_name, verbose_name: m.verbose_name, expression: m.expression, metric_type: m.metric_type,
      description: m.description, d3format: m.d3format, currency: m.currency, warning_text: m.warning_text, extra: m.extra, ...audit,
    })), { transaction });
    return copy;
  });
  return { id: created.id, result: { base_model_id: input.base_model_id, table_name: input.table_name } };
}

/** The charts built on the dataset and the dashboards (the user may see) that show them. */
export async function datasetRelatedObjects(user: CurrentUser, id: number): Promise<RelatedObjects> {
  requirePermission(user, 'can_read', VIEW);
  await findVisibleDataset(user, id);
  const { Chart, Dashboard } = models();
  const charts = await Chart.findAll({
    where: { datasource_type: 'table', datasource_id: id },
    attributes: ['id', 'slice_name', 'viz_type'],
    include: [{
      model: Dashboard, as: 'dashboards', attributes: ['id', 'dashboard_title', 'slug', 'json_metadata'], through: { attributes: [] },
      where: await rowScope(Dashboard.name, user), required: false,
    }],
    order: [['slice_name', 'ASC'], ['id', 'ASC']],
  });
  const dashboards = new Map<number, RelatedObjects['dashboards']['result'][number]>();
  for (const chart of charts) {
    for (const d of chart.dashboards ?? []) dashboards.set(d.id, { id: d.id, json_metadata: d.json_metadata ?? null, slug: d.slug ?? null, title: d.dashboard_title });
  }
  return {
    charts: { count: charts.length, result: charts.map((c) => ({ id: c.id, slice_name: c.slice_name, viz_type: c.viz_type })) },
    dashboards: { count: dashboards.size, result: [...dashboards.values()].sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id) },
  };
}
