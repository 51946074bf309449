import { describe, expect, it } from 'vitest';
import { GenericDataType, type ChartDataResult } from '~/lib/chart-data/types';
import { createColorContext } from '~/lib/colors';
import type { FormData, TransformInput, VizDatasource } from '../types';
import { chartIdOf, FILTER_BOX_SELECTION_KEY, readFilterBoxSelection } from './fields';
import { castChoice, defaultChoices, readFilterConfigs, validateFilterConfigs } from './filter-configs';
import { legacyFilterBoxData, transformProps } from './transform-props';

const column = (column_name: string, extra: Partial<VizDatasource['columns'][number]> = {}) => ({
  column_name, verbose_name: null, type: 'VARCHAR', type_generic: 1, is_dttm: false, ...extra,
});

const datasource: VizDatasource = {
  id: 7,
  type: 'table',
  name: 'wb_health_population',
  columns: [column('region', { verbose_name: 'World region' }), column('country_name'), column('ds', { is_dttm: true, type: 'DATE', type_generic: 2 }), column('year', { type: 'BIGINT', type_generic: 0 })],
  metrics: [],
  verboseMap: {},
};

const regions: ChartDataResult = {
  data: [{ region: 'South Asia', sum__pop: 300 }, { region: 'Europe', sum__pop: 200 }, { region: null, sum__pop: 5 }],
  colnames: ['region', 'sum__pop'],
  coltypes: [GenericDataType.STRING, GenericDataType.NUMERIC],
  rowcount: 3,
};
const countries: ChartDataResult = { data: [{ country_name: 'France' }, { country_name: 'Peru' }], colnames: ['country_name'], coltypes: [GenericDataType.STRING], rowcount: 2 };

const configs = [
  { column: 'region', metric: 'sum__pop', asc: false },
  { column: 'country_name', label: 'Country', multiple: false, clearable: false, defaultValue: 'Peru' },
];

function input(formData: Partial<FormData>, queriesData: ChartDataResult[] = [regions, countries]): TransformInput {
  return {
    formData: { viz_type: 'filter_box', datasource: '7__table', slice_id: 12, filter_configs: configs, ...formData },
    queriesData,
    width: 300,
    height: 400,
    datasource,
    colors: createColorContext(),
    theme: 'light',
  };
}

