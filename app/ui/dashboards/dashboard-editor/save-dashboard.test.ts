import { describe, expect, it } from 'vitest';
import { emptyLayout, layoutToJson, parseLayout, type DashboardLayout } from '~/lib/dashboard/layout';
import { chart, gridLayout, row } from '~/lib/dashboard/layout/fixtures/build-layout';
import type { DashboardProperties } from './contract';
import {
  copyPayload, dashboardPathAfterSave, deleteFailureMessage, epochSeconds, MetadataError, messagesOf, overwriteItems, propertiesChanged, readFailure, saveFailureMessage,
  savePayload, savedElsewhere, withStoredNativeFilters, type StoredDashboard,
} from './save-dashboard';

const props = (over: Partial<DashboardProperties> = {}): DashboardProperties => ({
  dashboard_title: 'Sales',
  slug: 'sales',
  owners: [{ id: 2, label: 'Ann Lee' }, { id: 1, label: 'Admin User' }],
  roles: [{ id: 3, label: 'Gamma' }],
  certified_by: '',
  certification_details: '',
  json_metadata: '{\n  "color_scheme": "supersetColors",\n  "refresh_frequency": 0\n}',
  css: '',
  ...over,
});

const layout = (): DashboardLayout => gridLayout(row('a', chart('x', 7, 4, 50)));

function stored(over: Partial<StoredDashboard> = {}): StoredDashboard {
  const p = savePayload(props(), props(), layout());
  return {
    id: 5,
    slug: 'sales',
    dashboard_title: 'Sales',
    css: '',
    json_metadata: p.json_metadata,
    position_json: p.position_json,
    certified_by: null,
    certification_details: null,
    owners: [{ id: 1, first_name: 'Admin', last_name: 'User' }, { id: 2, first_name: 'Ann', last_name: 'Lee' }],
    roles: [{ id: 3, name: 'Gamma' }],
    changed_on: '2026-11-24T10:00:00.750000+00:00',
    changed_by_name: 'Ann Lee',
    ...over,
  };
}

describe('savePayload', () => {
  it('sends the properties, owners as ids, the layout as position_json and no roles when they did not change', () => {
    const p = savePayload(props(), props(), layout());
    expect(p).toMatchObject({ dashboard_title: 'Sales', slug: 'sales', owners: [1, 2], certified_by: '', css: '' });
    expect(p).not.toHaveProperty('roles');
    expect(JSON.parse(p.position_json)).toMatchObject({ 'CHART-x': { meta: { chartId: 7 } }, DASHBOARD_VERSION_KEY: 'v2', HEADER_ID: { meta: { text: 'Sales' } } });
  });

  it('sends roles only when changed, and the untitled name for an empty title', () => {
    const p = savePayload(props({ dashboard_title: '   ', roles: [] }), props(), layout());
    expect(p.roles).toEqual([]);
    expect(p.dashboard_title).toBe('[ untitled dashboard ]');
    expect(JSON.parse(p.position_json).HEADER_ID.meta.text).toBe('[ untitled dashboard ]');
  });

  it('sends empty metadata as an empty object', () => {
    expect(savePayload(props({ json_metadata: ' ' }), props(), layout()).json_metadata).toBe('{}');
  });
});

describe('the overwrite check', () => {
  it('compares the stored changed_on in whole seconds with the loaded last_modified_time', () => {
    const seconds = epochSeconds('2026-11-24T10:00:00.750000+00:00');
    expect(seconds).toBe(Date.UTC(2026, 10, 24, 10, 0, 0) / 1000);
    expect(savedElsewhere(stored(), seconds)).toBe(false);
    expect(savedElsewhere(stored({ changed_on: '2026-11-24T10:00:01+00:00' }), seconds)).toBe(true);
  });

  it('lists nothing when the stored dashboard holds what this save writes', () => {
    const p = savePayload(props(), props(), layout());
    expect(overwriteItems(stored(), p, layout(), props().owners, props().roles)).toEqual([]);
  });

  it('lists each differing field with the stored and the new value', () => {
    const mine = props({ dashboard_title: 'Sales 2', css: '.a{}', json_metadata: '{"color_scheme":"bnbColors","refresh_frequency":0}' });
    const next = gridLayout(row('a', chart('x', 7, 6, 50)));
    const p = savePayload(mine, props(), next);
    const items = overwriteItems(stored({ owners: [{ id: 1, first_name: 'Admin', last_name: 'User' }] }), p, next, mine.owners, mine.roles);
    expect(items).toEqual([
      { field: 'Title', stored: 'Sales', next: 'Sales 2' },
      { field: 'CSS', stored: '(none)', next: '.a{}' },
      { field: 'JSON metadata: color_scheme', stored: '"supersetColors"', next: '"bnbColors"' },
      { field: 'Layout', stored: 'A different layout', next: 'Your layout' },
      { field: 'Owners', stored: 'Admin User', next: 'Admin User, Ann Lee' },
    ]);
  });

  it('leaves the title in the header component to the Title row', () => {
    const p = savePayload(props({ dashboard_title: 'Other' }), props(), layout());
    expect(overwriteItems(stored(), p, layout(), props().owners, props().roles).map((i) => i.field)).toEqual(['Title']);
  });

  it('ignores key order in the metadata and refreshed chart names in the layout', () => {
    const named = parseLayout(savePayload(props(), props(), layout()).position_json, { chartNames: { 7: 'Renamed' } });
    const p = savePayload(props({ json_metadata: '{"refresh_frequency":0,"color_scheme":"supersetColors"}' }), props(), named);
    expect(overwriteItems(stored(), p, named, props().owners, props().roles)).toEqual([]);
  });

  it('names a stored dashboard without a layout as a layout change', () => {
    const p = savePayload(props(), props(), layout());
    expect(overwriteItems(stored({ position_json: null }), p, layout(), props().owners, props().roles).map((i) => i.field)).toEqual(['Layout']);
    expect(layoutToJson(emptyLayout())).toContain('GRID_ID');
  });
});

