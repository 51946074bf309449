import { describe, expect, it } from 'vitest';
import { ancestorsOf, cascadeExtraFormData, dependentsOf, filterOptionsFormData, resolutionOrder } from './cascade';
import { buildDataMask } from './data-mask';
import { countryFilter, nativeFilter, regionFilter } from './fixtures/filters';

const region = regionFilter();
const segment = nativeFilter('NATIVE_FILTER-segment', 'filter_select', { column: 'segment' });
const country = countryFilter({ cascadeParentIds: ['NATIVE_FILTER-region', 'NATIVE_FILTER-segment'] });
const city = nativeFilter('NATIVE_FILTER-city', 'filter_select', { column: 'city', cascadeParentIds: ['NATIVE_FILTER-country'] });
const filters = [city, country, region, segment];

describe('cascadeExtraFormData', () => {
  it("narrows a child by its parent's value", () => {
    const masks = { [region.id]: buildDataMask(region, ['North America']) };
    expect(cascadeExtraFormData(countryFilter().id, [region, countryFilter()], masks)).toEqual({
      extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['North America'] }] },
      applied: [region.id],
      rejected: [],
    });
  });

  it('combines several parents', () => {
    const masks = { [region.id]: buildDataMask(region, ['Europe']), [segment.id]: buildDataMask(segment, ['Retail']) };
    expect(cascadeExtraFormData(country.id, filters, masks).extraFormData.filters).toEqual([
      { col: 'region', op: 'IN', val: ['Europe'] },
      { col: 'segment', op: 'IN', val: ['Retail'] },
    ]);
  });

  it('narrows by a grandparent when the parent is unset, unless direct parents only are asked', () => {
    const masks = { [region.id]: buildDataMask(region, ['Europe']) };
    expect(cascadeExtraFormData(city.id, filters, masks).applied).toEqual([region.id]);
    expect(cascadeExtraFormData(city.id, filters, masks, { directOnly: true }).applied).toEqual([]);
  });

  it("does not let a required parent's empty guard empty its children", () => {
    const required = regionFilter({ controlValues: { enableEmptyFilter: true } });
    const masks = { [required.id]: buildDataMask(required, undefined) };
    expect(cascadeExtraFormData(country.id, [required, segment, country], masks).extraFormData).toEqual({});
  });

  it("rejects a parent on another dataset whose column the child's dataset lacks", () => {
    const other = regionFilter({ datasetId: 9 });
    const masks = { [other.id]: buildDataMask(other, ['Europe']) };
    const child = countryFilter();
    expect(cascadeExtraFormData(child.id, [other, child], masks).rejected).toEqual([{ id: other.id, reason: "column 'region' is not in the dataset of 'NATIVE_FILTER-country'" }]);
    expect(cascadeExtraFormData(child.id, [other, child], masks, { datasetColumns: ['region'] }).applied).toEqual([other.id]);
  });
});

describe('resolutionOrder', () => {
  it('puts parents before children, keeping stored order otherwise', () => {
    expect(resolutionOrder(filters)).toEqual({ order: [region.id, segment.id, country.id, city.id], cycles: [] });
    expect(ancestorsOf(city.id, filters)).toEqual([country.id, region.id, segment.id]);
    expect(dependentsOf(region.id, filters)).toEqual([country.id, city.id]);
  });

  it('reports cycles and puts their filters last', () => {
    const a = nativeFilter('A', 'filter_select', { column: 'a', cascadeParentIds: ['B'] });
    const b = nativeFilter('B', 'filter_select', { column: 'b', cascadeParentIds: ['A'] });
    const c = nativeFilter('C', 'filter_select', { column: 'c', cascadeParentIds: ['A'] });
    const d = nativeFilter('D', 'filter_select', { column: 'd' });
    expect(resolutionOrder([a, b, c, d])).toEqual({ order: ['D', 'A', 'B', 'C'], cycles: [['A', 'B']] });
    expect(ancestorsOf('A', [a, b])).toEqual(['B']);
  });
});

describe('filterOptionsFormData', () => {
  it("carries the target column, the pre-filters, the row limit and the parents' narrowing", () => {
    const child = countryFilter({ adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'population > 0' }], time_range: 'Last year', controlValues: { sortAscending: false } });
    const masks = { [region.id]: buildDataMask(region, ['Asia']) };
    expect(filterOptionsFormData(child, [region, child], masks)).toEqual({
      datasource: '1__table',
      viz_type: 'filter_select',
      groupby: ['country'],
      metrics: [],
      adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'population > 0' }],
      time_range: 'Last year',
      sortAscending: false,
      sortMetric: null,
      row_limit: 1000,
      extra_form_data: { filters: [{ col: 'region', op: 'IN', val: ['Asia'] }] },
    });
    expect(filterOptionsFormData(nativeFilter('T', 'filter_time', { targets: [{}] }), [], {})).toBeNull();
  });
});
