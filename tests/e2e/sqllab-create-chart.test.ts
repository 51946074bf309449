/**
 * SQL Lab's "Create chart" in Chromium: a query's results open in Explore as a `query` datasource,
 * a raw table of the query's columns, drawn from its SQL; the dataset menu then offers the query's
 * own actions (Query preview, Save as dataset).
 */
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { waitForPanels } from '../helpers/explore-page';
import { typeSql } from '../helpers/sqllab-page';

const session = useE2eSession();

describe("SQL Lab's Create chart", () => {
  it("opens the query's results in Explore as a query datasource", async () => {
    const page = await session.openPage();
    await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.getByRole('tab', { name: /Untitled Query \d+/ }).first().waitFor();
    await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
    await typeSql(page, "SELECT gender, SUM(num) AS total FROM birth_names WHERE state = 'CA' GROUP BY gender");
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('grid').waitFor();
    await page.getByRole('button', { name: 'Create chart' }).click();
    await page.waitForURL(/\/explore\/\?form_data_key=/);
    await waitForPanels(page);
    const figure = page.getByRole('figure').first();
    await expect.poll(() => figure.innerText()).toMatch(/boy[\s\S]*girl|girl[\s\S]*boy/);
    expect(await figure.innerText()).toMatch(/total/);
    await page.getByRole('button', { name: 'Dataset actions' }).click();
    await page.getByRole('menuitem', { name: 'Query preview' }).waitFor();
    await page.getByRole('menuitem', { name: 'Save as dataset' }).waitFor();
  }, 60_000);
});
