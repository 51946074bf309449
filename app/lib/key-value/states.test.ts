import { describe, expect, it } from 'vitest';
import { isValueKey, permalinkPaths } from './keys';
import { DashboardFilterStateSchema, DashboardPermalinkStateSchema, ExploreFormDataStateSchema, ExplorePermalinkStateSchema } from './states';

describe('value keys', () => {
  it('are 22 base64url characters, nothing else', () => {
    expect(isValueKey('AbC_-0123456789abcdefg')).toBe(true);
    for (const bad of ['', 'short', 'AbC_-0123456789abcdefgh', 'AbC_-0123456789abcde/g', '1', null, undefined]) expect(isValueKey(bad)).toBe(false);
  });

  it('open where Superset opens them', () => {
    expect(permalinkPaths.sqllab('k')).toBe('/sqllab/p/k');
    expect(permalinkPaths.explore('k')).toBe('/superset/explore/p/k/');
    expect(permalinkPaths.dashboard('k')).toBe('/superset/dashboard/p/k/');
  });
});

describe('state schemas', () => {
  it('take Explore form data as JSON object text', () => {
    expect(ExploreFormDataStateSchema.parse({ datasource_id: 1, datasource_type: 'table', form_data: '{"viz_type":"table"}' })).toMatchObject({ datasource_id: 1 });
    const bad = ExploreFormDataStateSchema.safeParse({ datasource_id: 1, datasource_type: 'cube', form_data: '[1]' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['datasource_type', 'Must be one of: table, query, saved_query, view.'],
      ['form_data', 'Not a valid JSON object.'],
    ]);
  });

  it('take permalinks and filter state as the clients send them', () => {
    expect(ExplorePermalinkStateSchema.parse({ formData: { viz_type: 'table' }, urlParams: [['a', '1']] })).toEqual({ formData: { viz_type: 'table' }, urlParams: [['a', '1']] });
    expect(DashboardPermalinkStateSchema.safeParse({ dashboardId: 1, activeTabs: 'TAB-1' }).success).toBe(false);
    expect(DashboardFilterStateSchema.safeParse({ dashboardId: 1 }).error?.issues[0]).toMatchObject({ path: ['value'], message: 'Missing data for required field.' });
  });
});
