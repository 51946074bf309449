/**
 * Saving charts, as Superset's CreateChartCommand, UpdateChartCommand and DeleteChartCommand do.
 * Every write needs can_write on Chart (403). Create and a change of dataset need the dataset to
 * exist (422 'Datasource does not exist') and to be the user's to read (403, access.server.ts).
 * Changes need the chart within reach (404) and owned, or Admin (403 'Changing this chart is
 * forbidden'), except Superset's one carve-out: a payload of only `query_context` with
 * `query_context_generation: true` (the client filling in a chart's query context, or a report
 * worker) is allowed to anyone who can see the chart. Owners are Superset's: the creator is
 * added, and a non-admin editor is kept among them. The rule checks that find bad values answer
 * one 422 with every field's messages, as Superset's ChartInvalidError.
 */
import { Op, type Transaction } from 'sequelize';
import { addFieldError, type FieldErrors } from '~/lib/field-errors';
import { isAdmin } from '~/lib/permissions';
import { definedOnly } from '~/lib/schema-fields';
import type { Chart, Dataset } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { ForbiddenError, NotFoundError, UnprocessableError } from '../domain-errors.server';
import { requireDatasetAccess } from '../datasets/access.server';
import type { ChartCreateInput, ChartUpdateInput } from './inputs.server';
import {
  canEditDashboard, DASHBOARDS_FORBIDDEN, findVisibleChart, findVisibleCharts, findVisibleDashboards, requireChartOwner, VIEW,
} from './ownership.server';

/** Superset's default viz type (DEFAULT_VIZ_TYPE), for a chart created without one: the column is NOT NULL here. */
const DEFAULT_VIZ_TYPE = 'table';

export type SavedChart = { id: number; result: Record<string, unknown> };

/** Tags have no table yet: a payload naming some is refused rather than silently dropped. */
function refuseTags(input: ChartCreateInput | ChartUpdateInput, errors: FieldErrors): void {
  if ('tags' in input && input.tags?.length) addFieldError(errors, 'tags', 'Tags are not enabled on this server.');
}

/**
 * The dataset a chart is to be built on. Missing is a field error (422); out of the user's reach
 * is a 403 at once, as reading it would be.
 */
async function datasetFor(user: CurrentUser, type: string, id: number, errors: FieldErrors): Promise<Dataset | null> {
  if (type !== 'table') {
    addFieldError(errors, 'datasource_type', 'Only datasets (type "table") can be charted here.');
    return null;
  }
  const dataset = await models().Dataset.findByPk(id, { include: [{ model: models().Database, as: 'database' }] });
  if (!dataset?.database) {
    addFieldError(errors, 'datasource_id', 'Datasource does not exist');
    return null;
  }
  requireDatasetAccess(user, { id: dataset.id, table_name: dataset.table_name, schema: dataset.schema, database: dataset.database });
  return dataset;
}

async function checkOwners(ids: number[] | undefined, errors: FieldErrors): Promise<void> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length && (await models().User.count({ where: { id: { [Op.in]: unique } } })) !== unique.length) {
    addFieldError(errors, 'owners', 'Owners are invalid');
  }
}

/** The new owners, as Superset's populate_owner_list: none given on create is the creator; a non-admin stays an owner. */
function ownersOf(user: CurrentUser, given: number[] | undefined, creating: boolean): number[] {
  const owners = [...new Set(given ?? [])];
  if (creating && owners.length === 0) return [user.id];
  return isAdmin(user.roles) || owners.includes(user.id) ? owners : [user.id, ...owners];
}

/**
 * Dashboards the chart is put on or taken off: each must be visible (422 otherwise) and the
 * user's to edit (403). A dashboard the chart already sits on may be named again without edit
 * rights, so re-saving a chart that is on someone else's published dashboard keeps it there.
 */
