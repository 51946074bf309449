/**
 * tsx scripts/generate-query-contexts.ts [--out DIR]
 * Writes the query contexts Superset's published chart plugins build for its example charts
 * (tests/helpers/superset-query-contexts.ts) as JSON fixtures, one file per chart, plus
 * `_summary.json` (counts per viz type, skipped charts and why). For review and for other tests to
 * reuse; tests/integration/superset-build-query.test.ts runs the real buildQuery itself.
 *
 * The datasource id is a placeholder (0): each fixture names its dataset by `dataset_uuid` and
 * `table_name`; `withDatasetId` (same helper module) puts a real id in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fixtureNameOf, generateQueryContexts, summarize } from '../tests/helpers/superset-query-contexts';
import { parseFlags, runScript } from './cli';

const USAGE = 'tsx scripts/generate-query-contexts.ts [--out DIR]';
const PLACEHOLDER_DATASET_ID = 0;

await runScript('generate-query-contexts', async () => {
  const flags = parseFlags(process.argv.slice(2), ['out'], USAGE);
  if (flags.out === true) throw new Error(`--out needs a value\nusage: ${USAGE}`);
  const out = path.resolve(flags.out ?? 'tests/fixtures/superset-query-contexts');
  const result = await generateQueryContexts({ datasetIdFor: () => PLACEHOLDER_DATASET_ID });

  fs.mkdirSync(out, { recursive: true });
  // A chart renamed or dropped upstream must not leave a stale fixture behind.
  for (const file of fs.readdirSync(out)) if (file.endsWith('.json')) fs.rmSync(path.join(out, file));
  for (const { chart, builtBy, queryContext, expectedColumns } of result.generated) {
    const { params: _params, ...about } = chart;
    const fixture = { chart: about, built_by: builtBy, expected_columns: expectedColumns, query_context: queryContext };
    fs.writeFileSync(path.join(out, `${fixtureNameOf(chart)}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  }
  const counts: Record<string, number> = {};
  for (const g of result.generated) counts[g.chart.viz_type] = (counts[g.chart.viz_type] ?? 0) + 1;
  const summary = {
    generated: result.generated.length,
    per_viz_type: Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b))),
    skipped: result.skipped.map((s) => ({ slice_name: s.chart.slice_name, viz_type: s.chart.viz_type, file: s.chart.file, reason: s.reason })),
    failed: result.failed.map((f) => ({ slice_name: f.chart.slice_name, viz_type: f.chart.viz_type, file: f.chart.file, built_by: f.builtBy, error: f.error })),
  };
  fs.writeFileSync(path.join(out, '_summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  for (const line of summarize(result)) console.log(line);
  console.log(`wrote ${result.generated.length} fixtures and _summary.json to ${path.relative(process.cwd(), out) || '.'}`);
  if (result.failed.length > 0) throw new Error(`buildQuery failed for ${result.failed.length} charts (see above)`);
});
