/** The pie model on fixed answers, with values worked out by hand from Superset's Pie transformProps. */
import { describe, expect, test } from 'vitest';
import { GenericDataType, type ChartDataResult } from '~/lib/chart-data/types';
import { createColorContext, categoricalSchemes } from '~/lib/colors';
import type { TransformInput, VizDatasource } from '../types';
import { formatTemplate, parseParams, pieLabelMap, transformProps } from './transform-props';
import type { PieFormData } from './types';

const datasource: VizDatasource = {
  id: 1,
  type: 'table',
  name: 'birth_names',
  columns: [{ column_name: 'gender', verbose_name: null, type: 'VARCHAR', type_generic: 1, is_dttm: false }],
  metrics: [
    { metric_name: 'count', verbose_name: 'COUNT(*)', d3format: null, currency: null },
    { metric_name: 'revenue', verbose_name: null, d3format: ',.1f', currency: { symbol: 'EUR', symbolPosition: 'suffix' } },
  ],
  verboseMap: {},
};

const answer: ChartDataResult = {
  data: [
    { gender: 'boy', count: 600 },
    { gender: 'girl', count: 300 },
    { gender: null, count: 100 },
  ],
  colnames: ['gender', 'count'],
  coltypes: [GenericDataType.STRING, GenericDataType.NUMERIC],
  rowcount: 3,
};

function input(formData: Partial<PieFormData>, extra: Partial<TransformInput<PieFormData>> = {}): TransformInput<PieFormData> {
  return {
    formData: { viz_type: 'pie', datasource: '1__table', metric: 'count', groupby: ['gender'], color_scheme: 'supersetColors', ...formData },
    queriesData: [answer],
    width: 800,
    height: 600,
    datasource,
    colors: createColorContext(),
    theme: 'light',
    ...extra,
  };
}

type Series = {
  type: string;
  radius: string[];
  roseType?: string;
  minShowLabelAngle: number;
  labelLine: { show: boolean };
  label: { show: boolean; position: string; formatter: (p: unknown) => string };
  data: { name: string; value: unknown; itemStyle: { color: string; opacity: number } }[];
  top: number;
  bottom: number;
  left: number;
  right: number;
};
const seriesOf = (option: Record<string, unknown>) => (option.series as Series[])[0];