async function checkDashboards(user: CurrentUser, changed: number[], errors: FieldErrors): Promise<void> {
  const unique = [...new Set(changed)];
  const found = await findVisibleDashboards(user, unique);
  if (found.length !== unique.length) {
    addFieldError(errors, 'dashboards', 'Dashboards do not exist');
    return;
  }
  if (found.some((d) => !canEditDashboard(user, d))) throw new ForbiddenError(DASHBOARDS_FORBIDDEN);
}

async function replaceLinks(table: 'chart_owners' | 'dashboard_charts', chartId: number, otherKey: 'user_id' | 'dashboard_id', ids: number[], transaction: Transaction) {
  const qi = store().sequelize.getQueryInterface();
  await qi.bulkDelete(table, { chart_id: chartId }, { transaction });
  const unique = [...new Set(ids)];
  if (unique.length) await qi.bulkInsert(table, unique.map((id) => ({ chart_id: chartId, [otherKey]: id })), { transaction });
}

/** POST /api/v1/chart/: answers Superset's `{id, result}` (the fields as read). */
export async function createChart(user: CurrentUser, input: ChartCreateInput): Promise<SavedChart> {
  requirePermission(user, 'can_write', VIEW);
  const errors: FieldErrors = {};
  await datasetFor(user, input.datasource_type, input.datasource_id, errors);
  await checkDashboards(user, input.dashboards ?? [], errors);
  await checkOwners(input.owners, errors);
  refuseTags(input, errors);
  if (Object.keys(errors).length) throw new UnprocessableError(errors);
  const chart = await store().sequelize.transaction(async (transaction) => {
    const created = await models().Chart.create({
      slice_name: input.slice_name,
      viz_type: input.viz_type || DEFAULT_VIZ_TYPE,
      datasource_id: input.datasource_id,
      datasource_type: input.datasource_type,
      params: input.params ?? null,
      query_context: input.query_context ?? null,
      description: input.description ?? null,
      cache_timeout: input.cache_timeout ?? null,
      certified_by: input.certified_by || null,
      certification_details: input.certification_details || null,
      is_managed_externally: input.is_managed_externally ?? false,
      external_url: input.external_url || null,
      created_by_fk: user.id,
      changed_by_fk: user.id,
    }, { transaction });
    await replaceLinks('chart_owners', created.id, 'user_id', ownersOf(user, input.owners, true), transaction);
    await replaceLinks('dashboard_charts', created.id, 'dashboard_id', input.dashboards ?? [], transaction);
    return created;
  });
  return { id: chart.id, result: definedOnly(input) };
}

/** Superset's is_query_context_update: exactly these two fields, the flag true. */
function isQueryContextUpdate(input: ChartUpdateInput): boolean {
  const keys = Object.keys(definedOnly(input)).sort();
  return keys.length === 2 && keys[0] === 'query_context' && keys[1] === 'query_context_generation' && input.query_context_generation === true;
}

/** The chart's dashboards after the change: those given, plus the ones it sits on that the user cannot see (not theirs to drop). */
async function nextDashboards(user: CurrentUser, chart: Chart, given: number[], errors: FieldErrors): Promise<number[]> {
  const { Dashboard: Dashboards, Chart: Charts } = models();
  const linked = await Dashboards.findAll({ attributes: ['id'], include: [{ model: Charts, as: 'charts', attributes: [], where: { id: chart.id }, required: true }] });
  const current = linked.map((d) => d.id);
  const visible = new Set((await findVisibleDashboards(user, current)).map((d) => d.id));
  const wanted = new Set(given);
  const added = [...wanted].filter((id) => !current.includes(id));
  const removed = current.filter((id) => visible.has(id) && !wanted.has(id));
  await checkDashboards(user, [...added, ...removed], errors);
  return [...new Set([...given, ...current.filter((id) => !visible.has(id))])];
}

