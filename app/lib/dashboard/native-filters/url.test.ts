import { describe, expect, it } from 'vitest';
import { decodeRison } from '~/lib/rison';
import { buildDataMask, crossFilterDataMask } from './data-mask';
import { nativeFilter, regionFilter } from './fixtures/filters';
import { decodeFormFields, decodeNativeFiltersParam, encodeFormFields, encodeNativeFiltersParam } from './url';

const region = regionFilter();
const single = nativeFilter('NATIVE_FILTER-year', 'filter_select', { column: 'year', controlValues: { multiSelect: false } });
const age = nativeFilter('NATIVE_FILTER-age', 'filter_range', { column: 'age' });
const time = nativeFilter('NATIVE_FILTER-time', 'filter_time');
const grain = nativeFilter('NATIVE_FILTER-grain', 'filter_timegrain');
const filters = [region, single, age, time, grain];

describe('native_filters parameter', () => {
  it("writes Superset's shape and reads it back", () => {
    const masks = { [region.id]: buildDataMask(region, ['Europe', 'Asia']), 12: crossFilterDataMask(12, { region: ['Asia'] }) };
    const text = encodeNativeFiltersParam(masks);
    expect(text).toContain("NATIVE_FILTER-region:(id:NATIVE_FILTER-region,extraFormData:(filters:!((col:region,op:IN,val:!(Europe,Asia)))),filterState:(value:!(Europe,Asia)");
    // Rison keys that are numbers are quoted.
    expect(text.startsWith("('12':(id:'12',")).toBe(true);
    expect(decodeRison(text)).toMatchObject({ 12: { id: '12', ownState: {} } });
    const decoded = decodeNativeFiltersParam(text, { filters, chartIds: [12] });
    expect(decoded.problems).toEqual([]);
    expect(decoded.dataMask).toEqual({ [region.id]: { ...masks[region.id], ownState: {} }, 12: masks[12] });
  });

  it("rebuilds a filter's extraFormData from its value instead of trusting the URL", () => {
    const text = "(NATIVE_FILTER-region:(extraFormData:(filters:!((col:password,op:IN,val:!(x)))),filterState:(value:!(Europe))))";
    expect(decodeNativeFiltersParam(text, { filters }).dataMask[region.id].extraFormData).toEqual({ filters: [{ col: 'region', op: 'IN', val: ['Europe'] }] });
  });

  it('drops unknown filters, foreign charts, bad cross-filters and bad values, with reasons', () => {
    const text = "(NATIVE_FILTER-gone:(filterState:(value:!(a))),'99':(extraFormData:(filters:!((col:a,op:IN,val:!(1))))),'12':(extraFormData:(filters:!((col:a,op:'>',val:1)))),NATIVE_FILTER-age:(filterState:(value:!(9,1))))";
    const decoded = decodeNativeFiltersParam(text, { filters, chartIds: [12] });
    expect(decoded.problems).toEqual([
      { id: '12', reason: 'a cross-filter is column IN values' },
      { id: '99', reason: 'no such chart on this dashboard' },
      { id: 'NATIVE_FILTER-gone', reason: 'no such filter on this dashboard' },
      { id: 'NATIVE_FILTER-age', reason: 'the lower bound is above the upper bound' },
    ]);
    expect(decoded.dataMask[age.id].extraFormData).toEqual({});
    expect(Object.keys(decoded.dataMask)).toEqual([age.id]);
  });

  it('reports text that is not rison', () => {
    expect(decodeNativeFiltersParam('(a:', { filters }).problems[0].reason).toMatch(/^not rison/);
    expect(decodeNativeFiltersParam('!(1)', { filters }).problems).toEqual([{ id: '', reason: 'not a map of filter ids to data masks' }]);
  });
});

describe('GET form fields', () => {
  const masks = {
    [region.id]: buildDataMask(region, ['Europe', null]),
    [age.id]: buildDataMask(age, [18, null]),
    [time.id]: buildDataMask(time, 'Last week'),
    [grain.id]: buildDataMask(grain, 'P1D'),
  };

  it('encodes values as flat fields and decodes them back to the same masks', () => {
    const fields = encodeFormFields(filters, masks);
    expect(fields).toEqual([
      ['nf', '1'],
      ['nf.NATIVE_FILTER-region', 'Europe'],
      ['nf.NATIVE_FILTER-region', '<NULL>'],
      ['nf.NATIVE_FILTER-age.min', '18'],
      ['nf.NATIVE_FILTER-age.max', ''],
      ['nf.NATIVE_FILTER-time', 'Last week'],
      ['nf.NATIVE_FILTER-grain', 'P1D'],
    ]);
    const decoded = decodeFormFields(new URLSearchParams(fields), { filters });
    expect(decoded.problems).toEqual([]);
    expect(decoded.submitted).toBe(true);
    expect(decoded.dataMask).toEqual({ ...masks, [single.id]: buildDataMask(single, undefined) });
  });

  it('without the nf marker, leaves absent filters out (their defaults stand)', () => {
    const decoded = decodeFormFields([['nf.NATIVE_FILTER-time', 'Last day'], ['tab', 'x']], { filters });
    expect(decoded.submitted).toBe(false);
    expect(Object.keys(decoded.dataMask)).toEqual([time.id]);
  });

  it('types select values by the options and drops values outside them', () => {
    const decoded = decodeFormFields([['nf', '1'], ['nf.NATIVE_FILTER-year', '2020'], ['nf.NATIVE_FILTER-region', 'Mars'], ['nf.NATIVE_FILTER-region', 'Asia']], {
      filters,
      optionsByFilter: { [single.id]: [2019, 2020], [region.id]: ['Asia', 'Europe'] },
    });
    expect(decoded.dataMask[single.id].extraFormData).toEqual({ filters: [{ col: 'year', op: 'IN', val: [2020] }] });
    expect(decoded.dataMask[region.id].filterState?.value).toEqual(['Asia']);
    expect(decoded.problems).toEqual([{ id: region.id, reason: "'Mars' is not one of the options" }]);
  });

  it("keeps unlisted values of a select that searches all options", () => {
    const searching = regionFilter({ controlValues: { multiSelect: true, searchAllOptions: true } });
    const decoded = decodeFormFields([['nf.NATIVE_FILTER-region', 'Mars']], { filters: [searching], optionsByFilter: { [searching.id]: ['Asia'] } });
    expect(decoded.dataMask[searching.id].filterState?.value).toEqual(['Mars']);
  });

  it('drops unknown fields, extra single values and bad ranges, with reasons', () => {
    const decoded = decodeFormFields(
      [['nf.NATIVE_FILTER-gone', 'x'], ['nf.NATIVE_FILTER-year', 'a'], ['nf.NATIVE_FILTER-year', 'b'], ['nf.NATIVE_FILTER-age.min', 'ten'], ['nf.NATIVE_FILTER-region.min', '1']],
      { filters },
    );
    expect(decoded.problems).toEqual([
      { id: 'nf.NATIVE_FILTER-gone', reason: 'no such filter on this dashboard' },
      { id: 'nf.NATIVE_FILTER-region.min', reason: 'only range filters take .min and .max' },
      { id: single.id, reason: 'takes a single value: only the first was kept' },
      { id: age.id, reason: 'range bounds must be numbers' },
    ]);
    expect(decoded.dataMask[single.id].filterState?.value).toEqual(['a']);
    expect(decoded.dataMask[age.id].extraFormData).toEqual({});
  });
});