describe('pie transformProps', () => {
  test('one pie series of the metric by group-by label, colours of the scheme', () => {
    const model = transformProps(input({}));
    expect(model).toMatchObject({ kind: 'echarts', width: 800, height: 600 });
    const series = seriesOf(model.option);
    expect(series.type).toBe('pie');
    expect(series.data.map((d) => [d.name, d.value])).toEqual([
      ['boy', 600],
      ['girl', 300],
      ['<NULL>', 100],
    ]);
    const scheme = categoricalSchemes.get('supersetColors').colors;
    expect(series.data.map((d) => d.itemStyle.color)).toEqual([scheme[0], scheme[1], scheme[2]]);
    expect(series.data.every((d) => d.itemStyle.opacity === 1)).toBe(true);
    // defaults: a pie (not a donut) of radius 70%, labels outside without lines, 5% threshold
    expect(series.radius).toEqual(['0%', '70%']);
    expect(series.minShowLabelAngle).toBeCloseTo(18);
    expect(series.label.position).toBe('outer');
    expect(series.labelLine).toEqual({ show: false });
    // the legend lists the labels, on top, taking 20px
    expect((model.option.legend as { data: string[]; top: number; orient: string })).toMatchObject({ data: ['boy', 'girl', '<NULL>'], top: 0, orient: 'horizontal' });
    expect(series.top).toBe(20);
    expect(model.option.graphic).toBeNull();
  });

  test('a label keeps its colour across the charts of a page', () => {
    const colors = createColorContext();
    transformProps(input({ slice_id: 1 }, { colors, queriesData: [{ ...answer, data: [{ gender: 'girl', count: 1 }] }] }));
    const second = seriesOf(transformProps(input({ slice_id: 2 }, { colors })).option);
    const girlFirst = categoricalSchemes.get('supersetColors').colors[0];
    expect(second.data.find((d) => d.name === 'girl')?.itemStyle.color).toBe(girlFirst);
  });

  test('labels by label type', () => {
    const params = { name: 'boy', value: 600, percent: 60, seriesName: 'count' };
    const label = (label_type: PieFormData['label_type'], extra: Partial<PieFormData> = {}) =>
      seriesOf(transformProps(input({ label_type, ...extra })).option).label.formatter(params);
    expect(label('key')).toBe('boy');
    expect(label('value')).toBe('600');
    expect(label('percent')).toBe('60.00%');
    expect(label('key_value')).toBe('boy: 600');
    expect(label('key_percent')).toBe('boy: 60.00%');
    expect(label('key_value_percent')).toBe('boy: 600 (60.00%)');
    expect(label('value_percent')).toBe('600 (60.00%)');
    expect(label('template', { label_template: '{name}\\n{value} of {a} ({d}%)' })).toBe('boy\n600 of count (60%)');
    expect(label('template')).toBe('');
    expect(label('value', { number_format: ',.2f' })).toBe('600.00');
  });

  test('currency and saved metric formats', () => {
    const revenue = { ...answer, data: [{ gender: 'boy', revenue: 1234.5 }], colnames: ['gender', 'revenue'] };
    // the chart's number format (SMART_NUMBER by default) with the metric's saved currency
    const model = transformProps(input({ metric: 'revenue', label_type: 'value' }, { queriesData: [revenue] }));
    expect(seriesOf(model.option).label.formatter({ name: 'boy', value: 1234.5, percent: 100 })).toBe('1.23k €');
    // no chart format (null, as Superset keeps it): the metric's saved d3format
    const saved = transformProps(input({ metric: 'revenue', label_type: 'value', number_format: null as never }, { queriesData: [revenue] }));
    expect(seriesOf(saved.option).label.formatter({ name: 'boy', value: 1234.5, percent: 100 })).toBe('1,234.5 €');
    const usd = transformProps(input({ label_type: 'value', currency_format: { symbol: 'USD', symbolPosition: 'prefix' }, number_format: ',.2f' }));
    expect(seriesOf(usd.option).label.formatter({ name: 'boy', value: 600, percent: 60 })).toBe('$ 600.00');
  });

  test('donut, rose type, inside labels with the label line off', () => {
    const series = seriesOf(transformProps(input({ donut: true, innerRadius: 44, outerRadius: 61, roseType: 'area', labels_outside: false, label_line: true })).option);
    expect(series.radius).toEqual(['44%', '61%']);
    expect(series.roseType).toBe('area');
    expect(series.label.position).toBe('inner');
    expect(series.labelLine).toEqual({ show: false });
    expect(seriesOf(transformProps(input({ label_line: true })).option).labelLine).toEqual({ show: true });
  });

  test('the total: sum of the values, in the middle of a donut below the legend', () => {
    const pie = transformProps(input({ show_total: true }));
    expect(pie.option.graphic).toMatchObject({ type: 'text', left: 'center', style: { text: 'Total: 1k' } });
    // pie with the legend on top: (20 + 15) / 600
    expect((pie.option.graphic as { top: string }).top).toBe(`${(35 / 600) * 100}%`);
    const donut = transformProps(input({ show_total: true, donut: true, show_legend: false }));
    expect(donut.option.graphic).toMatchObject({ top: 'middle', left: 'center' });
    const right = transformProps(input({ show_total: true, donut: true, legendOrientation: 'right' }));
    expect((right.option.graphic as { left: string }).left).toBe(`${50 - ((170 + 215) / 800 / 2) * 100}%`);
  });

  test('legend placement and margin', () => {
    const left = transformProps(input({ legendOrientation: 'left', legendMargin: 100 }));
    expect(left.option.legend).toMatchObject({ orient: 'vertical', left: 0, show: true });
    expect(seriesOf(left.option).left).toBe(100);
    const hidden = transformProps(input({ show_legend: false }));
    expect(hidden.option.legend).toMatchObject({ show: false });
    expect(seriesOf(hidden.option).top).toBe(0);
  });

  test('cross-filter selection dims the other slices', () => {
    const series = seriesOf(transformProps(input({}, { filterState: { selectedValues: ['girl'] } })).option);
    expect(series.data.map((d) => d.itemStyle.opacity)).toEqual([0.3, 1, 0.3]);
  });

  test('temporal and numeric group-by values, several columns', () => {
    const result: ChartDataResult = {
      data: [{ ds: Date.UTC(2020, 0, 1), n: 3, count: 5 }],
      colnames: ['ds', 'n', 'count'],
      coltypes: [GenericDataType.TEMPORAL, GenericDataType.NUMERIC, GenericDataType.NUMERIC],
      rowcount: 1,
    };
    const model = transformProps(input({ groupby: ['ds', 'n'], date_format: '%Y-%m-%d' }, { queriesData: [result] }));
    expect(seriesOf(model.option).data[0].name).toBe('2020-01-01, 3');
    expect(pieLabelMap({ viz_type: 'pie', groupby: ['ds', 'n'], date_format: '%Y-%m-%d' }, result)).toEqual({ '2020-01-01, 3': [Date.UTC(2020, 0, 1), 3] });
  });

  test('tooltip: metric, value and percentage; names escaped', () => {
    const tooltip = transformProps(input({})).option.tooltip as { formatter: (p: unknown) => string; trigger: string };
    expect(tooltip.trigger).toBe('item');
    const html = tooltip.formatter({ name: '<b>x</b>', value: 600, percent: 60 });
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).toContain('>count</td>');
    expect(html).toContain('>600</td>');
    expect(html).toContain('>60.00%</td>');
  });

  test('no rows: an empty pie', () => {
    const model = transformProps(input({}, { queriesData: [{ data: [], colnames: [], coltypes: [], rowcount: 0 }] }));
    expect(seriesOf(model.option).data).toEqual([]);
  });

  test('helpers', () => {
    expect(parseParams({ name: 'a', value: 1500, percent: 12.345 }, (v) => String(v))).toEqual(['a', '1500', '12.35%']);
    expect(formatTemplate('{b}: {c}', { name: '', value: '', percent: '' }, { name: 'a', value: 3 })).toBe('a: 3');
  });
});
