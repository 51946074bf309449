/**
 * Query contexts made by Superset's own frontend code: for each example chart of Superset's bundles
 * (../shared/reference/superset-examples/configs/charts), its saved form data goes through the
 * `buildQuery` of the viz type's published plugin (`@superset-ui/plugin-chart-*` on npm), exactly
 * what Explore and dashboards POST to /api/v1/chart/data.
 *
 * Loading the plugins in Node: their `lib/` folders are ES modules with extensionless imports, and
 * the packages' indexes pull in React components, antd and an unpublished `antd-v5` alias, none of
 * which `buildQuery` needs. So the plugins run in a child Node process (`node -e`, so vitest's own
 * module loader, which would inline the packages and resolve around any hook, stays out of it, and
 * no shim leaks into the test's process) with a module resolver hook acting only on imports made
 * from inside node_modules/@superset-ui:
 *  - `@superset-ui/core` and `@superset-ui/chart-controls` resolve to the query-building subset
 *    of the published packages (core's `query/` and `utils/`, chart-controls' `operators/`);
 *  - extensionless and directory imports get `.js` / `/index.js`, as the bundlers the packages
 *    were built for do;
 *  - CommonJS dependencies (lodash, xss, …) imported by name get an ES facade listing their exports.
 * The modules run unchanged; the one global they need is `window.console` (core's logger).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import YAML from 'yaml';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SUPERSET_EXAMPLES_DIR = path.resolve(ROOT, '../shared/reference/superset-examples');
const SUPERSET_UI = path.join(ROOT, 'node_modules/@superset-ui');

type Json = Record<string, unknown>;

/** A query object as the frontend sends it (only the fields this harness reads are typed). */
export interface QueryObject extends Json {
  columns?: unknown[];
  metrics?: unknown[] | null;
  is_timeseries?: boolean;
  post_processing?: ({ operation: string; options?: Json } | null)[];
}

/** What `buildQuery(formData)` returns and the frontend posts as the request body. */
export interface QueryContext extends Json {
  datasource: { id: number; type: string };
  queries: QueryObject[];
  form_data: Json;
  result_format: string;
  result_type: string;
}

export interface ExampleChart {
  slice_name: string;
  viz_type: string;
  uuid: string;
  dataset_uuid: string;
  /** The dataset's table_name in Superset's bundle. */
  table_name: string;
  /** Relative to configs/charts, e.g. `Featured Charts/Area.yaml`. */
  file: string;
  params: Json;
}

export interface GeneratedQueryContext {
  chart: ExampleChart;
  /** Which published module built it, e.g. `@superset-ui/plugin-chart-echarts@0.20.3 lib/Pie/buildQuery.js`. */
  builtBy: string;
  queryContext: QueryContext;
  /** Per query: the columns the answer must have. */
  expectedColumns: ExpectedColumns[];
}

export interface SkippedChart {
  chart: ExampleChart;
  reason: string;
}

interface PluginModule {
  pkg: string;
  module: string;
}

const ECHARTS = '@superset-ui/plugin-chart-echarts';
const echarts = (module: string): PluginModule => ({ pkg: ECHARTS, module: `lib/${module}/buildQuery.js` });

