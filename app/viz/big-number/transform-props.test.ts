import { describe, expect, it } from 'vitest';
import { GenericDataType, type ChartDataResult } from '~/lib/chart-data/types';
import { createColorContext } from '~/lib/colors';
import type { FormData, TransformInput } from '../types';
import { aggregate, transformProps } from './transform-props';

const jan = (d: number) => Date.UTC(2020, 0, d);
const rows = [
  { ds: jan(1), count: 10 },
  { ds: jan(3), count: 15 },
  { ds: jan(2), count: 20 },
];

function input(formData: Partial<FormData>, data = rows, extra: Partial<ChartDataResult> = {}, second?: ChartDataResult): TransformInput {
  const first: ChartDataResult = { data, colnames: ['ds', 'count'], coltypes: [GenericDataType.TEMPORAL, GenericDataType.NUMERIC], rowcount: data.length, ...extra };
  return {
    formData: { viz_type: 'big_number', x_axis: 'ds', metric: 'count', time_grain_sqla: 'P1D', ...formData },
    queriesData: second ? [first, second] : [first],
    width: 400,
    height: 300,
    datasource: { id: 1, type: 'table', name: 't', columns: [], metrics: [], verboseMap: {} },
    colors: createColorContext(),
    theme: 'light',
  };
}

describe('big_number transformProps', () => {
  it('shows the latest value, and the trendline oldest first in the lower 30%', () => {
    const { props, height } = transformProps(input({}));
    expect(props.bigNumber).toBe(15);
    expect(props.header.text).toBe('15');
    expect(props.textHeight).toBe(height - 90);
    expect(props.trendline?.kind).toBe('echarts');
    expect(props.trendline?.height).toBe(90);
    const series = (props.trendline?.option.series as { data: unknown[]; color: string }[])[0];
    expect(series.data).toEqual([[jan(1), 10], [jan(2), 20], [jan(3), 15]]);
    expect(series.color).toBe('rgb(0, 122, 135)');
    expect(props.trendline?.option.yAxis).toEqual({ scale: false, show: false });
  });

  it('compares with compare_lag periods back: percent change, suffix and its colour', () => {
    const { props } = transformProps(input({ compare_lag: '1', compare_suffix: 'WoW' }));
    expect(props.subheader?.text).toBe('-25.0% WoW');
    expect(props.className).toBe('negative');
    const up = transformProps(input({ compare_lag: 2 })).props;
    expect(up.subheader?.text).toBe('+50.0%');
    expect(up.className).toBe('positive');
    // A lag beyond the data keeps the subheader.
    expect(transformProps(input({ compare_lag: 5, subheader: 'total' })).props.subheader?.text).toBe('total');
  });

  it('aggregates the points when asked, or takes the overall value of the second query', () => {
    expect(transformProps(input({ aggregation: 'sum' })).props.bigNumber).toBe(45);
    expect(transformProps(input({ aggregation: 'mean' })).props.bigNumber).toBe(15);
    expect(transformProps(input({ aggregation: 'max' })).props.bigNumber).toBe(20);
    const overall: ChartDataResult = { data: [{ count: 44 }], colnames: ['count'], coltypes: [GenericDataType.NUMERIC], rowcount: 1 };
    expect(transformProps(input({ aggregation: 'raw' }, rows, {}, overall)).props.bigNumber).toBe(44);
    expect(aggregate([[3, 1], [2, 5], [1, 2]], 'median')).toBe(2);
  });

  it('shows the timestamp in the grain format when show_timestamp is on', () => {
    const { props } = transformProps(input({ show_timestamp: true, time_format: 'smart_date' }));
    expect(props.kicker?.text).toBe('2020-01-03');
  });

  it("falls back to the latest non-null value and says 'Not up to date'", () => {
    const { props } = transformProps(input({}, [...rows, { ds: jan(4), count: null as unknown as number }]));
    expect(props.bigNumber).toBe(15);
    expect(props.fallbackWarning).toEqual({ text: 'Not up to date', title: 'Last available value seen on 2020-01-03' });
  });

  it("says 'No data' for an empty answer, without a trendline", () => {
    const { props } = transformProps(input({}, []));
    expect(props.header.text).toBe('No data');
    expect(props.subheader?.text).toBe('No data after filtering or data is NULL for the latest time record');
    expect(props.trendline).toBeNull();
  });

  it('hides the trendline with show_trend_line off: the texts take the whole height', () => {
    const { props } = transformProps(input({ show_trend_line: false, header_font_size: 0.5 }));
    expect(props.trendline).toBeNull();
    expect(props.textHeight).toBe(300);
    expect(props.header.height).toBe(150);
  });

  it('starts the y axis at the data minimum when start_y_axis_at_zero is off, and spans a fixed time range', () => {
    const { props } = transformProps(input({ start_y_axis_at_zero: false, time_range_fixed: true }, rows, { from_dttm: Date.UTC(2019, 11, 1), to_dttm: jan(10) }));
    expect(props.trendline?.option.yAxis).toEqual({ scale: true, show: false });
    const data = (props.trendline?.option.series as { data: unknown[] }[])[0].data;
    expect(data[0]).toEqual([Date.UTC(2019, 11, 1), null]);
    expect(data.at(-1)).toEqual([jan(10), null]);
  });

  it('formats with y_axis_format and colours from color_picker; the tooltip formats the point', () => {
    const { props } = transformProps(input({ y_axis_format: ',.2f', color_picker: { r: 1, g: 2, b: 3, a: 1 } }));
    expect(props.header.text).toBe('15.00');
    expect(props.mainColor).toBe('rgb(1, 2, 3)');
    const tooltip = props.trendline?.option.tooltip as { formatter: (p: unknown) => string };
    expect(tooltip.formatter([{ data: [jan(2), 20] }])).toContain('count: 20.00');
  });
});
