/**
 * Every chart type of the registry opens in Explore, in Chromium, from a Superset example chart's
 * form data (tests/fixtures/superset-query-contexts, on the example dataset of the same table) and
 * draws without an error: an SVG or the type's HTML view, never the failed state, and the hydrated
 * panels load for it. Smooth and step lines have no Superset example: they take the line chart's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { registeredVizTypes } from '../../app/viz/registry';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { datasetIdOf, exploreUrlFor, waitForPanels } from '../helpers/explore-page';

const session = useE2eSession();
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/superset-query-contexts');
type Fixture = { chart: { viz_type: string; slice_name: string; table_name: string }; query_context: { form_data: Record<string, unknown> } };

const fixtures: Fixture[] = fs
  .readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.json') && !f.startsWith('_'))
  .sort()
  .map((f) => JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8')) as Fixture);
const BORROWED: Record<string, string> = { echarts_timeseries_smooth: 'echarts_timeseries_line', echarts_timeseries_step: 'echarts_timeseries_line' };

function exampleOf(vizType: string): Fixture {
  const source = BORROWED[vizType] ?? vizType;
  const fixture = fixtures.find((f) => f.chart.viz_type === source);
  if (!fixture) throw new Error(`no Superset example chart of type ${source}`);
  return { ...fixture, query_context: { form_data: { ...fixture.query_context.form_data, viz_type: vizType } } };
}

describe('every chart type renders from its Superset example chart', () => {
  // filter_box has no Superset example chart (a legacy type, not a published plugin): the dashboard
  // filter tests cover it.
  it.each(registeredVizTypes().filter((t) => t !== 'filter_box'))('%s', async (vizType) => {
    const example = exampleOf(vizType);
    const page = await session.openPage();
    await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
    const id = await datasetIdOf(page, session.server.baseUrl, example.chart.table_name);
    await page.goto(await exploreUrlFor(page, session.server.baseUrl, id, example.query_context.form_data));
    const figure = page.getByRole('figure').first();
    await figure.waitFor();
    expect(await figure.getByRole('alert').count(), `${example.chart.slice_name}: ${await figure.innerText()}`).toBe(0);
    // Something drawn: an SVG, a table, or the big number's header line.
    expect(await figure.locator('svg, table, .header-line').count()).toBeGreaterThan(0);
    await waitForPanels(page);
  }, 60_000);
});
