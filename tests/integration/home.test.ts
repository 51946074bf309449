/**
 * Home's favourites: every favourite chart and dashboard the user may see, the most recently
 * changed first, however many other charts changed since (not only those on a list's first page);
 * a favourite on a dataset the user can no longer read is not shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';

describe('home', () => {
  let app: AppUnderTest;
  let token: string;
  let favourite: number;
  let hidden: number;

  beforeAll(async () => {
    app = await startApp();
    const m = app.models();
    const db = await m.Database.create({ database_name: 'home_db', sqlalchemy_uri: 'sqlite:////tmp/home-none.sqlite' });
    const dataset = (await m.Dataset.create({ database_id: db.id, schema: 'main', table_name: 'orders' })).id;
    const old = new Date('2020-01-01T00:00:00Z');
    favourite = (await m.Chart.create({ slice_name: 'Long ago favourite', viz_type: 'pie', datasource_type: 'table', datasource_id: dataset })).id;
    await m.Chart.update({ changed_on: old }, { where: { id: favourite }, silent: true });
    // Thirty charts changed after it: a first page of the chart list does not reach it.
    for (let i = 0; i < 30; i++) await m.Chart.create({ slice_name: `Newer ${i}`, viz_type: 'table', datasource_type: 'table', datasource_id: dataset });
    const hiddenDb = await m.Database.create({ database_name: 'home_hidden', sqlalchemy_uri: 'sqlite:////tmp/home-none.sqlite' });
    const hiddenDataset = (await m.Dataset.create({ database_id: hiddenDb.id, schema: 'main', table_name: 'secrets' })).id;
    hidden = (await m.Chart.create({ slice_name: 'Hidden favourite', viz_type: 'pie', datasource_type: 'table', datasource_id: hiddenDataset })).id;
    token = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  it('lists a favourite chart however many charts changed after it', async () => {
    const star = await app.fetch(`/api/v1/chart/${favourite}/favorites/`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(star.status, await star.text()).toBe(200);
    const home = await app.fetch('/', { headers: { Authorization: `Bearer ${token}` } });
    const html = await home.text();
    expect(home.status).toBe(200);
    expect(html).toContain('Long ago favourite');
    expect(html).toContain(`/explore/?slice_id=${favourite}`);
    expect(html).not.toContain('Newer 0');
  });

  it('leaves out a favourite the user may no longer see', async () => {
    const user = await app.createUser({ username: 'home-gamma', roles: ['Gamma'] });
    const gamma = (await app.login(user.username, user.password)).accessToken;
    // Starred before access was lost (written directly: the API refuses a chart the user cannot see).
    const m = app.models();
    const row = await m.User.findOne({ where: { username: 'home-gamma' } });
    await m.Favorite.create({ user_id: row!.id, class_name: 'slice', obj_id: hidden });
    const html = await (await app.fetch('/', { headers: { Authorization: `Bearer ${gamma}` } })).text();
    expect(html).not.toContain('Hidden favourite');
  });
});
