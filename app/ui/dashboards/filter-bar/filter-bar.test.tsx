/** The filter bar as the server renders it: the GET form a browser without JavaScript submits. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DashboardNativeFilters, FilterBarDivider, FilterBarFilter } from './contract';
import { NULL_LABEL as MASK_NULL_LABEL } from '~/lib/dashboard/native-filters/data-mask';
import { FORM_PREFIX as URL_FORM_PREFIX, NATIVE_FILTERS_PARAM as URL_NATIVE_FILTERS_PARAM } from '~/lib/dashboard/native-filters/url';
import { carriedParams, clearedDraft, draftOf, FORM_PREFIX, matchingOptions, NATIVE_FILTERS_PARAM, NULL_LABEL, optionCountText } from './field-values';
import { FilterBar } from './filter-bar';

const filter = (over: Partial<FilterBarFilter>): FilterBarFilter => ({
  kind: 'filter',
  id: 'NATIVE_FILTER-x',
  name: 'X',
  description: '',
  filterType: 'filter_select',
  multiSelect: false,
  required: false,
  inverseSelection: false,
  searchAllOptions: false,
  options: [],
  optionsError: null,
  optionCount: 0,
  range: null,
  value: undefined,
  parents: [],
  error: null,
  ...over,
});

const region = filter({
  id: 'NATIVE_FILTER-region',
  name: 'Region',
  description: 'Where the country is',
  multiSelect: true,
  options: [
    { value: 'Europe', label: 'Europe' },
    { value: 'North America', label: 'North America' },
    { value: null, label: '<NULL>' },
  ],
  optionCount: 214,
  value: ['North America', null],
});
const country = filter({ id: 'NATIVE_FILTER-country', name: 'Country', options: [{ value: 'Canada', label: 'Canada' }], optionCount: 1, value: ['Canada'], required: true, inverseSelection: true, parents: ['NATIVE_FILTER-region'] });
const population = filter({ id: 'NATIVE_FILTER-pop', name: 'Population', filterType: 'filter_range', options: null, range: { min: 0, max: 1000, display: 'slider-and-input' }, value: [10, null] });
const period = filter({ id: 'NATIVE_FILTER-time', name: 'Period', filterType: 'filter_time', options: null, value: '2020-01-01 : 2021-01-01' });
const grain = filter({ id: 'NATIVE_FILTER-grain', name: 'Grain', filterType: 'filter_timegrain', options: [{ value: 'P1D', label: 'Day' }, { value: 'P1M', label: 'Month' }], optionCount: 2, value: ['P1M'] });
const divider: FilterBarDivider = { kind: 'divider', id: 'DIVIDER-1', title: 'Geography', description: 'Where things are' };

const bar = (over: Partial<DashboardNativeFilters> = {}): DashboardNativeFilters => ({
  items: [divider, region, country, population, period, grain],
  configuration: [],
  instant: false,
  crossFiltersEnabled: true,
  crossFilters: [],
  filterSets: [],
  orientation: 'VERTICAL',
  dataMask: {},
  perChart: {},
  filterStateKey: null,
  ...over,
});

const render = (filters = bar(), keep: [string, string][] = [['tab', 'TAB-a'], ['standalone', '1']]) =>
  renderToStaticMarkup(<FilterBar filters={filters} keep={keep} hydrated={false} />);

/** The <select …>…</select> of a field name. */
const selectOf = (html: string, name: string) => new RegExp(`<select[^>]*name="${name.replace(/\./g, '\\.')}"[^>]*>.*?</select>`).exec(html)?.[0] ?? '';

