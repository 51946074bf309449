/**
 * The datasets pages in real Chromium, on the examples warehouse the e2e setup registers: with
 * JavaScript, the admin creates a dataset (database, schema and table reload by themselves),
 * edits it in tabs (a label, a metric added), confirms the save in the 'Confirm save' dialog,
 * meets a client-side and a server-side error ('Error saving dataset'), filters the list and
 * deletes the dataset from its confirmation dialog. Without JavaScript the same create, save
 * (second submit to confirm) and delete (a confirmation section) as plain forms. axe finds no
 * serious or critical violations on the list and the editor.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, describeViolations, loginAs, type NewPageOptions } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';

const session = useE2eSession();

async function open(opts: NewPageOptions = {}): Promise<Page> {
  const page = await session.openPage(opts);
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  return page;
}

const url = (p: string) => `${session.server.baseUrl}${p}`;
const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * The first table of the examples' `main` schema that may get a dataset there. The examples
 * register theirs without a schema, so a table may be marked "(has a dataset)" and still be
 * offered; the pages below tell ours apart by the `main` schema.
 */
async function freeTable(page: Page): Promise<string> {
  const options = page.getByLabel('Table', { exact: true }).locator('option:not([disabled])');
  const names = (await options.evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).filter(Boolean);
  expect(names.length, 'a table without a dataset in main').toBeGreaterThan(0);
  return names[0];
}

/** The list narrowed to our dataset: its name in the `main` schema. */
const ours = (table: string) => url(`/tablemodelview/list/?schema=main&search=${encodeURIComponent(table)}`);