/** Superset's viz type keys (its MainPreset) and the published module holding their buildQuery. */
export const BUILD_QUERY_MODULES: Readonly<Record<string, PluginModule>> = {
  echarts_timeseries: echarts('Timeseries'),
  echarts_timeseries_bar: echarts('Timeseries'),
  echarts_timeseries_line: echarts('Timeseries'),
  echarts_timeseries_smooth: echarts('Timeseries'),
  echarts_timeseries_scatter: echarts('Timeseries'),
  echarts_timeseries_step: echarts('Timeseries'),
  echarts_area: echarts('Timeseries'),
  mixed_timeseries: echarts('MixedTimeseries'),
  big_number: echarts('BigNumber/BigNumberWithTrendline'),
  big_number_total: echarts('BigNumber/BigNumberTotal'),
  pop_kpi: echarts('BigNumber/BigNumberPeriodOverPeriod'),
  box_plot: echarts('BoxPlot'),
  bubble_v2: echarts('Bubble'),
  funnel: echarts('Funnel'),
  gauge_chart: echarts('Gauge'),
  graph_chart: echarts('Graph'),
  heatmap_v2: echarts('Heatmap'),
  histogram_v2: echarts('Histogram'),
  pie: echarts('Pie'),
  radar: echarts('Radar'),
  sankey_v2: echarts('Sankey'),
  sunburst_v2: echarts('Sunburst'),
  tree_chart: echarts('Tree'),
  treemap_v2: echarts('Treemap'),
  waterfall: echarts('Waterfall'),
  table: { pkg: '@superset-ui/plugin-chart-table', module: 'lib/buildQuery.js' },
  pivot_table_v2: { pkg: '@superset-ui/plugin-chart-pivot-table', module: 'lib/plugin/buildQuery.js' },
  word_cloud: { pkg: '@superset-ui/plugin-chart-word-cloud', module: 'lib/plugin/buildQuery.js' },
};

const LEGACY =
  'legacy plugin (useLegacyApi: true in the published package): the frontend posts its form data to ' +
  '/superset/explore_json/, it has no buildQuery and sends no query context';

/** Viz types of the examples without a published buildQuery, and why. */
export const WITHOUT_BUILD_QUERY: Readonly<Record<string, string>> = {
  gantt_chart:
    'no published buildQuery: the Gantt chart was added to Superset after @superset-ui/plugin-chart-echarts 0.20.3, the last version on npm',
  world_map: `${LEGACY} (@superset-ui/legacy-plugin-chart-world-map)`,
  horizon: `${LEGACY} (@superset-ui/legacy-plugin-chart-horizon)`,
  chord: `${LEGACY} (@superset-ui/legacy-plugin-chart-chord)`,
};

// Runs in Node's loader thread; `data.root` is node_modules/@superset-ui as a file URL ending in '/'.
const RESOLVE_HOOKS = `
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

let root;
let subsets;
let require;
const dataUrl = (source) => 'data:text/javascript,' + encodeURIComponent(source);

export function initialize(data) {
  root = data.root;
  require = createRequire(root);
  const q = (file) => JSON.stringify(root + 'core/lib/query/' + file);
  subsets = {
    '@superset-ui/core': dataUrl([
      'export * from ' + q('constants.js') + ';',
      'export { default as buildQueryContext } from ' + q('buildQueryContext.js') + ';',
      'export { default as buildQueryObject } from ' + q('buildQueryObject.js') + ';',
      'export { default as getColumnLabel } from ' + q('getColumnLabel.js') + ';',
      'export { default as getMetricLabel } from ' + q('getMetricLabel.js') + ';',
      'export { default as normalizeOrderBy } from ' + q('normalizeOrderBy.js') + ';',
      'export { normalizeTimeColumn } from ' + q('normalizeTimeColumn.js') + ';',
      'export * from ' + q('getXAxis.js') + ';',
      'export * from ' + q('types/index.js') + ';',
      'export * from ' + JSON.stringify(root + 'core/lib/utils/index.js') + ';',
    ].join('\\n')),
    '@superset-ui/chart-controls': root + 'chart-controls/lib/operators/index.js',
  };
}

function isCommonJs(file) {
  if (file.endsWith('.cjs')) return true;
  if (!file.endsWith('.js')) return false;
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) return JSON.parse(fs.readFileSync(manifest, 'utf8')).type !== 'module';
  }
  return true;
}

export async function resolve(specifier, context, next) {
  if (!context.parentURL || !context.parentURL.startsWith(root)) return next(specifier, context);
  if (subsets[specifier]) return { url: subsets[specifier], shortCircuit: true };
  let resolved;
  try {
    resolved = await next(specifier, context);
  } catch (error) {
    if (error.code !== 'ERR_MODULE_NOT_FOUND' && error.code !== 'ERR_UNSUPPORTED_DIR_IMPORT') throw error;
    for (const candidate of [specifier + '.js', specifier + '/index.js']) {
      try {
        resolved = await next(candidate, context);
        break;
      } catch {}
    }
    if (!resolved) throw error;
  }
  const bare = !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.includes(':');
  if (bare && resolved.url.startsWith('file:') && resolved.format !== 'module' && isCommonJs(fileURLToPath(resolved.url))) {
    const names = Object.keys(require(fileURLToPath(resolved.url))).filter((k) => /^[A-Za-z_$][\\w$]*$/.test(k) && k !== 'default');
    const facade = 'import m from ' + JSON.stringify(resolved.url) + '; export default m; export const { ' + names.join(', ') + ' } = m;';
    return { url: dataUrl(facade), shortCircuit: true };
  }
  return resolved;
}
`;

