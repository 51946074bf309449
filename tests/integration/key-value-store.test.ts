/**
 * The one key-value store (app/server/key-value) on both metadata stores: keys of the one format,
 * namespaces kept apart, values checked going in and coming out, expiry, and the owner alone
 * changing or deleting a value. Called through the app's own modules, as its endpoints call it.
 */
import { expect, it } from 'vitest';
import type { Namespace } from '../../app/server/key-value/store.server';
import type { AppUnderTest } from '../helpers/app-under-test';
import { describeOnPostgresStore, describeOnSqliteStore } from '../helpers/store-suites';

type Store = typeof import('../../app/server/key-value/store.server');
type Namespaces = typeof import('../../app/server/key-value/namespaces.server');

const DAY = 24 * 60 * 60 * 1000;

function defineCases(app: () => AppUnderTest) {
  const load = async () => ({
    store: await app().load<Store>('/app/server/key-value/store.server.ts'),
    ns: await app().load<Namespaces>('/app/server/key-value/namespaces.server.ts'),
  });
  let users: { alice: { id: number }; bob: { id: number } } | undefined;
  const people = async () => {
    users ??= { alice: await app().createUser({ username: 'kv-alice' }), bob: await app().createUser({ username: 'kv-bob' }) };
    return users;
  };

  it('stores under a random 22-character key and reads the value back, for whoever holds the key', async () => {
    const { store, ns } = await load();
    const { alice } = await people();
    const state = { dbId: 1, name: 'n', sql: 'SELECT 1', templateParams: '{"a": 1}' };
    const key = await store.storeValue(ns.SQLLAB_PERMALINKS, alice, state);
    const other = await store.storeValue(ns.SQLLAB_PERMALINKS, alice, state);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(other).not.toBe(key);
    expect(await store.readValue(ns.SQLLAB_PERMALINKS, key)).toEqual({ key, value: state, ownerId: alice.id, expiresOn: null });
    const row = await app().models().KeyValue.findOne({ where: { uuid: key } });
    expect(row).toMatchObject({ resource: 'sqllab_permalink', created_by_fk: alice.id, expires_on: null });
  });

  it('answers 404 for a key of another namespace, of the wrong shape, unknown, or whose value no longer parses', async () => {
    const { store, ns } = await load();
    const { alice } = await people();
    const key = await store.storeValue(ns.SQLLAB_SHARES, alice, { dbId: 2, sql: 'SELECT 2' });
    expect((await store.readValue(ns.SQLLAB_SHARES, key)).value).toEqual({ dbId: 2, sql: 'SELECT 2' });
    const misses: [Namespace, string | undefined][] = [
      [ns.SQLLAB_PERMALINKS, key], [ns.EXPLORE_PERMALINKS, key], [ns.SQLLAB_SHARES, 'short'], [ns.SQLLAB_SHARES, 'A'.repeat(22)], [ns.SQLLAB_SHARES, undefined],
    ];
    for (const [namespace, k] of misses) {
      await expect(store.readValue(namespace, k)).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
    }
    await app().models().KeyValue.update({ value: '{"sql": 5}' }, { where: { uuid: key } });
    await expect(store.readValue(ns.SQLLAB_SHARES, key)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a value larger than the namespace takes', async () => {
    const { store, ns } = await load();
    const { alice } = await people();
    const huge = { dbId: 1, sql: 'x'.repeat(ns.SQLLAB_SHARES.maxChars) };
    await expect(store.storeValue(ns.SQLLAB_SHARES, alice, huge)).rejects.toMatchObject({ name: 'InvalidInputError', status: 400 });
  });

  it('expires transient state: form data after 7 days, filter state after 90; permalinks never', async () => {
    const { store, ns } = await load();
    const { alice } = await people();
    const now = new Date('2030-01-01T00:00:00Z');
    const formData = { datasource_id: 3, datasource_type: 'table' as const, chart_id: null, form_data: '{"viz_type": "table"}' };
    const key = await store.storeValue(ns.EXPLORE_FORM_DATA, alice, formData, now);
    const read = await store.readValue(ns.EXPLORE_FORM_DATA, key, { now: new Date(now.getTime() + 7 * DAY - 1) });
    expect(read.value).toEqual(formData);
    expect(read.expiresOn?.getTime()).toBe(now.getTime() + 7 * DAY);
    await expect(store.readValue(ns.EXPLORE_FORM_DATA, key, { now: new Date(now.getTime() + 7 * DAY) })).rejects.toMatchObject({ status: 404 });

    const filters = await store.storeValue(ns.DASHBOARD_FILTER_STATE, alice, { dashboardId: 4, value: '{}' }, now);
    expect((await store.readValue(ns.DASHBOARD_FILTER_STATE, filters, { now: new Date(now.getTime() + 89 * DAY), scope: 4 })).expiresOn?.getTime()).toBe(now.getTime() + 90 * DAY);
    const link = await store.storeValue(ns.DASHBOARD_PERMALINKS, alice, { dashboardId: 4, activeTabs: ['TAB-1'], anchor: null }, now);
    expect((await store.readValue(ns.DASHBOARD_PERMALINKS, link, { now: new Date(now.getTime() + 3650 * DAY) })).expiresOn).toBeNull();

    // Housekeeping removes the expired rows only.
    const removed = await store.deleteExpiredValues(new Date(now.getTime() + 8 * DAY));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await app().models().KeyValue.findOne({ where: { uuid: key } })).toBeNull();
    expect(await app().models().KeyValue.findOne({ where: { uuid: filters } })).not.toBeNull();
  });

  it("keeps one dashboard's filter state from another's", async () => {
    const { store, ns } = await load();
    const { alice } = await people();
    const key = await store.storeValue(ns.DASHBOARD_FILTER_STATE, alice, { dashboardId: 7, value: '{"NATIVE_FILTER-1": {}}' });
    expect((await store.readValue(ns.DASHBOARD_FILTER_STATE, key, { scope: 7 })).value.dashboardId).toBe(7);
    await expect(store.readValue(ns.DASHBOARD_FILTER_STATE, key, { scope: 8 })).rejects.toMatchObject({ status: 404 });
  });

  it('lets only the owner change or delete a value; a change starts its life again', async () => {
    const { store, ns } = await load();
    const { alice, bob } = await people();
    const start = new Date('2031-01-01T00:00:00Z');
    const key = await store.storeValue(ns.DASHBOARD_FILTER_STATE, alice, { dashboardId: 5, value: '{}' }, start);
    await expect(store.updateValue(ns.DASHBOARD_FILTER_STATE, key, bob, { dashboardId: 5, value: '{"x": {}}' }, { scope: 5, now: start })).rejects.toMatchObject({ name: 'ForbiddenError', status: 403 });
    await expect(store.deleteValue(ns.DASHBOARD_FILTER_STATE, key, bob, { scope: 5, now: start })).rejects.toMatchObject({ status: 403 });
    const later = new Date(start.getTime() + 60 * DAY);
    await store.updateValue(ns.DASHBOARD_FILTER_STATE, key, alice, { dashboardId: 5, value: '{"x": {}}' }, { scope: 5, now: later });
    const read = await store.readValue(ns.DASHBOARD_FILTER_STATE, key, { now: new Date(start.getTime() + 100 * DAY) });
    expect(read).toMatchObject({ value: { dashboardId: 5, value: '{"x": {}}' }, ownerId: alice.id });
    expect(read.expiresOn?.getTime()).toBe(later.getTime() + 90 * DAY);
    await store.deleteValue(ns.DASHBOARD_FILTER_STATE, key, alice, { now: later });
    await expect(store.readValue(ns.DASHBOARD_FILTER_STATE, key, { now: later })).rejects.toMatchObject({ status: 404 });
  });

  it('declares every namespace once, each in a resource key_value can hold', async () => {
    const { ns } = await load();
    const resources = ns.NAMESPACES.map((n) => n.resource);
    expect(new Set(resources).size).toBe(resources.length);
    expect(resources).toEqual(['sqllab_permalink', 'kv_share', 'explore_form_data', 'explore_permalink', 'dashboard_permalink', 'dashboard_filter_state']);
    for (const r of resources) expect(r.length).toBeLessThanOrEqual(32);
  });
}

describeOnSqliteStore('key-value store', defineCases);
await describeOnPostgresStore('key-value store', defineCases);