describe('save failures', () => {
  it('words a forbidden answer, field errors and unknown failures', () => {
    expect(saveFailureMessage(403, { message: 'Forbidden' })).toBe('You do not have permission to edit this dashboard');
    expect(saveFailureMessage(422, { message: { slug: ['Must be unique'] } })).toBe('Sorry, there was an error saving this dashboard: slug: Must be unique');
    expect(saveFailureMessage(400, { message: { json_metadata: ['JSON not valid'], 'json_metadata.color_scheme': ['Not a valid string.'] } }))
      .toBe('Sorry, there was an error saving this dashboard: json_metadata: JSON not valid; json_metadata.color_scheme: Not a valid string.');
    expect(saveFailureMessage(500, { message: 'Internal' })).toBe('Sorry, an unknown error occurred');
    expect(saveFailureMessage(null, null)).toBe('Sorry, an unknown error occurred');
  });

  it('words a failed delete', () => {
    expect(deleteFailureMessage('Sales', 404, { message: 'Not found' })).toBe('There was an issue deleting Sales: Not found');
    expect(deleteFailureMessage('Sales', 403, { message: 'Forbidden' })).toBe('You do not have permission to edit this dashboard');
    expect(deleteFailureMessage('Sales', null, null)).toBe('There was an issue deleting Sales: Sorry, an unknown error occurred');
  });

  it('flattens nested and listed messages', () => {
    expect(messagesOf({ _schema: ['Bad'], owners: { 0: ['Not a valid integer.'] } })).toEqual(['Bad', 'owners.0: Not a valid integer.']);
  });

  it('reads a thrown Response', async () => {
    const answer = new Response(JSON.stringify({ message: { slug: ['Must be unique'] } }), { status: 422 });
    expect(await readFailure(answer)).toEqual({ status: 422, body: { message: { slug: ['Must be unique'] } } });
    expect(await readFailure(new TypeError('network'))).toEqual({ status: null, body: null });
  });
});

describe('after the save', () => {
  it('goes to the dashboard by its new slug or id, without edit mode, keeping the other parameters', () => {
    expect(dashboardPathAfterSave('/superset/dashboard/sales/', '?edit=true&standalone=1', { id: 5, slug: 'q4' })).toBe('/superset/dashboard/q4/?standalone=1');
    expect(dashboardPathAfterSave('/dashboard/5/', '?edit=true', { id: 5, slug: '' })).toBe('/dashboard/5/');
  });
});

describe('save as', () => {
  it('puts the layout into the metadata positions', () => {
    const body = copyPayload('Copy', true, props({ css: '.x{}' }), layout());
    expect(body).toMatchObject({ dashboard_title: 'Copy', css: '.x{}', duplicate_slices: true });
    const metadata = JSON.parse(body.json_metadata);
    expect(metadata.color_scheme).toBe('supersetColors');
    expect(metadata.positions['CHART-x'].meta.chartId).toBe(7);
    expect(metadata.positions.HEADER_ID.meta.text).toBe('Copy');
  });

  it('refuses metadata that is not a JSON object', () => {
    expect(() => copyPayload('Copy', false, props({ json_metadata: '{' }), layout())).toThrow(MetadataError);
    expect(() => copyPayload('Copy', false, props({ json_metadata: '[1]' }), layout())).toThrow(MetadataError);
  });
});

it('sees properties changes whatever the key order', () => {
  expect(propertiesChanged(props(), { ...props() })).toBe(false);
  expect(propertiesChanged(props(), props({ css: 'a' }))).toBe(true);
});

describe('the filters saved by the configuration modal', () => {
  const stored = JSON.stringify({ color_scheme: 'other', positions: { ROOT_ID: {} }, native_filter_configuration: [{ id: 'NATIVE_FILTER-new' }] });

  it('replace the loaded ones in the metadata the editor saves, every other key staying the editor\'s', () => {
    const editor = JSON.stringify({ color_scheme: 'supersetColors', native_filter_configuration: [{ id: 'NATIVE_FILTER-old' }], refresh_frequency: 10 }, null, 2);
    const merged = withStoredNativeFilters(editor, stored);
    expect(JSON.parse(merged)).toEqual({ color_scheme: 'supersetColors', native_filter_configuration: [{ id: 'NATIVE_FILTER-new' }], refresh_frequency: 10 });
    const payload = savePayload(props({ json_metadata: merged }), props(), emptyLayout());
    expect((JSON.parse(payload.json_metadata) as { native_filter_configuration: unknown }).native_filter_configuration).toEqual([{ id: 'NATIVE_FILTER-new' }]);
  });

  it('are added to metadata that had none, and the same text stays unchanged for the unsaved check', () => {
    const a = props();
    const b = props();
    const next = (p: DashboardProperties) => ({ ...p, json_metadata: withStoredNativeFilters(p.json_metadata, stored) });
    expect(JSON.parse(next(a).json_metadata)).toMatchObject({ native_filter_configuration: [{ id: 'NATIVE_FILTER-new' }] });
    expect(propertiesChanged(next(a), next(b))).toBe(false);
    expect(JSON.parse(withStoredNativeFilters('', stored))).toEqual({ native_filter_configuration: [{ id: 'NATIVE_FILTER-new' }] });
  });

  it('leave metadata text that is not a JSON object as typed', () => {
    expect(withStoredNativeFilters('{nope', stored)).toBe('{nope');
  });
});
