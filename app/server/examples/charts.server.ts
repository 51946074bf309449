/**
 * Registers the example charts (chart-definitions/) on the example datasets of a database, as
 * Superset's examples loader does. It trusts the definitions and adds only what is missing: a
 * chart whose uuid is in the metadata store is left as its owners edited it, wherever it is. A
 * chart's dataset is found on the given database by the example dataset's uuid, else by its table
 * name (a database registered by hand, or a second examples database whose datasets could not
 * take the uuids); a chart whose dataset is not there is not made. Each new chart gets its form
 * data with the dataset's id and the query context its chart type builds from it, so the chart
 * data API, CSV export and reports can run it before anyone opens it in Explore.
 */
import { Op, type Transaction } from 'sequelize';
import { loadViz } from '~/viz/registry';
import type { Database, Dataset } from '../../../db/index';
import { models, store } from '../db.server';
import { EXAMPLE_CHARTS, type ExampleChart } from './chart-definitions/index.server';

type Log = (message: string) => void;

/** A chart of the examples as it is in the store: the id a layout names and the name it shows. */
export type SavedExampleChart = { id: number; slice_name: string };

/**
 * The example datasets on `database` by their definition's uuid: the dataset with that uuid on
 * this database, else the one of that table name (no schema first, then any schema in name order).
 */
export async function exampleDatasetsOn(database: Database, wanted: readonly { uuid: string; table_name: string }[]): Promise<Map<string, Dataset>> {
  const { Dataset: Datasets } = models();
  const uuids = [...new Set(wanted.map((d) => d.uuid))];
  const names = [...new Set(wanted.map((d) => d.table_name))];
  const candidates = await Datasets.findAll({
    where: { database_id: database.id, [Op.or]: [{ uuid: { [Op.in]: uuids } }, { table_name: { [Op.in]: names } }] },
    order: [['id', 'ASC']],
  });
  const rank = (d: Dataset) => (d.schema === null ? '' : `~${d.schema}`);
  const found = new Map<string, Dataset>();
  for (const def of wanted) {
    const byUuid = candidates.find((d) => d.uuid === def.uuid);
    const byName = candidates.filter((d) => d.table_name === def.table_name && !d.sql).sort((a, b) => rank(a).localeCompare(rank(b)))[0];
    const dataset = byUuid ?? byName;
    if (dataset) found.set(def.uuid, dataset);
  }
  return found;
}

/** The chart's form data on this dataset (Superset's `params`) and the query context its type builds from it. */
export async function exampleChartFields(def: ExampleChart, datasetId: number): Promise<{ params: string; query_context: string | null }> {
  const formData = { datasource: `${datasetId}__table`, ...def.params, viz_type: def.viz_type };
  const plugin = await loadViz(def.viz_type);
  const queryContext = plugin ? plugin.buildQuery(formData) : null;
  return { params: JSON.stringify(formData), query_context: queryContext ? JSON.stringify(queryContext) : null };
}

async function create(def: ExampleChart, dataset: Dataset, ownerId: number | null, transaction: Transaction): Promise<SavedExampleChart> {
  const chart = await models().Chart.create({
    uuid: def.uuid,
    slice_name: def.slice_name,
    viz_type: def.viz_type,
    datasource_id: dataset.id,
    datasource_type: 'table',
    description: def.description ?? null,
    ...(await exampleChartFields(def, dataset.id)),
  }, { transaction });
  if (ownerId !== null) await store().sequelize.getQueryInterface().bulkInsert('chart_owners', [{ chart_id: chart.id, user_id: ownerId }], { transaction });
  return { id: chart.id, slice_name: chart.slice_name };
}

/**
 * Adds the example charts the store lacks on `database`'s example datasets, owned by `ownerId`
 * when given. Answers how many it added and every example chart now in the store by its uuid
 * (those it found and those it made), for the dashboards to place.
 */
export async function registerExampleCharts(
  database: Database,
  ownerId: number | null,
  log: Log,
  definitions: readonly ExampleChart[] = EXAMPLE_CHARTS,
): Promise<{ added: number; charts: Map<string, SavedExampleChart> }> {
  const { Chart } = models();
  const charts = new Map<string, SavedExampleChart>();
  const existing = await Chart.findAll({ attributes: ['id', 'uuid', 'slice_name'], where: { uuid: { [Op.in]: definitions.map((d) => d.uuid) } } });
  for (const c of existing) charts.set(c.uuid, { id: c.id, slice_name: c.slice_name });
  const missing = definitions.filter((d) => !charts.has(d.uuid));
  if (missing.length === 0) return { added: 0, charts };

  const datasets = await exampleDatasetsOn(database, missing.map((d) => d.dataset));
  const absent = [...new Set(missing.filter((d) => !datasets.has(d.dataset.uuid)).map((d) => d.dataset.table_name))];
  if (absent.length) log(`the examples database "${database.database_name}" has no dataset ${absent.map((n) => `"${n}"`).join(', ')}; their example charts are not made`);
  const makeable = missing.filter((d) => datasets.has(d.dataset.uuid));
  await store().sequelize.transaction(async (transaction) => {
    for (const def of makeable) charts.set(def.uuid, await create(def, datasets.get(def.dataset.uuid)!, ownerId, transaction));
  });
  return { added: makeable.length, charts };
}
