import { describe, expect, it } from 'vitest';
import { createColorContext } from '~/lib/colors';
import type { ChartDataResult } from '~/lib/chart-data/types';
import type { FormData, TransformInput, VizDatasource } from '../types';
import { compileFormula, isValidFormula } from './formula';
import transformProps from './transform-props';
import { buildTooltipRows } from './tooltip';

const JAN = Date.UTC(2020, 0, 1);
const FEB = Date.UTC(2020, 1, 1);
const MAR = Date.UTC(2020, 2, 1);

const datasource: VizDatasource = { id: 1, type: 'table', name: 't', columns: [], metrics: [], verboseMap: {} };
const answer = (data: Record<string, unknown>[], extra: Partial<ChartDataResult> = {}): ChartDataResult => ({
  data,
  colnames: Object.keys(data[0] ?? {}),
  coltypes: Object.keys(data[0] ?? {}).map((k) => (k === 'ds' ? 2 : 0)),
  rowcount: data.length,
  ...extra,
});
const rows: Record<string, unknown>[] = [
  { ds: JAN, boy: 10, girl: 30 },
  { ds: FEB, boy: 20, girl: null },
  { ds: MAR, boy: 30, girl: 10 },
];
const base: FormData = {
  viz_type: 'echarts_timeseries_line',
  x_axis: 'ds',
  time_grain_sqla: 'P1M',
  metrics: ['count'],
  groupby: ['gender'],
  color_scheme: 'supersetColors',
};
const run = (fd: Partial<FormData>, data = rows, extra: Partial<TransformInput> = {}) =>
  transformProps({
    formData: { ...base, ...fd } as FormData,
    queriesData: [answer(data)],
    width: 800,
    height: 400,
    datasource,
    colors: createColorContext(),
    theme: 'light',
    ...extra,
  });
type S = Record<string, unknown> & { data: unknown[][] };
const seriesOf = (m: ReturnType<typeof run>) => m.option.series as S[];