describe('FilterBar without JavaScript', () => {
  const html = render();

  it('is a GET form named Filters that marks the submission with nf=1 and carries the page parameters', () => {
    expect(html).toMatch(/^<div[^>]*><form method="get" aria-label="Filters"/);
    expect(html).toContain('<input type="hidden" name="nf" value="1"/><input type="hidden" name="tab" value="TAB-a"/><input type="hidden" name="standalone" value="1"/>');
    expect(html).toContain('<h2 class="text-sm font-semibold">Filters</h2>');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Apply filters<\/button>/);
  });

  it('does not carry the bar\'s own fields nor native_filters twice', () => {
    const out = render(bar(), [['nf', '1'], ['nf.NATIVE_FILTER-region', 'Europe'], ['native_filters', '(a:b)'], ['native_filters_key', 'k1'], ['tab', 'T']]);
    expect(out.match(/name="nf" value="1"/g)).toHaveLength(2); // the bar's form and the Clear all form
    expect(out).not.toContain('value="Europe" selected');
    expect(out).not.toContain('name="native_filters"');
    expect(out).toContain('<input type="hidden" name="native_filters_key" value="k1"/>');
    expect(carriedParams([['nf.a.min', '1'], ['nfx', '2']])).toEqual([['nfx', '2']]);
  });

  it('draws a Value filter as a multiple select with the option count, NULL as <NULL>, the chosen values selected', () => {
    const select = selectOf(html, 'nf.NATIVE_FILTER-region');
    expect(select).toMatch(/^<select id="nf-NATIVE_FILTER-region" name="nf\.NATIVE_FILTER-region" multiple=""/);
    expect(select).toContain('<option value="" disabled="">214 options</option>');
    expect(select).toContain('<option value="Europe">Europe</option>');
    expect(select).toContain('<option value="North America" selected="">North America</option>');
    expect(select).toContain('<option value="&lt;NULL&gt;" selected="">&lt;NULL&gt;</option>');
    expect(html).toContain('<label for="nf-NATIVE_FILTER-region" class="block text-sm font-medium">Region</label>');
    expect(html).toContain('Where the country is');
  });

  it('draws a single Value filter with "1 option", the required marker and the excluded note', () => {
    const select = selectOf(html, 'nf.NATIVE_FILTER-country');
    expect(select).not.toContain('multiple');
    expect(select).toContain('aria-required="true"');
    expect(select).toContain('<option value="">1 option</option>');
    expect(select).toContain('<option value="Canada" selected="">Canada</option>');
    expect(html).toMatch(/>Country<span aria-hidden="true"[^>]*>\*<\/span><\/label>/);
    expect(html).toContain('<p id="nf-NATIVE_FILTER-country-inverse" class="mt-1 text-xs text-slate-600 dark:text-slate-400">(excluded)</p>');
    expect(optionCountText(0)).toBe('0 options');
  });

  it('keeps a chosen value that the options no longer list, so Apply does not drop it silently', () => {
    const out = render(bar({ items: [filter({ id: 'f', name: 'F', options: [{ value: 1, label: 'One' }], value: [2], optionCount: 1 })] }));
    expect(selectOf(out, 'nf.f')).toContain('<option value="2" selected="">2</option><option value="1">One</option>');
  });

  it('draws a numerical range as min and max number inputs without scripts, whatever its display', () => {
    expect(html).toMatch(/<input id="nf-NATIVE_FILTER-pop-min" type="number" name="nf\.NATIVE_FILTER-pop\.min" aria-label="Population minimum"[^>]*value="10"/);
    expect(html).toMatch(/<input id="nf-NATIVE_FILTER-pop-max" type="number" name="nf\.NATIVE_FILTER-pop\.max" aria-label="Population maximum"[^>]*value=""/);
    expect(html).not.toContain('type="range"');
    const slider = render(bar({ items: [{ ...population, range: { min: 0, max: 10, display: 'slider' } }] }));
    expect(slider).toContain('name="nf.NATIVE_FILTER-pop.min"');
    expect(slider).not.toContain('type="range"');
  });

  it('shows sliders once hydrated, with the bounds still sent', () => {
    const out = renderToStaticMarkup(<FilterBar filters={bar({ items: [{ ...population, range: { min: 0, max: 10, display: 'slider' } }] })} keep={[]} hydrated />);
    expect(out).toContain('aria-label="Population minimum slider"');
    expect(out).toContain('<input type="hidden" name="nf.NATIVE_FILTER-pop.min" value="10"/>');
    expect(out).toContain('<input type="hidden" name="nf.NATIVE_FILTER-pop.max" value=""/>');
  });

  it('draws a time range as the presets plus the custom range in force', () => {
    const select = selectOf(html, 'nf.NATIVE_FILTER-time');
    for (const preset of ['No filter', 'Last day', 'Last week', 'Last month', 'Last quarter', 'Last year']) expect(select).toContain(`<option value="${preset}">${preset}</option>`);
    expect(select).toContain('<option value="2020-01-01 : 2021-01-01" selected="">2020-01-01 : 2021-01-01</option>');
    const none = render(bar({ items: [{ ...period, value: undefined }] }));
    expect(selectOf(none, 'nf.NATIVE_FILTER-time')).toContain('<option value="No filter" selected="">No filter</option>');
  });

  it('draws a time grain as a select of its options', () => {
    const select = selectOf(html, 'nf.NATIVE_FILTER-grain');
    expect(select).toContain('<option value="">2 options</option><option value="P1D">Day</option><option value="P1M" selected="">Month</option>');
  });

  it('draws a divider as a heading with its description, and no field', () => {
    expect(html).toContain('<h3 class="text-sm font-semibold">Geography</h3><p class="mt-1 text-xs text-slate-600 dark:text-slate-400">Where things are</p>');
    expect(html).toContain('data-divider-id="DIVIDER-1"');
    expect(html).not.toContain('name="nf.DIVIDER-1');
  });

  it('shows a filter\'s error as an alert tied to its field, and the options error', () => {
    const out = render(bar({ items: [{ ...country, options: null, optionsError: 'The options could not be loaded: timeout', error: 'Value is required', value: [] }] }));
    expect(out).toContain('<p id="nf-NATIVE_FILTER-country-error" role="alert" class="mt-1 text-sm text-rose-700 dark:text-rose-300">Value is required</p>');
    expect(out).toContain('The options could not be loaded: timeout');
    expect(selectOf(out, 'nf.NATIVE_FILTER-country')).toContain('aria-describedby="nf-NATIVE_FILTER-country-inverse nf-NATIVE_FILTER-country-options-error nf-NATIVE_FILTER-country-error"');
    expect(selectOf(out, 'nf.NATIVE_FILTER-country')).toContain('aria-invalid="true"');
  });

  it('clears all by submitting a second form with only nf=1 and the page parameters', () => {
    const button = /<button[^>]*>Clear all<\/button>/.exec(html)?.[0] ?? '';
    expect(button).toContain('type="submit"');
    const formId = /form="([^"]+)"/.exec(button)?.[1];
    expect(formId).toBeTruthy();
    const clearForm = new RegExp(`<form method="get" id="${formId}" hidden="">(.*?)</form>`).exec(html)?.[1];
    expect(clearForm).toBe('<input type="hidden" name="nf" value="1"/><input type="hidden" name="tab" value="TAB-a"/><input type="hidden" name="standalone" value="1"/>');
  });

  it('is a 260px column when vertical, with no collapse button or search box without scripts', () => {
    expect(html).toMatch(/^<div class="shrink-0 w-\[260px\]"><form[^>]*data-orientation="VERTICAL" class="filter-bar-vertical/);
    expect(html).not.toContain('Collapse filters');
    expect(html).not.toContain('type="search"');
  });

  it('is a wrapping row when horizontal, every filter shown and no More filters without scripts', () => {
    const out = render(bar({ orientation: 'HORIZONTAL' }));
    expect(out).toMatch(/^<div[^>]*><form[^>]*data-orientation="HORIZONTAL" class="filter-bar-horizontal/);
    expect(out).toContain('flex-wrap');
    expect(out).not.toContain('More filters');
    for (const name of ['nf.NATIVE_FILTER-region', 'nf.NATIVE_FILTER-country', 'nf.NATIVE_FILTER-pop.min', 'nf.NATIVE_FILTER-time', 'nf.NATIVE_FILTER-grain']) expect(out).toContain(`name="${name}"`);
  });
});

