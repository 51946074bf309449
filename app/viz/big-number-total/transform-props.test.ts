import { describe, expect, it } from 'vitest';
import { GenericDataType } from '~/lib/chart-data/types';
type Coltype = (typeof GenericDataType)[keyof typeof GenericDataType];
import { createColorContext } from '~/lib/colors';
import type { FormData, TransformInput, VizDatasource } from '../types';
import { fitFontSize, parseMetricValue, thresholdColor, usableRules } from './kpi';
import { transformProps } from './transform-props';

const datasource: VizDatasource = {
  id: 1,
  type: 'table',
  name: 'sales',
  columns: [],
  metrics: [{ metric_name: 'revenue', verbose_name: null, d3format: null, currency: { symbol: 'EUR', symbolPosition: 'suffix' } }],
  verboseMap: {},
};

function input(formData: Partial<FormData>, rows: Record<string, unknown>[], coltypes: Coltype[] = [GenericDataType.NUMERIC]): TransformInput {
  return {
    formData: { viz_type: 'big_number_total', metric: 'count', ...formData },
    queriesData: [{ data: rows, colnames: Object.keys(rows[0] ?? { count: 0 }), coltypes, rowcount: rows.length }],
    width: 400,
    height: 200,
    datasource,
    colors: createColorContext(),
    theme: 'light',
  };
}

describe('big_number_total transformProps', () => {
  it('formats the value with y_axis_format and sizes the header from header_font_size', () => {
    const model = transformProps(input({ y_axis_format: ',d', header_font_size: 0.5, subheader: 'orders' }, [{ count: 1234567 }]));
    expect(model.kind).toBe('html');
    expect(model.props.bigNumber).toBe(1234567);
    expect(model.props.header.text).toBe('1,234,567');
    expect(model.props.header.height).toBe(100);
    expect(model.props.subheader?.text).toBe('orders');
    expect(model.props.subheader?.height).toBe(30);
  });

  it('uses the adaptive number format by default', () => {
    expect(transformProps(input({}, [{ count: 1234567 }])).props.header.text).toBe('1.23M');
  });

  it('uses the chart currency, else the saved metric’s currency', () => {
    const chart = transformProps(input({ currency_format: { symbol: 'USD', symbolPosition: 'prefix' }, y_axis_format: ',.2f' }, [{ count: 12.5 }]));
    expect(chart.props.header.text).toBe('$ 12.50');
    const saved = transformProps(input({ metric: 'revenue', y_axis_format: ',.1f' }, [{ revenue: 3 }]));
    expect(saved.props.header.text).toBe('3.0 €');
  });

  it('formats a temporal metric, or any metric with force_timestamp_formatting, as a date', () => {
    const temporal = transformProps(input({ metric: 'max_ds', time_format: '%Y-%m-%d' }, [{ max_ds: Date.UTC(2008, 0, 31) }], [GenericDataType.TEMPORAL]));
    expect(temporal.props.header.text).toBe('2008-01-31');
    const iso = transformProps(input({ metric: 'max_ds', time_format: '%Y-%m-%d' }, [{ max_ds: '2008-01-31T00:00:00' }], [GenericDataType.STRING]));
    expect(iso.props.header.text).toBe('2008-01-31');
    const forced = transformProps(input({ force_timestamp_formatting: true, time_format: '%Y' }, [{ count: Date.UTC(2020, 5, 1) }]));
    expect(forced.props.header.text).toBe('2020');
  });

  it("says 'No data' with Superset's subheader when the answer is empty or null", () => {
    const empty = transformProps(input({ subheader: 'ignored' }, []));
    expect(empty.props.bigNumber).toBeNull();
    expect(empty.props.header.text).toBe('No data');
    expect(empty.props.subheader?.text).toBe('No data after filtering or data is NULL for the latest time record');
    expect(transformProps(input({}, [{ count: null }])).props.header.text).toBe('No data');
  });

  it('colours the number by the last matching conditional formatting rule', () => {
    const rules = [
      { column: 'count', operator: '>', targetValue: 10, colorScheme: '#ACE1C4' },
      { column: 'count', operator: '< x <', targetValueLeft: 50, targetValueRight: 200, colorScheme: '#EFA1AA' },
      { column: 'count', operator: '>' }, // incomplete: ignored
    ];
    expect(transformProps(input({ conditional_formatting: rules }, [{ count: 100 }])).props.header.color).toBe('#EFA1AA');
    expect(transformProps(input({ conditional_formatting: rules }, [{ count: 20 }])).props.header.color).toBe('#ACE1C4');
    expect(transformProps(input({ conditional_formatting: rules }, [{ count: 5 }])).props.header.color).toBeUndefined();
    expect(transformProps(input({}, [{ count: 5 }])).props.header.color).toBeUndefined();
  });

  it('shows a subtitle line under the subheader', () => {
    const model = transformProps(input({ subtitle: ' since 2020 ', subtitle_font_size: 0.2 }, [{ count: 1 }]));
    expect(model.props.subheader).toBeNull();
    expect(model.props.subtitle).toMatchObject({ text: 'since 2020', height: 40 });
  });
});

describe('big_number_total metric name', () => {
  it('shows the saved metric’s verbose name above the number when asked', () => {
    const ds = { ...datasource, metrics: [{ ...datasource.metrics[0], verbose_name: 'Revenue' }] };
    const model = transformProps({ ...input({ metric: 'revenue', show_metric_name: true, metric_name_font_size: 0.2 }, [{ revenue: 3 }]), datasource: ds });
    expect(model.props.metricName).toMatchObject({ text: 'Revenue', height: 40 });
    expect(transformProps(input({}, [{ count: 3 }])).props.metricName).toBeNull();
  });
});

describe('kpi helpers', () => {
  it('parses ISO dates as epoch ms and other strings as null', () => {
    expect(parseMetricValue('2020-01-02')).toBe(Date.UTC(2020, 0, 2));
    expect(parseMetricValue('2020-01-02T03:04:05')).toBe(Date.UTC(2020, 0, 2, 3, 4, 5));
    expect(parseMetricValue('abc')).toBeNull();
    expect(parseMetricValue(7)).toBe(7);
  });

  it('fits the font to the height, and to the width for long texts', () => {
    expect(fitFontSize('12', 400, 80)).toBe(80);
    expect(fitFontSize('1,234,567,890', 200, 80)).toBe(Math.floor(200 / (13 * 0.62)));
  });

  it('keeps only complete rules; None matches any value', () => {
    const rules = usableRules([{ column: 'x', operator: 'None', colorScheme: 'red' }, { column: 'x', operator: '≥' }, null]);
    expect(rules).toHaveLength(1);
    expect(thresholdColor(rules, 3)).toBe('red');
  });
});