describe('time-series transformProps', () => {
  it('makes one series per column, ordered by total, on a time axis', () => {
    const m = run({});
    const s = seriesOf(m);
    // boy totals 60, girl 40: descending by sum (Superset's default series order).
    expect(s.map((x) => x.name)).toEqual(['boy', 'girl']);
    expect(s[0].data).toEqual([
      [JAN, 10],
      [FEB, 20],
      [MAR, 30],
    ]);
    expect(s[1].data[1]).toEqual([FEB, null]);
    expect(s[0]).toMatchObject({ type: 'line', smooth: false, showSymbol: false, stack: undefined });
    expect((m.option.xAxis as Record<string, unknown>).type).toBe('time');
    expect((m.option.legend as { data: string[] }).data).toEqual(['boy', 'girl']);
    // supersetColors in order.
    expect(s.map((x) => (x.itemStyle as { color: string }).color)).toEqual(['#1FA8C9', '#454E7C']);
  });

  it('labels a monthly axis and the tooltip by grain', () => {
    const m = run({});
    const fmt = (m.option.xAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter;
    expect(fmt(FEB)).toBe('Feb 2020');
    const q = run({ time_grain_sqla: 'P3M' });
    expect((q.option.xAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter(JAN)).toBe('2020 Q1');
  });

  it('keeps a label colour across charts of the page', () => {
    const colors = createColorContext();
    run({}, rows, { colors });
    const other = run({}, [{ ds: JAN, girl: 1, other: 5 }], { colors });
    const colorOf = (name: string) => (seriesOf(other).find((s) => s.name === name)!.itemStyle as { color: string }).color;
    expect(colorOf('girl')).toBe('#454E7C');
  });

  it('stacks with gaps next to values filled with 0, and labels only the totals', () => {
    const m = run({ stack: 'Stack', show_value: true, only_total: true });
    const [boy, girl] = seriesOf(m);
    expect(boy.stack).toBe('obs');
    expect(girl.data[1]).toEqual([FEB, 0]);
    const label = girl.label as { formatter: (p: unknown) => string };
    // girl is the top series at every x: it carries the totals.
    expect(label.formatter({ value: [JAN, 30], dataIndex: 0, seriesIndex: 1, seriesName: 'girl' })).toBe('40');
    expect(label.formatter({ value: [MAR, 10], dataIndex: 2, seriesIndex: 1, seriesName: 'girl' })).toBe('40');
    const boyLabel = boy.label as { formatter: (p: unknown) => string };
    expect(boyLabel.formatter({ value: [JAN, 10], dataIndex: 0, seriesIndex: 0, seriesName: 'boy' })).toBe('');
    // Stacked categorical axes: a temporal x stays a time axis.
    expect((m.option.xAxis as { type: string }).type).toBe('time');
  });

  it('expands a stack to shares of 100 % with a percent axis', () => {
    const m = run({ stack: 'Expand', area: true });
    const [boy, girl] = seriesOf(m);
    expect(boy.data[0]).toEqual([JAN, 0.25]);
    expect(girl.data[0]).toEqual([JAN, 0.75]);
    expect(boy.areaStyle).toEqual({ opacity: 0.2 });
    const y = m.option.yAxis as { min: number; max: number; axisLabel: { formatter: (v: number) => string } };
    expect([y.min, y.max]).toEqual([0, 1]);
    expect(y.axisLabel.formatter(0.5)).toBe('50%');
  });

  it('draws horizontal bars with the axes swapped', () => {
    const m = run({ seriesType: 'bar', orientation: 'horizontal', stack: 'Stack' });
    const [boy] = seriesOf(m);
    expect(boy.type).toBe('bar');
    expect(boy.data[0]).toEqual([10, JAN]);
    expect((m.option.yAxis as { type: string }).type).toBe('time');
    expect((m.option.xAxis as { type: string }).type).toBe('value');
  });

  it('has step, smooth, scatter and marker styles', () => {
    expect(seriesOf(run({ seriesType: 'end' }))[0].step).toBe('end');
    expect(seriesOf(run({ seriesType: 'smooth' }))[0].smooth).toBe(true);
    expect(seriesOf(run({ seriesType: 'scatter' }))[0]).toMatchObject({ type: 'scatter', showSymbol: true });
    expect(seriesOf(run({ markerEnabled: true, markerSize: 9 }))[0]).toMatchObject({ showSymbol: true, symbolSize: 9 });
  });

  it('formats the y axis with the chart format, currency, log axis and bounds', () => {
    const y = (fd: Partial<FormData>) => run(fd).option.yAxis as Record<string, unknown> & { axisLabel: { formatter: (v: number) => string } };
    expect(y({ y_axis_format: ',.2f' }).axisLabel.formatter(1234.5)).toBe('1,234.50');
    expect(y({ y_axis_format: ',d', currency_format: { symbol: 'USD', symbolPosition: 'prefix' } }).axisLabel.formatter(1234)).toBe('$ 1,234');
    expect(y({ logAxis: true })).toMatchObject({ type: 'log', min: 10 });
    expect(y({ truncateYAxis: true, y_axis_bounds: [5, '40'] })).toMatchObject({ min: 5, max: 40, scale: true });
  });

  it('adds data zoom, legend placement and dims series outside the cross-filter', () => {
    const m = run({ zoomable: true, legendOrientation: 'right', legendType: 'plain' }, rows, { filterState: { selectedValues: ['girl'] } });
    expect((m.option.dataZoom as unknown[]).length).toBe(3);
    expect(m.option.legend).toMatchObject({ type: 'plain', orient: 'vertical', right: 0, top: 30 });
    const [boy, girl] = seriesOf(m);
    expect((boy.itemStyle as { opacity: number }).opacity).toBe(0.3);
    expect((girl.itemStyle as { opacity: number }).opacity).toBe(1);
  });

  it('samples long lines with LTTB', () => {
    const long = Array.from({ length: 5000 }, (_, i) => ({ ds: JAN + i * 60_000, v: Math.sin(i / 50) }));
    expect(seriesOf(run({ groupby: [] }, long))[0].sampling).toBe('lttb');
    expect(seriesOf(run({}))[0].sampling).toBeUndefined();
  });

  it('draws formula, event and interval annotation layers', () => {
    const layers = [
      { name: 'Target', annotationType: 'FORMULA', value: 'y = 2 * x + 1', show: true, color: '#ff0000', width: 2, style: 'dashed' },
      { name: 'Launches', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1, show: true, showLabel: true },
      { name: 'Holidays', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 2, show: true },
      { name: 'Hidden', annotationType: 'FORMULA', value: 'x', show: false },
    ];
    const annotation_data = {
      Launches: { columns: [], records: [{ start_dttm: FEB, end_dttm: FEB, short_descr: 'v2', long_descr: 'big one' }] },
      Holidays: { columns: [], records: [{ start_dttm: JAN, end_dttm: FEB, short_descr: 'Winter', long_descr: '' }] },
    };
    const m = transformProps({
      formData: { ...base, annotation_layers: layers } as FormData,
      queriesData: [answer(rows, { annotation_data })],
      width: 800,
      height: 400,
      datasource,
      colors: createColorContext(),
      theme: 'light',
    });
    const s = seriesOf(m);
    const formula = s.find((x) => x.name === 'Target')!;
    expect(formula.data[0]).toEqual([JAN, 2 * JAN + 1]);
    expect(formula.itemStyle).toEqual({ color: '#ff0000' });
    const event = s.find((x) => x.id === 'Event - Launches - v2\n\nbig one')!;
    expect((event.markLine as { data: unknown[] }).data).toEqual([{ name: 'Launches - v2\n\nbig one', xAxis: FEB }]);
    const interval = s.find((x) => String(x.id).startsWith('Interval'))!;
    expect((interval.markArea as { data: unknown[] }).data).toEqual([[{ name: 'Holidays - Winter', xAxis: JAN }, { xAxis: FEB }]]);
    expect(s.some((x) => x.name === 'Hidden')).toBe(false);
    expect((m.option.legend as { data: string[] }).data).toEqual(['boy', 'girl', 'Target']);
  });

  it('dashes time-shifted series and gives them the colour of their original', () => {
    const data = [{ ds: JAN, count: 5, 'count__1 year ago': 3 }];
    const m = run({ groupby: [], time_compare: ['1 year ago'], comparison_type: 'values', time_shift_color: true }, data);
    const [a, b] = seriesOf(m);
    expect(b.name).toBe('count__1 year ago');
    expect(b.lineStyle).toMatchObject({ type: 'dashed', width: 1, opacity: 0.7 });
    expect((b.itemStyle as { color: string }).color).toBe((a.itemStyle as { color: string }).color);
  });
});

describe('rich tooltip', () => {
  const params = [
    { seriesId: 'boy', marker: '', value: [JAN, 10] },
    { seriesId: 'girl', marker: '', value: [JAN, 30] },
    { seriesId: '<b>x</b>', marker: '', value: [JAN, 0] },
  ];
  const opts = {
    isHorizontal: false,
    richTooltip: true,
    sortByMetric: true,
    stacked: false,
    isMultiSeries: true,
    showTotal: true,
    showPercentage: true,
    percentValues: false,
    formatter: (v: number) => String(v),
    percentFormatter: (v: number) => `${Math.round(v * 100)}%`,
  };
  it('sorts by value, adds percentages and a total, escapes names', () => {
    expect(buildTooltipRows(params, opts).rows).toEqual([
      ['girl', '30', '75%'],
      ['boy', '10', '25%'],
      ['&lt;b&gt;x&lt;/b&gt;', '0', '0%'],
      ['Total', '40', '100%'],
    ]);
  });
  it('lists a stack top first and leaves out zeros', () => {
    expect(buildTooltipRows(params, { ...opts, sortByMetric: false, stacked: true, showPercentage: false }).rows).toEqual([
      ['girl', '30'],
      ['boy', '10'],
      ['Total', '40'],
    ]);
  });
});

describe('formula evaluator', () => {
  it('evaluates + - * / ^, parentheses, implicit products and functions', () => {
    expect(compileFormula('y = 2x + 1')(3)).toBe(7);
    expect(compileFormula('2 ^ 3 ^ 2')(0)).toBe(512);
    expect(compileFormula('-(x - 4) / 2 * 3')(2)).toBe(3);
    expect(compileFormula('sqrt(x) + abs(-1)')(9)).toBe(4);
    expect(compileFormula('x^2')(-3)).toBe(9);
    expect(compileFormula('-x^2')(3)).toBe(-9);
  });
  it('rejects anything else', () => {
    for (const bad of ['alert(1)', 'x +', '(x', 'process.exit()', 'x; y', '']) expect(isValidFormula(bad)).toBe(false);
  });
});
