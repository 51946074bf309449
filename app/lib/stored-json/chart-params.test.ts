import { describe, expect, it } from 'vitest';
import { datasourceOf, readChartParams } from './chart-params';

describe('readChartParams', () => {
  it('reads a form data, keeping the chart type’s own controls', () => {
    const params = readChartParams(JSON.stringify({
      datasource: '3__table', viz_type: 'echarts_timeseries_line', metrics: ['count'], groupby: ['gender'],
      adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: '==', comparator: 'CA' }],
      time_range: 'No filter', row_limit: '10000', x_axis: 'ds', rich_tooltip: true,
    }));
    expect(params).toMatchObject({ viz_type: 'echarts_timeseries_line', metrics: ['count'], row_limit: 10000, x_axis: 'ds', rich_tooltip: true });
    expect(params.adhoc_filters).toHaveLength(1);
    expect(datasourceOf(params)).toEqual({ id: 3, type: 'table' });
  });

  it('drops what does not fit, item by item', () => {
    const params = readChartParams(JSON.stringify({ viz_type: 7, row_limit: 'many', adhoc_filters: [{ clause: 'WHERE' }, 'junk', { operator: 3 }], url_params: { a: 'x', b: 2 } }));
    expect(params.viz_type).toBeUndefined();
    expect(params.row_limit).toBeUndefined();
    // A filter is kept with what of it fits; an item that is not an object is left out.
    expect(params.adhoc_filters).toEqual([{ clause: 'WHERE' }, {}]);
    expect(params.url_params).toEqual({ a: 'x' });
  });

  it('reads what is not a JSON object as {}, with no datasource', () => {
    for (const text of [null, '', '{', '[]', '42']) expect(readChartParams(text)).toEqual({});
    expect(datasourceOf(readChartParams('{"datasource": "3__table; DROP"}'))).toBeNull();
  });
});