// Runs in the child: reads {hooks, root, out, requests: [{module, formData}]} on stdin, writes one entry
// per request to `out`: the query context and its columns' and metrics' labels (by the published
// core's getColumnLabel / getMetricLabel, the names the frontend looks up in an answer), or the error.
const CHILD = `
import fs from 'node:fs';
import { register } from 'node:module';
let text = '';
for await (const chunk of process.stdin) text += chunk;
const input = JSON.parse(text);
register('data:text/javascript,' + encodeURIComponent(input.hooks), { data: { root: input.root } });
globalThis.window = { console };
const { default: getColumnLabel } = await import(input.root + 'core/lib/query/getColumnLabel.js');
const { default: getMetricLabel } = await import(input.root + 'core/lib/query/getMetricLabel.js');
const answers = [];
for (const request of input.requests) {
  try {
    const { default: buildQuery } = await import(input.root + request.module);
    // Explore passes the chart's own state (empty on a chart's first render).
    const queryContext = buildQuery(request.formData, { ownState: {} });
    const labels = queryContext.queries.map((q) => ({
      columns: (q.columns ?? []).map((c) => getColumnLabel(c)),
      metrics: (q.metrics ?? []).map((m) => getMetricLabel(m)),
    }));
    answers.push({ queryContext, labels });
  } catch (error) {
    answers.push({ error: String(error && error.stack ? error.stack : error) });
  }
}
fs.writeFileSync(input.out, JSON.stringify(answers));
`;

interface QueryLabels {
  columns: string[];
  metrics: string[];
}
type ChildAnswer = { queryContext: QueryContext; labels: QueryLabels[] } | { error: string };

