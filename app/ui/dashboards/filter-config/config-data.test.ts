/** The configuration modal's data: the metadata saved, the scoping tree and its scope, parents, the values query and defaults. */
import { parseStoredObject } from '~/lib/safe-json';
import { describe, expect, it } from 'vitest';
import { chart, gridLayout, row, tab, tabs, tabsLayout } from '~/lib/dashboard/layout/fixtures/build-layout';
import { FILTER_RANGE, FILTER_SELECT, FILTER_TIME, FILTER_TIME_COLUMN, FILTER_TIME_GRAIN } from '~/lib/dashboard/native-filters/types';
import {
  chartIdsOf, columnOptionOf, columnsFor, typeChangePatch, type ColumnOption, columnValuesQuery, defaultMaskFor, metadataToSave, parentChoices, parseValueList, scopeOfChecked, scopeTree, valuesOfResult,
} from './config-data';
import { configReducer, initialConfigState, newDivider, newFilter, validate } from './config-state';

const filter = (seed: string, parents: string[] = []) => ({
  ...newFilter(seed), name: seed, targets: [{ datasetId: 3, column: { name: 'region' } }], cascadeParentIds: parents,
});

describe('metadataToSave', () => {
  it('replaces native_filter_configuration and keeps every other key', () => {
    const metadata = parseStoredObject(JSON.stringify({ color_scheme: 'bnbColors', native_filter_configuration: [{ id: 'old' }], refresh_frequency: 10 }));
    const saved = JSON.parse(metadataToSave(metadata, [filter('a'), newDivider('d')], null)) as Record<string, unknown>;
    expect(saved.color_scheme).toBe('bnbColors');
    expect(saved.refresh_frequency).toBe(10);
    expect((saved.native_filter_configuration as { id: string }[]).map((item) => item.id)).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER_DIVIDER-d']);
  });

  it('adds the charts in scope from the layout', () => {
    const layout = gridLayout(row('r', chart('a', 1), chart('b', 2)));
    const saved = JSON.parse(metadataToSave({}, [{ ...filter('a'), scope: { rootPath: ['ROOT_ID'], excluded: [2] } }], layout)) as { native_filter_configuration: { chartsInScope: number[] }[] };
    expect(saved.native_filter_configuration[0].chartsInScope).toEqual([1]);
  });

  it('reads broken metadata as empty', () => {
    expect(parseStoredObject('{nope')).toEqual({});
    expect(parseStoredObject(null)).toEqual({});
  });
});

describe('scoping tree', () => {
  it('lists tabs and charts with their names, and unchecked charts become excluded', () => {
    const layout = tabsLayout(tabs('t', tab('First', row('r1', chart('a', 1), chart('b', 2))), tab('Second', row('r2', chart('c', 3)))));
    const tree = scopeTree(layout, { 1: 'One', 2: 'Two', 3: 'Three' });
    expect(chartIdsOf(tree)).toEqual([1, 2, 3]);
    const labels = (node: typeof tree): string[] => [node.label, ...node.children.flatMap(labels)];
    expect(labels(tree)).toEqual(['All panels', 'First', 'One', 'Two', 'Second', 'Three']);
    expect(scopeOfChecked(tree, new Set([1, 3]))).toEqual({ rootPath: ['ROOT_ID'], excluded: [2] });
    expect(scopeOfChecked(tree, new Set([1, 2, 3]))).toEqual({ rootPath: ['ROOT_ID'], excluded: [] });
  });
});

describe('parentChoices', () => {
  it('offers the other filters except those depending on this one', () => {
    const items = [filter('a'), filter('b', ['NATIVE_FILTER-a']), filter('c', ['NATIVE_FILTER-b']), filter('d'), newDivider('x')];
    expect(parentChoices(items[0] as never, items).map((f) => f.id)).toEqual(['NATIVE_FILTER-d']);
    expect(parentChoices(items[3] as never, items).map((f) => f.id)).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-b', 'NATIVE_FILTER-c']);
  });
});

describe('column values', () => {
  it('queries the column on the dataset with the pre-filter', () => {
    const query = columnValuesQuery({ ...filter('a'), adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: "region <> 'Europe'" }], time_range: 'Last year' });
    expect(query).toMatchObject({
      datasource: { id: 3, type: 'table' },
      queries: [{ columns: ['region'], metrics: [], row_limit: 1000, extras: { where: "(region <> 'Europe')" }, time_range: 'Last year' }],
    });
    expect(columnValuesQuery(newFilter('x'))).toBeNull();
  });

  it('reads the distinct values of the answer', () => {
    const body = { result: [{ data: [{ region: 'Europe' }, { region: 'Asia' }, { region: 'Europe' }, { region: null }, { other: 1 }] }] };
    expect(valuesOfResult(body, 'region')).toEqual(['Europe', 'Asia', null]);
    expect(valuesOfResult(null, 'region')).toEqual([]);
  });
});