describe('FilterBar hydrated (first render)', () => {
  const html = renderToStaticMarkup(<FilterBar filters={bar()} keep={[['tab', 'T']]} hydrated />);

  it('offers Collapse filters, a search box per Value filter, and Clear all as a plain button', () => {
    expect(html).toMatch(/<button[^>]*aria-expanded="true"[^>]*>Collapse filters<\/button>/);
    expect(html).toContain('<input type="search" aria-label="Search Region" placeholder="214 options"');
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Clear all<\/button>/);
    expect(html).not.toMatch(/<form method="get" id=/);
  });
});

describe('field values', () => {
  it('search narrows the options by label but keeps the chosen ones', () => {
    const options = [{ value: 'a', label: 'Alpha' }, { value: 'b', label: 'Beta' }, { value: 'c', label: 'Gamma' }];
    expect(matchingOptions(options, 'ET', []).map((o) => o.value)).toEqual(['b']);
    expect(matchingOptions(options, 'et', ['c']).map((o) => o.value)).toEqual(['b', 'c']);
    expect(matchingOptions(options, '  ', [])).toHaveLength(3);
  });

  it('Clear all empties selects and ranges and sets time ranges to No filter', () => {
    expect(clearedDraft(bar())).toEqual({
      'NATIVE_FILTER-region': { kind: 'list', values: [] },
      'NATIVE_FILTER-country': { kind: 'list', values: [] },
      'NATIVE_FILTER-pop': { kind: 'range', min: '', max: '' },
      'NATIVE_FILTER-time': { kind: 'list', values: ['No filter'] },
      'NATIVE_FILTER-grain': { kind: 'list', values: [] },
    });
  });
});