/** Runs buildQuery (module relative to node_modules/@superset-ui) on each form data in one child process. */
async function runBuildQueries(requests: { module: string; formData: Json }[]): Promise<ChildAnswer[]> {
  for (const module of new Set(requests.map((r) => r.module))) {
    if (!fs.existsSync(path.join(SUPERSET_UI, module))) {
      throw new Error(`node_modules/@superset-ui/${module} is missing: install the @superset-ui devDependencies (npm install)`);
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-build-query-'));
  const out = path.join(dir, 'answers.json');
  try {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], { stdio: ['pipe', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    // Node reports modules by their real path: the hooks must compare against it (node_modules may be a symlink).
    child.stdin.end(JSON.stringify({ hooks: RESOLVE_HOOKS, root: `${pathToFileURL(fs.realpathSync(SUPERSET_UI)).href}/`, out, requests }));
    const code = await exited;
    if (code !== 0 || !fs.existsSync(out)) throw new Error(`the buildQuery process exited with ${code}: ${stderr.slice(-2000)}`);
    return JSON.parse(fs.readFileSync(out, 'utf8')) as ChildAnswer[];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function packageVersion(pkg: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

function readYaml(file: string): Json {
  return YAML.parse(fs.readFileSync(file, 'utf8')) as Json;
}

/** Every example chart of Superset's bundles, in file order, with its dataset's table name. */
export function readExampleCharts(examplesDir = SUPERSET_EXAMPLES_DIR): ExampleChart[] {
  const configs = path.join(examplesDir, 'configs');
  if (!fs.existsSync(configs)) throw new Error(`Superset's example bundles are not at ${configs}`);
  const tables = new Map<string, string>();
  const datasetsDir = path.join(configs, 'datasets');
  for (const database of fs.readdirSync(datasetsDir).sort()) {
    for (const file of fs.readdirSync(path.join(datasetsDir, database)).sort()) {
      const dataset = readYaml(path.join(datasetsDir, database, file));
      tables.set(String(dataset.uuid), String(dataset.table_name));
    }
  }
  const chartsDir = path.join(configs, 'charts');
  const charts: ExampleChart[] = [];
  for (const folder of fs.readdirSync(chartsDir).sort()) {
    for (const file of fs.readdirSync(path.join(chartsDir, folder)).sort()) {
      const chart = readYaml(path.join(chartsDir, folder, file));
      const datasetUuid = String(chart.dataset_uuid);
      const table = tables.get(datasetUuid);
      if (!table) throw new Error(`${folder}/${file}: no dataset with uuid ${datasetUuid} in the bundles`);
      charts.push({
        slice_name: String(chart.slice_name),
        viz_type: String(chart.viz_type),
        uuid: String(chart.uuid),
        dataset_uuid: datasetUuid,
        table_name: table,
        file: `${folder}/${file}`,
        params: chart.params as Json,
      });
    }
  }
  return charts;
}

/**
 * The columns a query's answer must have, following its post-processing: `names` must all be in
 * `colnames`; when `seriesPrefixes` is given (a pivot with series, whose value columns are named
 * "<metric>, <series values>" by Superset's flatten), every other column must start with one of
 * them and ", ". The series values themselves depend on the data.
 */
export interface ExpectedColumns {
  names: string[];
  seriesPrefixes: string[] | null;
}

function expectedColumnsOf(query: QueryObject, labels: QueryLabels): ExpectedColumns {
  let names = [...(query.is_timeseries ? ['__timestamp'] : []), ...labels.columns, ...labels.metrics];
  let seriesPrefixes: string[] | null = null;
  for (const step of query.post_processing ?? []) {
    if (!step) continue;
    const options = step.options ?? {};
    switch (step.operation) {
      case 'pivot': {
        // Superset's pivot keeps the metric as the top column level and the x-axis as the index;
        // with nothing pivoted into columns the value columns are just the metric labels.
        const index = (options.index as string[] | undefined) ?? [];
        const metrics = Object.keys((options.aggregates as Json | undefined) ?? {});
        const pivoted = (options.columns as string[] | undefined) ?? [];
        names = pivoted.length > 0 ? [...index] : [...index, ...metrics];
        seriesPrefixes = pivoted.length > 0 ? metrics : null;
        break;
      }
      case 'rename': {
        // Level 0 holds the metric (or a flat name); `null` drops it from the series' names.
        const mapping = (options.columns as Record<string, string | null> | undefined) ?? {};
        const relabel = (n: string) => (n in mapping ? mapping[n] : n);
        if (seriesPrefixes && (options.level ?? 0) === 0) {
          seriesPrefixes = seriesPrefixes.some((p) => relabel(p) === null) ? null : seriesPrefixes.map((p) => relabel(p)!);
        } else if (!seriesPrefixes) {
          names = names.flatMap((n) => (relabel(n) === null ? [] : [relabel(n)!]));
        }
        break;
      }
      case 'contribution':
        names = [...names, ...((options.rename_columns as string[] | undefined) ?? []).filter((n) => !names.includes(n))];
        break;
      case 'histogram':
        // Bins are named by their edges, which depend on the data: only the groupby prefix is known.
        names = [...((options.groupby as string[] | undefined) ?? [])];
        seriesPrefixes = null;
        break;
      case 'boxplot': {
        const metrics = (options.metrics as string[] | undefined) ?? [];
        const stats = ['mean', 'median', 'max', 'min', 'q1', 'q3', 'count', 'outliers'];
        names = [...((options.groupby as string[] | undefined) ?? []), ...stats.flatMap((s) => metrics.map((m) => `${m}__${s}`))];
        seriesPrefixes = null;
        break;
      }
      case 'rank':
        names = [...names, 'rank'];
        break;
      default:
        // sort, resample, rolling, cum, diff, flatten, prophet keep the names they get.
        break;
    }
  }
  return { names: [...new Set(names)], seriesPrefixes };
}

/** Whether a chart's viz type has a published buildQuery, and if not, why. */
export function skipReasonOf(chart: ExampleChart): string | null {
  if (BUILD_QUERY_MODULES[chart.viz_type]) return null;
  return WITHOUT_BUILD_QUERY[chart.viz_type] ?? `no published plugin is mapped to viz type ${chart.viz_type}`;
}

export interface Generation {
  generated: GeneratedQueryContext[];
  skipped: SkippedChart[];
  /** Charts whose buildQuery threw. */
  failed: { chart: ExampleChart; builtBy: string; error: string }[];
}

/**
 * Runs each example chart's saved form data, with `datasource` set to our dataset
 * (`datasetIdFor`), through the published buildQuery of its viz type; charts whose viz type has
 * none come back as skipped, with the reason.
 */
export async function generateQueryContexts(options: {
  datasetIdFor(chart: ExampleChart): number | Promise<number>;
  charts?: ExampleChart[];
}): Promise<Generation> {
  const result: Generation = { generated: [], skipped: [], failed: [] };
  const toBuild: { chart: ExampleChart; plugin: PluginModule; formData: Json }[] = [];
  for (const chart of options.charts ?? readExampleCharts()) {
    const plugin = BUILD_QUERY_MODULES[chart.viz_type];
    if (!plugin) {
      result.skipped.push({ chart, reason: skipReasonOf(chart)! });
      continue;
    }
    const formData: Json = { ...chart.params, datasource: `${await options.datasetIdFor(chart)}__table`, viz_type: chart.viz_type };
    toBuild.push({ chart, plugin, formData });
  }
  const answers = await runBuildQueries(toBuild.map(({ plugin, formData }) => ({ module: `${plugin.pkg.replace('@superset-ui/', '')}/${plugin.module}`, formData })));
  toBuild.forEach(({ chart, plugin }, i) => {
    const answer = answers[i]!;
    const builtBy = `${plugin.pkg}@${packageVersion(plugin.pkg)} ${plugin.module}`;
    if ('error' in answer) result.failed.push({ chart, builtBy, error: answer.error });
    else {
      const expectedColumns = answer.queryContext.queries.map((q, k) => expectedColumnsOf(q, answer.labels[k]!));
      result.generated.push({ chart, builtBy, queryContext: answer.queryContext, expectedColumns });
    }
  });
  return result;
}

/** A file name for a chart's fixture: its folder and file, lower-case, without the extension. */
export function fixtureNameOf(chart: ExampleChart): string {
  return chart.file
    .replace(/\.yaml$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** How many query contexts each viz type gave, the skipped charts with their reason, and buildQuery failures, as text lines. */
export function summarize(result: Generation): string[] {
  const counts = new Map<string, number>();
  for (const g of result.generated) counts.set(g.chart.viz_type, (counts.get(g.chart.viz_type) ?? 0) + 1);
  return [
    `${result.generated.length} query contexts from published buildQuery, ${result.skipped.length} charts skipped, ${result.failed.length} failed`,
    ...[...counts].sort(([a], [b]) => a.localeCompare(b)).map(([viz, n]) => `  ${viz}: ${n}`),
    ...result.skipped.map((s) => `  skipped "${s.chart.slice_name}" (${s.chart.viz_type}, ${s.chart.file}): ${s.reason}`),
    ...result.failed.map((f) => `  buildQuery failed for "${f.chart.slice_name}" (${f.chart.viz_type}, ${f.chart.file}): ${f.error.split('\n')[0]}`),
  ];
}

/** A query context (a fixture's, made with a placeholder id) pointed at dataset `id`, as the frontend would send it. */
export function withDatasetId(queryContext: QueryContext, id: number): QueryContext {
  return { ...queryContext, datasource: { ...queryContext.datasource, id }, form_data: { ...queryContext.form_data, datasource: `${id}__table` } };
}