describe('default values', () => {
  it('builds the default mask of a select and of a range, and none for an empty value', () => {
    expect(defaultMaskFor(filter('a'), ['Europe'])).toMatchObject({ filterState: { value: ['Europe'] }, extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['Europe'] }] } });
    expect(defaultMaskFor(filter('a'), ['Europe'])).not.toHaveProperty('id');
    expect(defaultMaskFor(filter('a'), [])).toEqual({});
    expect(defaultMaskFor({ ...filter('r'), filterType: FILTER_RANGE }, [1, null])).toMatchObject({ filterState: { value: [1, null] }, extraFormData: { filters: [{ col: 'region', op: '>=', val: 1 }] } });
  });

  it('splits a typed list', () => {
    expect(parseValueList(' Europe, Asia ,,')).toEqual(['Europe', 'Asia']);
  });
});

describe('the Column list by filter type', () => {
  // As GET /api/v1/dataset/{id} lists them: type_generic 0 numeric, 1 string, 2 temporal.
  const columns = [
    { column_name: 'region', type: 'VARCHAR(255)', type_generic: 1, is_dttm: false },
    { column_name: 'SP_POP_TOTL', type: 'FLOAT', type_generic: 0, is_dttm: false },
    { column_name: 'year', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
    { column_name: 'rank', type: 'BIGINT', type_generic: null, is_dttm: false },
    { column_name: 'created', type: 'DATE', type_generic: null, is_dttm: false },
    { column_name: 42 },
  ].map(columnOptionOf).filter((c): c is ColumnOption => c !== null);
  const names = (list: ColumnOption[]) => list.map((c) => c.name);

  it('reads the dataset API columns, a temporal type counting as temporal', () => {
    expect(names(columns)).toEqual(['region', 'SP_POP_TOTL', 'year', 'rank', 'created']);
    expect(columns.filter((c) => c.isTemporal).map((c) => c.name)).toEqual(['year', 'created']);
  });

  it('offers numeric columns only to a numerical range, every column to a value filter, none to the time filters', () => {
    expect(names(columnsFor(FILTER_RANGE, columns))).toEqual(['SP_POP_TOTL', 'rank']);
    expect(names(columnsFor(FILTER_SELECT, columns))).toEqual(names(columns));
    for (const type of [FILTER_TIME, FILTER_TIME_COLUMN, FILTER_TIME_GRAIN]) expect(columnsFor(type, columns)).toEqual([]);
  });

  it('clears a column that does not fit the new type, and validation then asks for one', () => {
    const target = { datasetId: 3, column: { name: 'region' } };
    expect(typeChangePatch(FILTER_RANGE, target, columns)).toEqual({ filterType: FILTER_RANGE, defaultDataMask: {}, target: { column: null } });
    expect(typeChangePatch(FILTER_RANGE, { datasetId: 3, column: { name: 'rank' } }, columns)).toEqual({ filterType: FILTER_RANGE, defaultDataMask: {} });
    expect(typeChangePatch(FILTER_SELECT, { datasetId: 3, column: { name: 'rank' } }, columns)).toEqual({ filterType: FILTER_SELECT, defaultDataMask: {} });
    // A time column filter targets the dataset only (its column is its value).
    expect(typeChangePatch(FILTER_TIME_COLUMN, target, columns).target).toEqual({ column: null });
    // Columns not loaded yet: the choice stays.
    expect(typeChangePatch(FILTER_RANGE, target, null)).toEqual({ filterType: FILTER_RANGE, defaultDataMask: {} });

    const start = initialConfigState([filter('a')]);
    const state = configReducer(start, { type: 'update', id: 'NATIVE_FILTER-a', patch: typeChangePatch(FILTER_RANGE, target, columns) });
    const changed = state.items[0];
    expect(changed.type === 'NATIVE_FILTER' && changed.targets[0]).toEqual({ datasetId: 3 });
    expect(validate(state).errors['NATIVE_FILTER-a']?.column).toBe('Column is required');
  });
});
