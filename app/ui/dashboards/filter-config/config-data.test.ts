/** The configuration modal's data: the metadata saved, the scoping tree and its scope, parents, the values query and defaults. */
import { describe, expect, it } from 'vitest';
import { chart, gridLayout, row, tab, tabs, tabsLayout } from '~/lib/dashboard/layout/fixtures/build-layout';
import { FILTER_RANGE } from '~/lib/dashboard/native-filters/types';
import {
  chartIdsOf, columnValuesQuery, defaultMaskFor, metadataToSave, parentChoices, parseValueList, readMetadata, scopeOfChecked, scopeTree, valuesOfResult,
} from './config-data';
import { newDivider, newFilter } from './config-state';

const filter = (seed: string, parents: string[] = []) => ({
  ...newFilter(seed), name: seed, targets: [{ datasetId: 3, column: { name: 'region' } }], cascadeParentIds: parents,
});

describe('metadataToSave', () => {
  it('replaces native_filter_configuration and keeps every other key', () => {
    const metadata = readMetadata(JSON.stringify({ color_scheme: 'bnbColors', native_filter_configuration: [{ id: 'old' }], refresh_frequency: 10 }));
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
    expect(readMetadata('{nope')).toEqual({});
    expect(readMetadata(null)).toEqual({});
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
