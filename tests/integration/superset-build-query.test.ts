/**
 * Superset's own frontend against our chart data API: every example chart of Superset's bundles
 * whose viz type has a published plugin gets its query context from that plugin's real
 * `buildQuery` (tests/helpers/superset-query-contexts.ts), is POSTed to /api/v1/chart/data as the
 * frontend does, and must answer 200 with, for each query, the columns the plugin reads:
 *  - without post-processing: the query's column labels (`__timestamp` for a legacy time series)
 *    and metric labels, named by the published core's getColumnLabel/getMetricLabel;
 *  - after a pivot: its index (the x-axis), and the metric labels when nothing is pivoted into
 *    columns, else value columns named "<metric>, <series values>" as Superset's pivot and flatten
 *    name them (the metric left out when a rename drops it); renames, contribution's
 *    `rename_columns` and rank's `rank` applied in order;
 *  - histogram: its groupby prefix (the bins depend on the data); boxplot: groupby and
 *    `<metric>__<statistic>`.
 * Charts whose viz type has no published buildQuery (legacy explore_json charts, charts newer than
 * the last published plugins) are listed with the reason, and must be exactly the known ones.
 *
 * The app runs with a fresh metadata store and the examples warehouse (every table) in SQLite,
 * registered as the `examples` database with the example datasets under Superset's uuids.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { loadExamples } from '../../app/server/examples/load.server';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';
import { apiClient } from '../helpers/database-api';
import {
  generateQueryContexts,
  readExampleCharts,
  skipReasonOf,
  summarize,
  WITHOUT_BUILD_QUERY,
  type ExampleChart,
  type Generation,
} from '../helpers/superset-query-contexts';

type ExamplesModule = typeof import('../../app/server/examples/datasets.server');

interface ChartDataResult {
  colnames?: string[];
  status?: string;
  error?: string | null;
  rowcount?: number;
}

const charts = readExampleCharts();
const withBuildQuery = charts.filter((c) => skipReasonOf(c) === null);
const skipped = charts.flatMap((chart) => {
  const reason = skipReasonOf(chart);
  return reason ? [{ chart, reason }] : [];
});

let app: AppUnderTest;
let token = '';
const admin = () => apiClient(app, () => token);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-build-query-'));
const examplesUrl = `sqlite:///${path.join(tmp, 'examples.sqlite')}`;
const datasetIds = new Map<string, number>();
/** Why a dataset's id could not be found, by uuid: its charts fail with this. */
const unresolved = new Map<string, string>();
let generation: Generation;

beforeAll(async () => {
  await loadExamples({ url: examplesUrl });
  app = await startApp();
  token = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
  const created = await admin().post<{ id: number }>('/api/v1/database/', { database_name: 'examples', sqlalchemy_uri: examplesUrl, expose_in_sqllab: true });
  if (created.status !== 201) throw new Error(`creating the examples database failed: ${created.status} ${JSON.stringify(created.body)}`);
  const database = await app.models().Database.findByPk(created.body.id);
  const examples = await app.load<ExamplesModule>('/app/server/examples/datasets.server.ts');
  await examples.registerExampleDatasets(database!, () => {});
  // Every chart's query context comes from the real buildQuery, with our dataset's id.
  generation = await generateQueryContexts({ charts, datasetIdFor: datasetIdOf });
  console.info(summarize(generation).join('\n'));
}, 180_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * Our id of the dataset Superset's bundle calls `chart.dataset_uuid`, found through the dataset
 * list API; 0 (recorded in `unresolved`) when there is none.
 */
async function datasetIdOf(chart: ExampleChart): Promise<number> {
  const known = datasetIds.get(chart.dataset_uuid);
  if (known !== undefined) return known;
  const q = encodeRisonUri({ filters: [{ col: 'uuid', opr: 'eq', value: chart.dataset_uuid }], columns: ['id', 'uuid'] });
  const answer = await admin().get<{ result?: { id: number }[] }>(`/api/v1/dataset/?q=${q}`);
  const id = answer.body.result?.[0]?.id ?? 0;
  if (answer.status !== 200 || id === 0) {
    unresolved.set(chart.dataset_uuid, `GET /api/v1/dataset/ by uuid answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  datasetIds.set(chart.dataset_uuid, id);
  return id;
}

function errorMessageOf(body: unknown): string {
  if (typeof body === 'string') return body.slice(0, 500);
  const b = body as { message?: unknown; errors?: { message?: string }[] };
  if (Array.isArray(b.errors) && b.errors.length) return b.errors.map((e) => e.message).join('; ');
  if (b.message !== undefined) return typeof b.message === 'string' ? b.message : JSON.stringify(b.message);
  return JSON.stringify(body).slice(0, 500);
}

describe('charts without a published buildQuery', () => {
  it('are only the legacy explore_json charts and the viz types newer than the published plugins', () => {
    // beforeAll printed them with their reason, so a run's output says what this test cannot cover.
    expect(generation.skipped.map((s) => s.chart.file)).toEqual(skipped.map((s) => s.chart.file));
    expect(skipped.length + withBuildQuery.length).toBe(charts.length);
    expect([...new Set(skipped.map((s) => s.chart.viz_type))].sort()).toEqual(Object.keys(WITHOUT_BUILD_QUERY).sort());
  });
});

describe('every example chart with a published buildQuery answers 200 with the columns its plugin expects', () => {
  it.each(withBuildQuery.map((chart) => [`${chart.file} "${chart.slice_name}" (${chart.viz_type})`, chart] as const))('%s', async (_title, chart) => {
    const about = `chart "${chart.slice_name}" (${chart.viz_type}, ${chart.file})`;
    const notFound = unresolved.get(chart.dataset_uuid);
    if (notFound) throw new Error(`${about}: no dataset ${chart.dataset_uuid} ("${chart.table_name}"): ${notFound}`);
    const failed = generation.failed.find((f) => f.chart === chart);
    if (failed) throw new Error(`${about}: ${failed.builtBy} threw: ${failed.error}`);
    const { queryContext, expectedColumns } = generation.generated.find((g) => g.chart === chart)!;
    const answer = await admin().post<{ result?: ChartDataResult[] }>('/api/v1/chart/data', queryContext);
    if (answer.status !== 200) throw new Error(`${about}: status ${answer.status}: ${errorMessageOf(answer.body)}`);
    const results = answer.body.result ?? [];
    expect(results.length, `${about}: one result per query`).toBe(queryContext.queries.length);
    const problems = results.flatMap((result, i) => {
      if (result.status === 'failed' || result.error) return [`query ${i}: status ${result.status}: ${result.error}`];
      const colnames = result.colnames ?? [];
      const { names, seriesPrefixes } = expectedColumns[i]!;
      const got = `colnames ${JSON.stringify(colnames)} (${result.rowcount} rows)`;
      const missing = names.filter((name) => !colnames.includes(name));
      const unprefixed = seriesPrefixes
        ? colnames.filter((name) => !names.includes(name) && !seriesPrefixes.some((p) => name.startsWith(`${p}, `)))
        : [];
      return [
        ...(missing.length ? [`query ${i}: missing ${JSON.stringify(missing)} in ${got}`] : []),
        ...(unprefixed.length ? [`query ${i}: series columns ${JSON.stringify(unprefixed)} are not named "<metric>, <series>" for metrics ${JSON.stringify(seriesPrefixes)}; ${got}`] : []),
      ];
    });
    expect(problems, `${about}:\n${problems.join('\n')}`).toEqual([]);
  });
});