/** Creates a dataset through the add page with JavaScript; returns its table's name and the dataset's id. */
async function createWithJs(page: Page): Promise<{ table: string; id: number }> {
  await page.goto(url('/tablemodelview/list/'));
  await page.getByRole('link', { name: '+ Dataset' }).click();
  await page.waitForURL((u) => u.pathname === '/dataset/add/');
  await page.getByRole('button', { name: 'Show schemas' }).waitFor({ state: 'detached' });
  await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
  await page.getByLabel('Schema', { exact: true }).selectOption('main');
  await page.getByLabel('Table', { exact: true }).waitFor();
  const table = await freeTable(page);
  await page.getByLabel('Table', { exact: true }).selectOption(table);
  await page.getByRole('button', { name: 'Create dataset', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/tablemodelview/list/');
  await page.getByText(`Dataset ${table} was created.`).waitFor();
  await page.goto(ours(table));
  const href = await page.getByRole('link', { name: `Edit ${table}`, exact: true }).getAttribute('href');
  return { table, id: Number(/\/dataset\/(\d+)\/edit/.exec(href ?? '')?.[1]) };
}

async function waitForTabs(page: Page) {
  await page.getByRole('tab', { name: 'Columns', exact: true }).waitFor();
}

describe('with JavaScript', () => {
  it('creates a dataset, edits it in tabs, confirms the save, and deletes it from the list', async () => {
    const page = await open();
    const { table, id } = await createWithJs(page);

    await page.getByRole('link', { name: `Edit ${table}`, exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/dataset/${id}/edit`);
    await waitForTabs(page);
    await page.getByRole('tab', { name: 'Columns', exact: true }).click();
    const label = page.getByRole('textbox', { name: /^Label of / }).first();
    const column = ((await label.getAttribute('aria-label')) ?? '').replace('Label of ', '');
    await label.fill('A better label');
    await page.getByRole('tab', { name: 'Metrics', exact: true }).click();
    await page.getByRole('button', { name: '+ Add metric' }).click();
    const metric = page.getByRole('group', { name: 'New metric' });
    await metric.getByLabel('Metric name').fill('row_total');
    await metric.getByLabel('SQL expression').fill('COUNT(*) * 2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm save' });
    await confirm.getByText('Are you sure you want to save and apply changes?').waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await page.getByText('The dataset has been saved').waitFor();
    await waitForTabs(page);
    await page.getByRole('tab', { name: 'Columns', exact: true }).click();
    expect(await page.getByRole('textbox', { name: `Label of ${column}` }).inputValue()).toBe('A better label');
    await page.getByRole('tab', { name: 'Metrics', exact: true }).click();
    await page.getByRole('group', { name: 'row_total' }).waitFor();

    // The browser catches a calculated column without its expression, on its own tab.
    await page.getByRole('tab', { name: 'Calculated columns', exact: true }).click();
    await page.getByRole('button', { name: '+ Add calculated column' }).click();
    await page.getByRole('group', { name: 'New calculated column' }).getByLabel('Column name').fill('half');
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('A calculated column needs its SQL expression.').waitFor();
    expect(await page.getByRole('tab', { name: 'Calculated columns', exact: true }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('group', { name: 'New calculated column' }).getByRole('button', { name: /^Remove/ }).click();

    // The server refuses a datetime format it cannot read: 'Error saving dataset' with its message.
    await page.getByRole('tab', { name: 'Columns', exact: true }).click();
    await page.getByRole('textbox', { name: `Datetime format of ${column}` }).fill('bogus');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirm save' }).getByRole('button', { name: 'OK' }).click();
    const failed = page.getByRole('dialog', { name: 'Error saving dataset' });
    // The dialog's root has no box of its own (its panel is fixed): wait for what it shows.
    const message = failed.getByRole('alert');
    await message.waitFor();
    expect(await message.innerText()).toMatch(/format/i);
    await failed.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByRole('textbox', { name: `Datetime format of ${column}` }).inputValue()).toBe('bogus');

    // The list: filters in the URL, then the delete dialog naming what uses the dataset.
    await page.goto(url('/tablemodelview/list/'));
    await page.getByLabel('Type', { exact: true }).selectOption('physical');
    await page.getByLabel('Schema', { exact: true }).selectOption('main');
    await page.getByLabel('Search datasets by name').fill(table);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === 'physical' && u.searchParams.get('schema') === 'main' && u.searchParams.get('search') === table);
    await page.getByRole('link', { name: `Delete ${table}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await dialog.getByText(`No charts or dashboards use the dataset ${table}.`).waitFor();
    await dialog.getByRole('button', { name: `Delete ${table}` }).click();
    await page.getByText(`Deleted: ${table}`).waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe(table);
    expect(await page.getByRole('link', { name: `Edit ${table}`, exact: true }).count()).toBe(0);
  });
});

describe('without JavaScript', () => {
  it('creates a dataset in steps, saves after the confirming second submit, and deletes after a confirmation', async () => {
    const page = await open({ javaScriptEnabled: false });
    await page.goto(url('/dataset/add/'));
    await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
    await page.getByRole('button', { name: 'Show schemas' }).click();
    await page.getByLabel('Schema', { exact: true }).selectOption('main');
    await page.getByRole('button', { name: 'Show tables' }).click();
    const table = await freeTable(page);
    await page.getByLabel('Table', { exact: true }).selectOption(table);
    await page.getByRole('button', { name: 'Create dataset', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/tablemodelview/list/');
    await page.getByText(`Dataset ${table} was created.`).waitFor();

    await page.goto(ours(table));
    await page.getByRole('link', { name: `Edit ${table}`, exact: true }).click();
    for (const title of ['Source', 'Columns', 'Calculated columns', 'Metrics', 'Settings']) await page.getByRole('heading', { name: title, level: 2, exact: true }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    const editPath = pathOf(page);
    await page.locator('textarea[name="description"]').fill('Made without JavaScript');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: 'Confirm save' }).waitFor();
    expect(await page.locator('textarea[name="description"]').inputValue()).toBe('Made without JavaScript');
    await page.getByRole('button', { name: 'Yes, save' }).click();
    await page.getByText('The dataset has been saved').waitFor();
    expect(pathOf(page)).toBe(editPath);
    expect(await page.locator('textarea[name="description"]').inputValue()).toBe('Made without JavaScript');

    await page.goto(ours(table));
    await page.getByRole('link', { name: `Delete ${table}`, exact: true }).click();
    await page.getByRole('heading', { name: `Delete the dataset ${table}?` }).waitFor();
    await page.getByRole('button', { name: `Delete ${table}` }).click();
    await page.getByText(`Deleted: ${table}`).waitFor();
  });
});

describe('accessibility (axe: no serious or critical violations)', () => {
  it('the list and the editor in tabs', async () => {
    const page = await open();
    const { id } = await createWithJs(page);
    let violations = await checkA11y(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.goto(url(`/dataset/${id}/edit`));
    await waitForTabs(page);
    violations = await checkA11y(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('the editor as the server renders it (sections stacked)', async () => {
    const page = await open();
    await page.goto(url('/tablemodelview/list/'));
    const href = await page.getByRole('link', { name: /^Edit / }).first().getAttribute('href');
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(url(href ?? '/'));
    await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
    const violations = await checkA11y(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