/** PUT /api/v1/chart/{id}: changes what the payload names; `owners` and `dashboards` replace the sets. */
export async function updateChart(user: CurrentUser, id: number, input: ChartUpdateInput): Promise<SavedChart> {
  requirePermission(user, 'can_write', VIEW);
  const chart = await findVisibleChart(user, id);
  const contextOnly = isQueryContextUpdate(input);
  if (!contextOnly) requireChartOwner(user, chart);
  const errors: FieldErrors = {};
  if (input.datasource_id != null && !input.datasource_type) {
    addFieldError(errors, 'datasource_type', 'Datasource type is required when datasource_id is given');
  } else if (input.datasource_id != null && input.datasource_type) {
    await datasetFor(user, input.datasource_type, input.datasource_id, errors);
  }
  const dashboards = input.dashboards === undefined ? undefined : await nextDashboards(user, chart, input.dashboards, errors);
  await checkOwners(input.owners, errors);
  refuseTags(input, errors);
  if (Object.keys(errors).length) throw new UnprocessableError(errors);
  await store().sequelize.transaction(async (transaction) => {
    chart.set(definedOnly({
      slice_name: input.slice_name,
      viz_type: input.viz_type,
      description: input.description,
      params: input.params,
      query_context: input.query_context,
      cache_timeout: input.cache_timeout,
      // Empty text clears a certification, as the properties modal sends it.
      certified_by: input.certified_by === undefined ? undefined : input.certified_by || null,
      certification_details: input.certification_details === undefined ? undefined : input.certification_details || null,
      is_managed_externally: input.is_managed_externally ?? undefined,
      external_url: input.external_url === undefined ? undefined : input.external_url || null,
      // A datasource_type without an id changes nothing: Superset needs the id to move a chart.
      ...(input.datasource_id != null && { datasource_id: input.datasource_id, datasource_type: input.datasource_type ?? undefined }),
    }));
    // A generated query context is not an edit: the chart keeps its last editor, as Superset keeps last_saved_by.
    if (input.query_context_generation !== true) {
      chart.set({ changed_by_fk: user.id });
      // Saved even when only owners or dashboards change: changed_on is the list's "last modified".
      chart.changed('changed_by_fk', true);
    }
    await chart.save({ transaction });
    if (input.owners !== undefined) await replaceLinks('chart_owners', id, 'user_id', ownersOf(user, input.owners, false), transaction);
    if (dashboards !== undefined) await replaceLinks('dashboard_charts', id, 'dashboard_id', dashboards, transaction);
  });
  return { id, result: definedOnly(input) };
}

/** The charts and their favourites; owners and dashboard links go by their foreign keys' ON DELETE CASCADE. */
async function removeCharts(ids: number[]): Promise<void> {
  const { Chart: Charts, Favorite } = models();
  await store().sequelize.transaction(async (transaction) => {
    await Favorite.destroy({ where: { class_name: 'slice', obj_id: { [Op.in]: ids } }, transaction });
    await Charts.destroy({ where: { id: { [Op.in]: ids } }, transaction });
  });
}

/** DELETE /api/v1/chart/{id}. */
export async function deleteChart(user: CurrentUser, id: number): Promise<{ message: string }> {
  requirePermission(user, 'can_write', VIEW);
  const chart = await findVisibleChart(user, id);
  requireChartOwner(user, chart);
  await removeCharts([id]);
  return { message: 'OK' };
}

/** DELETE /api/v1/chart/?q=!(ids): all or nothing, as Superset: any id missing or out of reach is a 404, any not owned a 403. */
export async function bulkDeleteCharts(user: CurrentUser, ids: number[]): Promise<{ message: string }> {
  requirePermission(user, 'can_write', VIEW);
  const unique = [...new Set(ids)];
  const charts = await findVisibleCharts(user, unique);
  if (charts.length !== unique.length) throw new NotFoundError();
  for (const chart of charts) requireChartOwner(user, chart);
  await removeCharts(unique);
  return { message: unique.length === 1 ? 'Deleted 1 chart' : `Deleted ${unique.length} charts` };
}
