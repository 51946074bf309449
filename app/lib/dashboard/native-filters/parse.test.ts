import { describe, expect, it } from 'vitest';
import { parseFilterConfiguration, toStoredConfiguration } from './parse';

const supersetFilter = {
  id: 'NATIVE_FILTER-abc',
  type: 'NATIVE_FILTER',
  name: 'Region',
  filterType: 'filter_select',
  targets: [{ datasetId: 3, column: { name: 'region' } }],
  controlValues: { multiSelect: true, enableEmptyFilter: false, defaultToFirstItem: false, inverseSelection: false, searchAllOptions: false },
  defaultDataMask: { extraFormData: {}, filterState: { value: ['Europe'] }, ownState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [7] },
  chartsInScope: [1, 2],
  tabsInScope: [],
  description: 'Where',
  requiredFirst: false,
  sortMetric: null,
  // A key of a later Superset version.
  uiConfig: { placement: 'top' },
};

describe('parseFilterConfiguration', () => {
  it('reads Superset filters and dividers, keeping unknown keys for the round trip', () => {
    const stored = [supersetFilter, { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'Geography', description: 'Places' }];
    const parsed = parseFilterConfiguration(stored);
    expect(parsed.problems).toEqual([]);
    expect(parsed.items.map((item) => item.type)).toEqual(['NATIVE_FILTER', 'DIVIDER']);
    expect(parsed.filters[0]).toMatchObject({ name: 'Region', targets: [{ datasetId: 3, column: { name: 'region' } }], scope: { rootPath: ['ROOT_ID'], excluded: [7] } });
    expect(toStoredConfiguration(parsed.items)).toEqual(stored);
  });

  it('reports broken items and leaves them out instead of throwing', () => {
    const parsed = parseFilterConfiguration([
      'text',
      { name: 'no id', filterType: 'filter_select' },
      { id: 'A', filterType: 'filter_select' },
      { id: 'A', filterType: 'filter_range' },
      { id: 'B', type: 'CHART', filterType: 'filter_select' },
      { id: 'C', type: 'NATIVE_FILTER' },
    ]);
    expect(parsed.filters.map((filter) => filter.id)).toEqual(['A']);
    expect(parsed.problems.filter((p) => p.dropped).map((p) => [p.index, p.message])).toEqual([
      [0, 'is not an object'],
      [1, 'has no id'],
      [3, "repeats the id 'A'"],
      [4, "has an unknown type 'CHART'"],
      [5, 'has no filter type'],
    ]);
  });

  it('resets broken fields to defaults and reports them', () => {
    const parsed = parseFilterConfiguration([
      { id: 'A', name: 'A', filterType: 'filter_select', targets: 'region', scope: 'all', cascadeParentIds: ['A', 'GONE', 4], controlValues: null, time_range: 5 },
    ]);
    const [filter] = parsed.filters;
    expect(filter).toMatchObject({ targets: [], scope: { rootPath: ['ROOT_ID'], excluded: [] }, cascadeParentIds: [], controlValues: {} });
    expect(filter.time_range).toBeUndefined();
    expect(parsed.problems.map((p) => p.message)).toEqual(expect.arrayContaining([
      'targets is not a list: none used',
      'scope is not an object: the whole dashboard is used',
      'is its own parent: left out',
      'a parent id is not a string: left out',
      "parent 'GONE' is not a filter: left out",
      'time_range is not a string: left out',
    ]));
  });

  it('keeps a filter of an unknown plugin type, with a warning', () => {
    const parsed = parseFilterConfiguration([{ id: 'G', name: 'G', filterType: 'filter_groupby' }]);
    expect(parsed.filters).toHaveLength(1);
    expect(parsed.problems).toEqual([{ index: 0, id: 'G', message: "unknown filter type 'filter_groupby': kept, not evaluated", dropped: false }]);
  });

  it('takes numeric strings for dataset and chart ids, and reads a filter without a type as a filter', () => {
    const parsed = parseFilterConfiguration([{ id: 'A', name: 'A', filterType: 'filter_range', targets: [{ datasetId: '4', column: { name: 'age' } }], scope: { rootPath: ['TAB-1'], excluded: ['9'] } }]);
    expect(parsed.filters[0].targets[0].datasetId).toBe(4);
    expect(parsed.filters[0].scope).toEqual({ rootPath: ['TAB-1'], excluded: [9] });
  });

  it('reports a configuration that is not a list, and reads none as empty', () => {
    expect(parseFilterConfiguration({}).problems[0].message).toBe('native_filter_configuration is not a list');
    expect(parseFilterConfiguration(undefined)).toEqual({ items: [], filters: [], problems: [] });
  });
});
