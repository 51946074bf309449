/** The filter sets panel as the server renders it (the forms a browser without JavaScript submits), and what a set saves. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DataMaskMap, NativeFilter } from '~/lib/dashboard/native-filters/types';
import { encodeNativeFiltersParam } from '~/lib/dashboard/native-filters/url';
import { decodeRison } from '~/lib/rison';
import type { FilterBarFilterSet } from './contract';
import { setMetadata } from './filter-sets-actions';
import { FilterSetsPanel, sameDataMask, setFormParams } from './filter-sets-panel';
import { LazyFilterSetsPanel } from './lazy-filter-sets-panel';

const REGION = 'NATIVE_FILTER-region';
const regionMask = (...regions: string[]): DataMaskMap => ({
  [REGION]: { id: REGION, extraFormData: { filters: [{ col: 'region', op: 'IN', val: regions }] }, filterState: { value: regions } },
});
const filterSet = (id: number, name: string, dataMask: DataMaskMap, canEdit: boolean): FilterBarFilterSet =>
  ({ id, name, dataMask, nativeFiltersParam: encodeNativeFiltersParam(dataMask), canEdit });
const americas = filterSet(7, 'Americas', regionMask('North America'), true);
const europe = filterSet(8, 'Europe & co', regionMask('Europe'), false);

const render = (over: Partial<Parameters<typeof FilterSetsPanel>[0]> = {}) => renderToStaticMarkup(
  <FilterSetsPanel dashboardId={3} filterSets={[americas, europe]} currentDataMask={regionMask('Europe')} hydrated={false}
    keep={[['tab', 'TAB-1'], ['nf', '1'], [`nf.${REGION}`, 'Asia'], ['native_filters', '()'], ['native_filters_key', 'abc'], ['standalone', '1']]}
    onChanged={() => undefined} {...over} />,
);

describe('FilterSetsPanel', () => {
  it('lists each set with a GET form carrying its mask as native_filters and the page\'s other parameters', () => {
    const html = render();
    expect(html).toContain('Filter sets');
    expect(html).toContain('>Americas<');
    expect(html).toContain('Europe &amp; co');
    const forms = html.match(/<form method="get"[\s\S]*?<\/form>/g) ?? [];
    expect(forms).toHaveLength(2);
    const fields = [...(forms[0] ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name, value.replace(/&#x27;/g, "'").replace(/&amp;/g, '&')]);
    // The bar's fields and the stored state's key are the set's to replace; the rest is carried.
    expect(fields.map(([name]) => name)).toEqual(['tab', 'standalone', 'native_filters']);
    expect(fields[0]).toEqual(['tab', 'TAB-1']);
    const decoded = decodeRison(fields[2][1]) as DataMaskMap;
    expect(decoded[REGION]?.filterState?.value).toEqual(['North America']);
    expect(decoded[REGION]?.extraFormData).toEqual(americas.dataMask[REGION].extraFormData);
    expect(forms[0]).toContain('>Apply</button>');
  });

  it('marks the set whose values are in force, and only that one', () => {
    const html = render();
    const items = html.match(/<li[\s\S]*?<\/li>/g) ?? [];
    expect(items[0]).not.toContain('aria-current');
    expect(items[1]).toContain('aria-current="true"');
    expect(items[1]).toContain('Applied');
    expect(render({ currentDataMask: {} })).not.toContain('aria-current');
  });

  it('offers no changes before the page has hydrated, and says when there is no set', () => {
    const html = render();
    expect(html).not.toContain('Update');
    expect(html).not.toContain('Create new filter set');
    expect(render({ filterSets: [] })).toContain('No filter sets');
  });
});

describe('LazyFilterSetsPanel', () => {
  it('renders the real panel on the server, so its forms work before any script', () => {
    const html = renderToStaticMarkup(<LazyFilterSetsPanel dashboardId={3} filterSets={[americas]} currentDataMask={{}} hydrated={false} keep={[]} onChanged={() => undefined} />);
    expect(html).toMatch(/^<div class="contents" data-filter-sets="">/);
    expect(html).toContain('>Apply</button>');
  });
});

describe('sameDataMask', () => {
  it('compares the chosen values, whatever the key order, ignoring filters with nothing chosen', () => {
    const a: DataMaskMap = { ...regionMask('Europe', 'Asia'), 'NATIVE_FILTER-x': { id: 'NATIVE_FILTER-x', filterState: { value: null } } };
    expect(sameDataMask(a, regionMask('Europe', 'Asia'))).toBe(true);
    expect(sameDataMask(regionMask('Europe', 'Asia'), regionMask('Asia', 'Europe'))).toBe(false);
    expect(sameDataMask(regionMask('Europe'), {})).toBe(false);
    expect(sameDataMask({ r: { id: 'r', filterState: { value: { b: 1, a: 2 } } } }, { r: { id: 'r', filterState: { value: { a: 2, b: 1 } } } })).toBe(true);
    expect(sameDataMask({}, { '12': { id: '12', filterState: { value: [] } } })).toBe(true);
  });
});

describe('setFormParams', () => {
  it('drops every filter state parameter and adds the set\'s mask', () => {
    const params = setFormParams([['nf.a.min', '1'], ['native_filters_key', 'k'], ['focused_chart', '4']], { nativeFiltersParam: '()' });
    expect(params).toEqual([['focused_chart', '4'], ['native_filters', '()']]);
  });
});

describe('setMetadata', () => {
  it('saves the name, the filters\' configuration by id and the data mask, as the server requires', () => {
    const filter = { id: REGION, name: 'Region' } as NativeFilter;
    expect(JSON.parse(setMetadata('Americas', [filter], regionMask('North America')))).toEqual({
      name: 'Americas',
      nativeFilters: { [REGION]: filter },
      dataMask: regionMask('North America'),
    });
    expect(JSON.parse(setMetadata('None', undefined, {}))).toEqual({ name: 'None', nativeFilters: {}, dataMask: {} });
  });
});
