import { describe, expect, it } from 'vitest';
import { GenericDataType, type ChartDataResult } from '~/lib/chart-data/types';
import { createColorContext } from '~/lib/colors';
import type { FormData, TransformInput } from '../types';
import { normalizeSeriesType, transformProps } from './transform-props';

const jan = (d: number) => Date.UTC(2020, 0, d);
const answerA: ChartDataResult = {
  data: [
    { order_date: jan(1), 'SUM(sales)': 1000 },
    { order_date: jan(2), 'SUM(sales)': 2500 },
  ],
  colnames: ['order_date', 'SUM(sales)'],
  coltypes: [GenericDataType.TEMPORAL, GenericDataType.NUMERIC],
  rowcount: 2,
};
const answerB: ChartDataResult = {
  data: [
    { order_date: jan(1), boy: 3, girl: 4 },
    { order_date: jan(2), boy: 5, girl: null },
  ],
  colnames: ['order_date', 'boy', 'girl'],
  coltypes: [GenericDataType.TEMPORAL, GenericDataType.NUMERIC, GenericDataType.NUMERIC],
  rowcount: 2,
};

function input(formData: Partial<FormData>): TransformInput {
  return {
    formData: {
      viz_type: 'mixed_timeseries',
      x_axis: 'order_date',
      time_grain_sqla: 'P1D',
      metrics: ['SUM(sales)'],
      metrics_b: ['count'],
      groupby_b: ['gender'],
      seriesType: 'line',
      seriesTypeB: 'bar',
      yAxisIndex: 0,
      yAxisIndexB: 1,
      y_axis_format: '$,.0f',
      y_axis_format_secondary: ',.1f',
      ...formData,
    },
    queriesData: [answerA, answerB],
    width: 800,
    height: 400,
    datasource: { id: 1, type: 'table', name: 't', columns: [], metrics: [], verboseMap: {} },
    colors: createColorContext(),
    theme: 'light',
  };
}

type S = { id: string; name: string; type: string; yAxisIndex: number; stack?: string; areaStyle?: unknown; step?: string; data: unknown[][] };
type Y = { axisLabel: { formatter: (v: number) => string }; alignTicks: boolean; min?: number; max?: number };
const optionOf = (fd: Partial<FormData> = {}) =>
  transformProps(input(fd)).option as { series: S[]; yAxis: Y[]; xAxis: Record<string, unknown>; legend: { data: string[] }; tooltip: { formatter: (p: unknown) => string } };

describe('mixed_timeseries transformProps', () => {
  it("draws query A's series and query B's on their own axes and types", () => {
    const { series } = optionOf();
    expect(series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['SUM(sales)', 'line', 0],
      // Superset's default series order: by name, descending.
      ['girl', 'bar', 1],
      ['boy', 'bar', 1],
    ]);
    expect(series[0].data).toEqual([
      [jan(1), 1000],
      [jan(2), 2500],
    ]);
  });

  it('formats each y axis with its own format and aligns ticks when both are used', () => {
    const { yAxis, xAxis } = optionOf();
    expect(yAxis[0].axisLabel.formatter(1234)).toBe('$1,234');
    expect(yAxis[1].axisLabel.formatter(3)).toBe('3.0');
    expect(yAxis[0].alignTicks).toBe(true);
    expect(xAxis.type).toBe('time');
    expect(optionOf({ yAxisIndexB: 0 }).yAxis[0].alignTicks).toBe(false);
  });

  it('stacks each query on its own and draws areas, steps and scatter as asked', () => {
    const { series } = optionOf({ stackB: true, seriesType: 'start', area: true });
    expect(series[1].stack).toBe(series[2].stack);
    expect(series[1].stack).toMatch(/\nb$/);
    expect(series[0].stack).toBeUndefined();
    expect(series[0].step).toBe('start');
    expect(series[0].areaStyle).toBeDefined();
    expect(optionOf({ seriesTypeB: 'scatter' }).series[1].type).toBe('scatter');
  });

  it('keeps a B series of the same name as an A series apart', () => {
    const same = { ...answerB, data: [{ order_date: jan(1), 'SUM(sales)': 9 }], colnames: ['order_date', 'SUM(sales)'] };
    const model = transformProps({ ...input({}), queriesData: [answerA, same] });
    const ids = (model.option.series as S[]).map((s) => s.id);
    expect(ids).toEqual(['SUM(sales)', 'SUM(sales) (1)']);
  });

  it('uses the bounds of each axis; contribution mode is in percent from 0 to 1', () => {
    const { yAxis } = optionOf({ y_axis_bounds: [0, 5000], y_axis_bounds_secondary: [null, 10] });
    expect([yAxis[0].min, yAxis[0].max, yAxis[1].min, yAxis[1].max]).toEqual([0, 5000, undefined, 10]);
    const contribution = optionOf({ contributionMode: 'row', stack: true });
    expect(contribution.yAxis[0].axisLabel.formatter(0.5)).toBe('50%');
    expect([contribution.yAxis[0].min, contribution.yAxis[0].max]).toEqual([0, 1]);
  });

  it('lists every series in the legend and formats the tooltip rows by their axis', () => {
    const option = optionOf();
    expect(option.legend.data).toEqual(['SUM(sales)', 'girl', 'boy']);
    const html = option.tooltip.formatter([
      { seriesId: 'SUM(sales)', seriesName: 'SUM(sales)', value: [jan(2), 2500] },
      { seriesId: 'boy', seriesName: 'boy', value: [jan(2), 5] },
      { seriesId: 'girl', seriesName: 'girl', value: [jan(2), null] },
    ]);
    expect(html).toContain('2020-01-02');
    expect(html).toContain('$2,500');
    expect(html).toContain('5.0');
    expect(html).toContain('N/A');
  });

  it('reads series types saved as chart type names', () => {
    expect(normalizeSeriesType('echarts_timeseries_bar')).toEqual({ seriesType: 'bar', area: false });
    expect(normalizeSeriesType('echarts_area')).toEqual({ seriesType: 'line', area: true });
    expect(normalizeSeriesType('echarts_timeseries_step')).toEqual({ seriesType: 'start', area: false });
    expect(normalizeSeriesType(undefined)).toEqual({ seriesType: 'line', area: false });
  });
});
