import { describe, expect, it } from 'vitest';
import { chart, row, tab, tabs, tabsLayout } from './layout/fixtures/build-layout';
import { filterBoxFiltersForCharts, filterBoxSelection, type FilterBox, type FilterBoxContext, type FilterBoxTarget } from './filter-box-filters';

// ROOT > TABS-top > TAB-a (box 1, charts 2, 3), TAB-b (charts 4, 5)
const layout = tabsLayout(
  tabs('top',
    tab('a', row('1', chart('1', 1), chart('2', 2), chart('3', 3))),
    tab('b', row('2', chart('4', 4), chart('5', 5)))),
);

const box: FilterBox = {
  id: 1,
  datasetId: 7,
  columns: [
    { column: 'region', label: 'Region', multiple: true, defaults: [] },
    { column: 'year', label: 'Year', multiple: false, defaults: [] },
  ],
  dateFilter: true,
  timeGrain: false,
  timeColumn: false,
};

const charts: FilterBoxTarget[] = [
  { id: 1, vizType: 'filter_box', datasetId: 7 },
  { id: 2, vizType: 'table', datasetId: 7 },
  { id: 3, vizType: 'pie', datasetId: 8, columns: ['region', 'other'] },
  { id: 4, vizType: 'table', datasetId: 9, columns: ['other'] },
  { id: 5, vizType: 'big_number_total', datasetId: 7 },
];

const context = (fields: [string, string][], metadata: FilterBoxContext['metadata'] = {}, extra: Partial<FilterBoxContext> = {}): FilterBoxContext => ({
  fields, boxes: [box], charts, layout, metadata, ...extra,
});

describe('filterBoxFiltersForCharts', () => {
  it('turns the chosen values of a column into one IN filter on every chart that has the column, not on the box itself', () => {
    const result = filterBoxFiltersForCharts(context([['filter_box.1.region', 'Europe'], ['filter_box.1.region', 'Asia'], ['other', 'x']]));
    expect(Object.keys(result).map(Number).sort()).toEqual([2, 3, 5]);
    expect(result[2].extraFormData).toEqual({ filters: [{ col: 'region', op: 'IN', val: ['Europe', 'Asia'] }] });
    expect(result[3].extraFormData.filters).toEqual([{ col: 'region', op: 'IN', val: ['Europe', 'Asia'] }]);
    expect(result[2].applied).toEqual([{ id: 'filter_box.1.region', boxId: 1, column: 'region', name: 'Region' }]);
    expect(result[1]).toBeUndefined();
    // Chart 4's dataset has no region column.
    expect(result[4]).toBeUndefined();
  });

  it('sends the time range of the date filter, but not "No filter"', () => {
    const result = filterBoxFiltersForCharts(context([['filter_box.1.__time_range', 'Last year']]));
    expect(result[4].extraFormData).toEqual({ time_range: 'Last year' });
    expect(result[4].applied[0]).toMatchObject({ name: 'Time Range' });
    expect(filterBoxFiltersForCharts(context([['filter_box.1.__time_range', 'No filter']]))).toEqual({});
    // Without date_filter the field is ignored.
    expect(filterBoxFiltersForCharts(context([['filter_box.1.__time_range', 'Last year']], {}, { boxes: [{ ...box, dateFilter: false }] }))).toEqual({});
  });

  it('ignores fields of columns the box does not configure, and of other boxes', () => {
    expect(filterBoxFiltersForCharts(context([['filter_box.1.other', 'x'], ['filter_box.2.region', 'Asia'], ['filter_box.1.', 'y']]))).toEqual({});
  });

  it('keeps one value of a single filter, and types values through castValue', () => {
    const castValue = (_b: FilterBox, column: string, text: string) => (column === 'year' ? Number(text) : text);
    const result = filterBoxFiltersForCharts(context([['filter_box.1.year', '2001'], ['filter_box.1.year', '2002']], {}, { castValue }));
    expect(result[2].extraFormData.filters).toEqual([{ col: 'year', op: 'IN', val: [2001] }]);
  });

  it('follows filter_scopes per column: scope components and immune charts', () => {
    const metadata = { filter_scopes: { 1: { region: { scope: ['TAB-a'], immune: [3] }, __time_range: { scope: ['TAB-b'], immune: [] } } } };
    const result = filterBoxFiltersForCharts(context([['filter_box.1.region', 'Asia'], ['filter_box.1.__time_range', 'Last week']], metadata));
    expect(result[2].extraFormData).toEqual({ filters: [{ col: 'region', op: 'IN', val: ['Asia'] }] });
    expect(result[3]).toBeUndefined();
    expect(result[4].extraFormData).toEqual({ time_range: 'Last week' });
    expect(result[5].extraFormData).toEqual({ time_range: 'Last week' });
  });

  it('starts from default_filters (JSON text) and the filters’ defaults when the URL has nothing of the box', () => {
    const withDefaults = { ...box, columns: [{ ...box.columns[0], defaults: ['Africa'] }, { ...box.columns[1], defaults: ['2000'] }] };
    const metadata = { default_filters: JSON.stringify({ 1: { region: ['Europe'] } }) };
    const result = filterBoxFiltersForCharts(context([], metadata, { boxes: [withDefaults] }));
    expect(result[2].extraFormData.filters).toEqual([
      { col: 'region', op: 'IN', val: ['Europe'] },
      { col: 'year', op: 'IN', val: ['2000'] },
    ]);
    // The box's marker alone (everything cleared) overrides the defaults.
    expect(filterBoxFiltersForCharts(context([['filter_box.1', '1']], metadata, { boxes: [withDefaults] }))).toEqual({});
  });

  it('survives malformed metadata', () => {
    const metadata = { default_filters: '{not json', filter_scopes: { 1: { region: { scope: 'ROOT_ID', immune: 'x' } } } };
    const result = filterBoxFiltersForCharts(context([['filter_box.1.region', 'Asia']], metadata));
    expect(Object.keys(result).map(Number).sort()).toEqual([2, 3, 5]);
  });
});

describe('filterBoxSelection', () => {
  it('drops empty and duplicate values and caps each column', () => {
    const fields: [string, string][] = [['filter_box.1.region', ''], ['filter_box.1.region', 'A'], ['filter_box.1.region', 'A'], ...Array.from({ length: 1500 }, (_, i): [string, string] => ['filter_box.1.region', `v${i}`])];
    const selection = filterBoxSelection(box, fields, {});
    expect(selection.region[0]).toBe('A');
    expect(selection.region).toHaveLength(1000);
  });
});