describe('filter_box transformProps', () => {
  it('makes one select per filter column with its choices, in the answer order, nulls left out', () => {
    const { props } = transformProps(input({}));
    expect(props.filters.map((f) => f.column)).toEqual(['region', 'country_name']);
    expect(props.filters[0].options).toEqual([
      { value: 'South Asia', text: 'South Asia', metric: 300 },
      { value: 'Europe', text: 'Europe', metric: 200 },
    ]);
    expect(props.filters[1].options.map((o) => o.text)).toEqual(['France', 'Peru']);
  });

  it("labels each filter (its label, else the column's verbose name, else the column) with Superset's placeholder", () => {
    const [region, country] = transformProps(input({})).props.filters;
    expect(region.label).toBe('World region');
    expect(region.placeholder).toBe('Type or Select [World region]');
    expect(country.label).toBe('Country');
    expect(country.placeholder).toBe('Type or Select [Country]');
    expect(transformProps(input({})).props.noResultsText).toBe('No results found');
  });

  it('names the fields filter_box.<chartId>.<column> and carries multiple and clearable', () => {
    const [region, country] = transformProps(input({})).props.filters;
    expect(region).toMatchObject({ name: 'filter_box.12.region', multiple: true, clearable: true });
    expect(country).toMatchObject({ name: 'filter_box.12.country_name', multiple: false, clearable: false });
    expect(transformProps(input({ slice_id: undefined })).props.filters[0].name).toBe('filter_box.0.region');
  });

  it("chooses the filter's default value, or the page's selection (kept even when not among the choices)", () => {
    const defaults = transformProps(input({})).props.filters;
    expect(defaults[0].selected).toEqual([]);
    expect(defaults[1].selected).toEqual(['Peru']);
    const chosen = transformProps(input({ [FILTER_BOX_SELECTION_KEY]: { region: ['Europe', 'Atlantis'], country_name: ['France', 'Peru'] } })).props.filters;
    expect(chosen[0].selected).toEqual(['Europe', 'Atlantis']);
    expect(chosen[0].options[0]).toEqual({ value: 'Atlantis', text: 'Atlantis', metric: null });
    expect(chosen[1].selected).toEqual(['France']);
  });

  it("shows the dashboard's selection for the box (extra_form_data.custom_form_data), the page's own first", () => {
    const extra = { extra_form_data: { custom_form_data: { [FILTER_BOX_SELECTION_KEY]: { region: ['Europe'], __time_range: ['Last year'] } } } };
    const props = transformProps(input(extra)).props;
    expect(props.filters[0].selected).toEqual(['Europe']);
    expect(props.timeRange?.selected).toBe('Last year');
    const own = transformProps(input({ ...extra, [FILTER_BOX_SELECTION_KEY]: { region: ['South Asia'] } })).props;
    expect(own.filters[0].selected).toEqual(['South Asia']);
  });

  it('shows the time range (with its hint), and the time grain and column only when asked', () => {
    const plain = transformProps(input({})).props;
    expect(plain.timeRange).toMatchObject({ label: 'Time Range', hint: 'Select start and end date', name: 'filter_box.12.__time_range', selected: 'No filter' });
    expect(plain.timeRange?.options.map((o) => o.value)).toEqual(expect.arrayContaining(['No filter', 'Last week', 'previous calendar month']));
    expect(plain.timeGrain).toBeNull();
    expect(plain.timeColumn).toBeNull();
    expect(transformProps(input({ date_filter: false })).props.timeRange).toBeNull();

    const all = transformProps(input({ show_sqla_time_granularity: true, show_sqla_time_column: true, [FILTER_BOX_SELECTION_KEY]: { __time_range: ['Last 90 days'], __time_grain: ['P1M'] } })).props;
    expect(all.timeRange?.selected).toBe('Last 90 days');
    expect(all.timeRange?.options.at(-1)).toEqual({ value: 'Last 90 days', label: 'Last 90 days' });
    expect(all.timeGrain).toMatchObject({ label: 'Time Grain', name: 'filter_box.12.__time_grain', selected: 'P1M' });
    expect(all.timeGrain?.options).toContainEqual({ value: 'P1M', label: 'Month' });
    expect(all.timeColumn).toMatchObject({ label: 'Time Column', name: 'filter_box.12.__time_col', options: [{ value: 'ds', label: 'ds' }] });
  });

  it('applies instantly unless instant_filtering is off', () => {
    expect(transformProps(input({})).props.instantFiltering).toBe(true);
    expect(transformProps(input({ instant_filtering: false })).props.instantFiltering).toBe(false);
  });

  it('shows temporal choices as dates', () => {
    const days: ChartDataResult = { data: [{ ds: Date.UTC(2024, 0, 31) }], colnames: ['ds'], coltypes: [GenericDataType.TEMPORAL], rowcount: 1 };
    const [ds] = transformProps(input({ filter_configs: [{ column: 'ds' }] }, [days])).props.filters;
    expect(ds.options).toEqual([{ value: '2024-01-31 00:00:00', text: '2024-01-31 00:00:00', metric: null }]);
  });

  it("gives Superset's legacy payload: column → (id, text, metric)", () => {
    const data = legacyFilterBoxData(input({}).formData, [regions, countries]);
    expect(data.region[0]).toEqual({ id: 'South Asia', text: 'South Asia', metric: 300 });
    expect(data.country_name).toEqual([{ id: 'France', text: 'France' }, { id: 'Peru', text: 'Peru' }]);
  });
});

describe('filter_box configs and fields', () => {
  it('fills the defaults and validates the list', () => {
    expect(readFilterConfigs([{ column: 'a' }])).toEqual([{ column: 'a', label: undefined, multiple: true, searchAllOptions: false, clearable: true, defaultValue: null, asc: true, metric: null }]);
    expect(validateFilterConfigs([{ column: 'a' }], { formData: { viz_type: 'filter_box' }, datasource: null })).toBe(false);
    expect(validateFilterConfigs('[{"column": "a"}]', { formData: { viz_type: 'filter_box' }, datasource: null })).toBe(false);
    expect(validateFilterConfigs('[{"label": "a"}]', { formData: { viz_type: 'filter_box' }, datasource: null })).toMatch(/each with a column/);
    expect(validateFilterConfigs('nope', { formData: { viz_type: 'filter_box' }, datasource: null })).toMatch(/JSON list/);
  });

  it("splits a multiple filter's default on ';' and casts a choice by the column's type", () => {
    expect(defaultChoices(readFilterConfigs([{ column: 'a', defaultValue: 'x; y;;z' }])[0])).toEqual(['x', 'y', 'z']);
    expect(defaultChoices(readFilterConfigs([{ column: 'a', multiple: false, defaultValue: 'x;y' }])[0])).toEqual(['x;y']);
    expect(castChoice('42', datasource.columns[3])).toBe(42);
    expect(castChoice('abc', datasource.columns[3])).toBeNull();
    expect(castChoice('1.5', column('f', { type: 'DOUBLE' }))).toBe(1.5);
    expect(castChoice('true', column('b', { type: 'BOOLEAN' }))).toBe(true);
    expect(castChoice('Peru', datasource.columns[1])).toBe('Peru');
  });

  it('reads one chart’s choices back from a query string', () => {
    const params = new URLSearchParams('filter_box.12.region=Europe&filter_box.12.region=Asia&filter_box.12.a.b=1&filter_box.12.country_name=&filter_box.3.region=X&other=1');
    expect(readFilterBoxSelection(params, 12)).toEqual({ region: ['Europe', 'Asia'], 'a.b': ['1'] });
    expect(chartIdOf({ viz_type: 'filter_box', slice_id: 12 })).toBe(12);
  });
});
