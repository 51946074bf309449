import { describe, expect, it } from 'vitest';
import {
  buildDataMask, crossFilterDataMask, defaultDataMask, defaultDataMasks, isMaskActive, missingRequiredFilters, needsOptionsForDefault, normalizeFilterValue,
} from './data-mask';
import { nativeFilter, regionFilter } from './fixtures/filters';

describe('buildDataMask', () => {
  it('select: the chosen values IN the column, labelled; none adds nothing', () => {
    expect(buildDataMask(regionFilter(), ['Europe', null])).toEqual({
      id: 'NATIVE_FILTER-region',
      extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['Europe', null] }] },
      filterState: { value: ['Europe', null], label: 'Europe, <NULL>' },
    });
    expect(buildDataMask(regionFilter(), [])).toEqual({ id: 'NATIVE_FILTER-region', extraFormData: {}, filterState: { value: null } });
  });

  it('select with inverse selection: NOT IN, labelled as excluded', () => {
    const mask = buildDataMask(regionFilter({ controlValues: { inverseSelection: true } }), ['Asia']);
    expect(mask.extraFormData).toEqual({ filters: [{ col: 'region', op: 'NOT IN', val: ['Asia'] }] });
    expect(mask.filterState?.label).toBe('Asia (excluded)');
  });

  it('required select with no value: matches no rows and is marked in error', () => {
    const mask = buildDataMask(regionFilter({ controlValues: { enableEmptyFilter: true } }), undefined);
    expect(mask.extraFormData).toEqual({ adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: '1 = 0' }] });
    expect(mask.filterState).toMatchObject({ validateStatus: 'error', validateMessage: 'Value is required' });
  });

  it('single select keeps one value', () => {
    const filter = regionFilter({ controlValues: { multiSelect: false } });
    expect(normalizeFilterValue(filter, ['a', 'b'])).toEqual({ value: ['a'], problem: 'takes a single value: only the first was kept' });
    expect(buildDataMask(filter, 'a').filterState?.value).toEqual(['a']);
  });

  it('range: >= and <= for the ends that are set', () => {
    const filter = nativeFilter('R', 'filter_range', { column: 'age' });
    expect(buildDataMask(filter, [18, 65]).extraFormData).toEqual({ filters: [{ col: 'age', op: '>=', val: 18 }, { col: 'age', op: '<=', val: 65 }] });
    expect(buildDataMask(filter, [null, 65])).toMatchObject({ extraFormData: { filters: [{ col: 'age', op: '<=', val: 65 }] }, filterState: { label: 'x ≤ 65' } });
    expect(buildDataMask(filter, ['18', ''])).toMatchObject({ extraFormData: { filters: [{ col: 'age', op: '>=', val: 18 }] }, filterState: { value: [18, null] } });
    expect(normalizeFilterValue(filter, [70, 20]).problem).toBe('the lower bound is above the upper bound');
    expect(normalizeFilterValue(filter, ['x', 2]).problem).toBe('range bounds must be numbers');
  });

  it('time range, time column and time grain override their keys', () => {
    expect(buildDataMask(nativeFilter('T', 'filter_time'), 'Last week').extraFormData).toEqual({ time_range: 'Last week' });
    expect(buildDataMask(nativeFilter('T', 'filter_time'), 'No filter').extraFormData).toEqual({});
    expect(buildDataMask(nativeFilter('C', 'filter_timecolumn'), ['order_date'])).toMatchObject({ extraFormData: { granularity_sqla: 'order_date' }, filterState: { value: ['order_date'] } });
    expect(buildDataMask(nativeFilter('G', 'filter_timegrain'), 'P1M').extraFormData).toEqual({ time_grain_sqla: 'P1M' });
  });

  it('adds nothing for a select without a target column or a type it does not know', () => {
    expect(buildDataMask(nativeFilter('S', 'filter_select'), ['a']).extraFormData).toEqual({});
    expect(isMaskActive(buildDataMask(nativeFilter('X', 'filter_groupby'), ['a']))).toBe(false);
  });
});

describe('default masks', () => {
  it('rebuild the stored default value', () => {
    const filter = regionFilter({ defaultDataMask: { filterState: { value: ['Europe'] }, extraFormData: { filters: [{ col: 'stale', op: 'IN', val: ['x'] }] } } });
    expect(defaultDataMask(filter).extraFormData).toEqual({ filters: [{ col: 'region', op: 'IN', val: ['Europe'] }] });
  });

  it("'first item' takes the first option once the options are known", () => {
    const filter = regionFilter({ controlValues: { defaultToFirstItem: true } });
    expect(needsOptionsForDefault(filter)).toBe(true);
    expect(isMaskActive(defaultDataMask(filter))).toBe(false);
    expect(defaultDataMasks([filter], { [filter.id]: ['Africa', 'Asia'] })[filter.id].filterState?.value).toEqual(['Africa']);
  });

  it('missingRequiredFilters lists required filters without a value', () => {
    const required = regionFilter({ controlValues: { enableEmptyFilter: true } });
    const other = nativeFilter('T', 'filter_time', { controlValues: { enableEmptyFilter: true } });
    expect(missingRequiredFilters([required, other], { T: buildDataMask(other, 'Last day') })).toEqual(['NATIVE_FILTER-region']);
  });
});

describe('crossFilterDataMask', () => {
  it('one IN filter per column, and empty when the selection is cleared', () => {
    expect(crossFilterDataMask(12, { region: ['Europe'] })).toEqual({
      id: '12',
      extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['Europe'] }] },
      filterState: { value: ['Europe'], label: 'Europe', filters: { region: ['Europe'] } },
    });
    expect(crossFilterDataMask(12, { a: ['x'], b: [1] }).extraFormData?.filters).toHaveLength(2);
    expect(isMaskActive(crossFilterDataMask(12, {}))).toBe(false);
  });
});
