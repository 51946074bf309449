import { describe, expect, it } from 'vitest';
import { GenericDataType } from '~/lib/chart-data/types';
import { createColorContext, getSequentialColors } from '~/lib/colors';
import type { FormData, TransformInput } from '../types';
import { transformProps } from './transform-props';

const data = [
  { platform: 'PS', genre: 'Action', count: 30, rank: 1 },
  { platform: 'PS', genre: 'Sports', count: 10, rank: 0.5 },
  { platform: 'Wii', genre: 'Action', count: 20, rank: 0.75 },
  { platform: 'Wii', genre: 'Sports', count: null, rank: null },
];

function input(formData: Partial<FormData>): TransformInput {
  return {
    formData: { viz_type: 'heatmap_v2', x_axis: 'platform', groupby: 'genre', metric: 'count', linear_color_scheme: 'schemeBlues', ...formData },
    queriesData: [
      {
        data,
        colnames: ['platform', 'genre', 'count', 'rank'],
        coltypes: [GenericDataType.STRING, GenericDataType.STRING, GenericDataType.NUMERIC, GenericDataType.NUMERIC],
        rowcount: 4,
      },
    ],
    width: 600,
    height: 400,
    datasource: { id: 1, type: 'table', name: 't', columns: [], metrics: [], verboseMap: {} },
    colors: createColorContext(),
    theme: 'light',
  };
}

type Opt = {
  series: { data: unknown[][]; label: { show: boolean; formatter: (p: unknown) => string } }[];
  visualMap: Record<string, unknown>;
  tooltip: { formatter: (p: unknown) => string };
  xAxis: { data: string[]; axisLabel: { interval: unknown; formatter: (v: unknown) => string } };
  yAxis: { data: string[] };
};

describe('heatmap_v2 transformProps', () => {
  it('makes [x, y, value, rank] cells, nulls as <NULL>', () => {
    const option = transformProps(input({})).option as unknown as Opt;
    expect(option.series[0].data).toEqual([
      ['PS', 'Action', 30, 1],
      ['PS', 'Sports', 10, 0.5],
      ['Wii', 'Action', 20, 0.75],
      ['Wii', 'Sports', '<NULL>', '<NULL>'],
    ]);
  });

  it('colours by the sequential scheme between the data extremes, or the value bounds', () => {
    const { visualMap } = transformProps(input({})).option as unknown as Opt;
    expect(visualMap).toMatchObject({ type: 'continuous', min: 10, max: 30, dimension: 2, itemHeight: 300, show: true });
    expect((visualMap.inRange as { color: string[] }).color).toEqual(getSequentialColors('schemeBlues'));
    const bounded = (transformProps(input({ value_bounds: [0, '100'], legend_type: 'piecewise', show_legend: false })).option as unknown as Opt).visualMap;
    expect(bounded).toMatchObject({ type: 'piecewise', min: 0, max: 100, itemHeight: 14, show: false });
  });

  it('colours by the rank when normalized', () => {
    const { visualMap } = transformProps(input({ normalized: true })).option as unknown as Opt;
    expect(visualMap).toMatchObject({ min: 0.5, max: 1, dimension: 3 });
  });

  it('shows formatted values in the cells when asked', () => {
    const { series } = transformProps(input({ show_values: true, y_axis_format: '.1f' })).option as unknown as Opt;
    expect(series[0].label.show).toBe(true);
    expect(series[0].label.formatter({ value: ['PS', 'Action', 30] })).toBe('30.0');
  });

  it('gives the share of the whole heatmap, of the x or of the y in the tooltip', () => {
    const tip = (fd: Partial<FormData>) => (transformProps(input({ show_percentage: true, ...fd })).option as unknown as Opt).tooltip.formatter({ value: ['PS', 'Sports', 10] });
    expect(tip({})).toContain('16.67% (heatmap)');
    expect(tip({})).toContain('PS (Sports)');
    expect(tip({ normalize_across: 'x' })).toContain('25.00% (PS)');
    expect(tip({ normalize_across: 'y' })).toContain('100.00% (Sports)');
    expect((transformProps(input({ show_percentage: false })).option as unknown as Opt).tooltip.formatter({ value: ['PS', 'Sports', 10] })).not.toContain('%');
  });

  it('sorts the axes by their values, or keeps the metric order of the query', () => {
    const asc = transformProps(input({})).option as unknown as Opt;
    expect(asc.xAxis.data).toEqual(['PS', 'Wii']);
    expect(asc.yAxis.data).toEqual(['Action', 'Sports']);
    const desc = transformProps(input({ sort_x_axis: 'alpha_desc', sort_y_axis: 'value_desc' })).option as unknown as Opt;
    expect(desc.xAxis.data).toEqual(['Wii', 'PS']);
    expect(desc.yAxis.data).toEqual(['Action', 'Sports']);
  });

  it('names temporal categories by the time format', () => {
    const model = transformProps({
      ...input({ x_axis_time_format: '%Y-%m' }),
      queriesData: [{ data: [{ ds: Date.UTC(2020, 1, 1), genre: 'A', count: 1 }], colnames: ['ds', 'genre', 'count'], coltypes: [GenericDataType.TEMPORAL, 1, 0], rowcount: 1 }],
    });
    const option = model.option as unknown as Opt;
    expect(option.series[0].data[0][0]).toBe(String(Date.UTC(2020, 1, 1)));
    expect(option.xAxis.axisLabel.formatter(option.xAxis.data[0])).toBe('2020-02');
  });

  it('sets the axis label interval from xscale_interval', () => {
    expect((transformProps(input({ xscale_interval: -1 })).option as unknown as Opt).xAxis.axisLabel.interval).toBe('auto');
    expect((transformProps(input({ xscale_interval: 3 })).option as unknown as Opt).xAxis.axisLabel.interval).toBe(2);
  });
});