describe('the form scheme', () => {
  it('names the fields and NULL as the native filters engine reads them', () => {
    expect([FORM_PREFIX, NATIVE_FILTERS_PARAM, NULL_LABEL]).toEqual([URL_FORM_PREFIX, URL_NATIVE_FILTERS_PARAM, MASK_NULL_LABEL]);
  });
});

describe('draftOf', () => {
  it('reads an unset filter (null) as no values, and a chosen NULL as <NULL>', () => {
    const base = { kind: 'filter', id: 'f', name: 'F', description: '', filterType: 'filter_select', multiSelect: true, required: false, inverseSelection: false,
      searchAllOptions: false, options: [], optionsError: null, optionCount: 0, range: null, parents: [], error: null, value: null } as FilterBarFilter;
    expect(draftOf({ ...base, value: null })).toEqual({ kind: 'list', values: [] });
    expect(draftOf({ ...base, value: [null, 'x'] })).toEqual({ kind: 'list', values: ['<NULL>', 'x'] });
  });
});

describe('FilterBar hydrated with apply (no reload)', () => {
  const apply = async () => undefined;

  it('keeps Apply, disabled while a mask is being applied, and stays a GET form for the markup', () => {
    const idle = renderToStaticMarkup(<FilterBar filters={bar()} keep={[]} hydrated apply={apply} />);
    expect(idle).toMatch(/<form method="get" aria-label="Filters"/);
    expect(/<button[^>]*>Apply filters<\/button>/.exec(idle)?.[0]).not.toContain('disabled=""');
    const busy = renderToStaticMarkup(<FilterBar filters={bar()} keep={[]} hydrated apply={apply} applying />);
    expect(/<button[^>]*>Apply filters<\/button>/.exec(busy)?.[0]).toContain('disabled=""');
    expect(busy).toContain('aria-busy="true"');
  });

  it('has no Apply button in instant mode, but keeps it without scripts or without apply (the form must still submit)', () => {
    expect(renderToStaticMarkup(<FilterBar filters={bar({ instant: true })} keep={[]} hydrated apply={apply} />)).not.toContain('Apply filters');
    expect(renderToStaticMarkup(<FilterBar filters={bar({ instant: true })} keep={[]} hydrated={false} apply={apply} />)).toContain('Apply filters');
    expect(renderToStaticMarkup(<FilterBar filters={bar({ instant: true })} keep={[]} hydrated />)).toContain('Apply filters');
  });

  it('draws each numerical range display: inputs, sliders with the bounds as hidden fields, or both, all sending .min and .max', () => {
    const draw = (display: 'slider' | 'input' | 'slider-and-input') =>
      renderToStaticMarkup(<FilterBar filters={bar({ items: [{ ...population, range: { min: 0, max: 1000, display } }] })} keep={[]} hydrated apply={apply} />);
    const input = draw('input');
    expect(input).not.toContain('type="range"');
    expect(input).toMatch(/type="number" name="nf\.NATIVE_FILTER-pop\.min"[^>]*value="10"/);
    const slider = draw('slider');
    expect(slider.match(/type="range"/g)).toHaveLength(2);
    expect(slider).not.toContain('type="number"');
    expect(slider).toContain('<input type="hidden" name="nf.NATIVE_FILTER-pop.min" value="10"/>');
    // The open upper bound sits at the column's largest value.
    expect(/<input[^>]*aria-label="Population maximum slider"[^>]*>/.exec(slider)?.[0]).toMatch(/ value="1000"/);
    const both = draw('slider-and-input');
    expect(both.match(/type="range"/g)).toHaveLength(2);
    expect(both).toMatch(/type="number" name="nf\.NATIVE_FILTER-pop\.max"[^>]*value=""/);
    expect(both).not.toContain('type="hidden" name="nf.NATIVE_FILTER-pop');
  });
});
