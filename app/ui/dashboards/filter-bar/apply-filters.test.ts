import { describe, expect, it } from 'vitest';
import { buildDataMask, crossFilterDataMask } from '~/lib/dashboard/native-filters/data-mask';
import { nativeFilter, regionFilter } from '~/lib/dashboard/native-filters/fixtures/filters';
import type { DashboardNativeFilters, FilterBarFilter } from './contract';
import { maskFromFields, optionsByFilter } from './apply-filters';

const region = regionFilter();
const year = nativeFilter('NATIVE_FILTER-year', 'filter_select', { column: 'year', controlValues: { multiSelect: true } });
const age = nativeFilter('NATIVE_FILTER-age', 'filter_range', { column: 'age' });
const other = nativeFilter('NATIVE_FILTER-other', 'filter_custom', { column: 'x' });

const item = (id: string, filterType: string, options: FilterBarFilter['options']): FilterBarFilter => ({
  kind: 'filter', id, name: id, description: '', filterType, multiSelect: true, required: false, inverseSelection: false, searchAllOptions: false,
  options, optionsError: null, optionCount: options?.length ?? 0, range: null, value: undefined, parents: [], error: null,
});

const filters = (dataMask: DashboardNativeFilters['dataMask']): DashboardNativeFilters => ({
  items: [
    item(region.id, 'filter_select', [{ value: 'Europe', label: 'Europe' }, { value: 'Asia', label: 'Asia' }, { value: null, label: '<NULL>' }]),
    item(year.id, 'filter_select', [{ value: 2000, label: '2000' }, { value: 2001, label: '2001' }]),
    item(age.id, 'filter_range', null),
    item(other.id, 'filter_custom', null),
  ],
  configuration: [region, year, age, other],
  instant: false,
  crossFiltersEnabled: true,
  crossFilters: [],
  filterSets: [],
  orientation: 'VERTICAL',
  dataMask,
  perChart: {},
  filterStateKey: null,
});

const names = new Set(['nf', 'tab', `nf.${region.id}`, `nf.${year.id}`, `nf.${age.id}.min`, `nf.${age.id}.max`]);

describe('maskFromFields', () => {
  it('reads the fields as the GET form is read, typed through the options the bar shows', () => {
    const mask = maskFromFields([
      ['nf', '1'], ['tab', 'TAB-a'], [`nf.${region.id}`, 'Europe'], [`nf.${region.id}`, '<NULL>'], [`nf.${year.id}`, '2001'],
      [`nf.${age.id}.min`, '3'], [`nf.${age.id}.max`, ''],
    ], names, filters({}));
    expect(mask[region.id]).toEqual(buildDataMask(region, ['Europe', null]));
    expect(mask[year.id].filterState?.value).toEqual([2001]);
    expect(mask[year.id]).toEqual(buildDataMask(year, [2001]));
    expect(mask[age.id]).toEqual(buildDataMask(age, [3, null]));
    expect(Object.keys(mask).sort()).toEqual([age.id, region.id, year.id]);
  });

  it('clears a filter whose field is in the form with nothing chosen (a multiple select sends no entry)', () => {
    const mask = maskFromFields([[`nf.${age.id}.min`, ''], [`nf.${age.id}.max`, '']], names, filters({ [region.id]: buildDataMask(region, ['Asia']) }));
    expect(mask[region.id]).toEqual(buildDataMask(region, undefined));
    expect(mask[region.id].extraFormData).toEqual({});
    expect(mask[age.id]).toEqual(buildDataMask(age, undefined));
  });

  it('keeps the cross-filters and the filters without fields as they are in force', () => {
    const cross = crossFilterDataMask(12, { country_name: ['Canada'] });
    const custom = { id: other.id, filterState: { value: 'kept' }, extraFormData: {} };
    const mask = maskFromFields([[`nf.${region.id}`, 'Asia']], names, filters({ 12: cross, [other.id]: custom, [region.id]: buildDataMask(region, ['Europe']) }));
    expect(mask['12']).toBe(cross);
    expect(mask[other.id]).toBe(custom);
    expect(mask[region.id]).toEqual(buildDataMask(region, ['Asia']));
  });

  it('drops a value the options no longer offer', () => {
    const mask = maskFromFields([[`nf.${region.id}`, 'Atlantis'], [`nf.${region.id}`, 'Asia']], names, filters({}));
    expect(mask[region.id].filterState?.value).toEqual(['Asia']);
  });
});

describe('optionsByFilter', () => {
  it("lists each filter's option values, none for filters whose options are unknown", () => {
    expect(optionsByFilter(filters({}))).toEqual({ [region.id]: ['Europe', 'Asia', null], [year.id]: [2000, 2001] });
  });
});
