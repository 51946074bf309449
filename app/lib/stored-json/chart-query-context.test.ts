import { describe, expect, it } from 'vitest';
import { readChartQueryContext } from './chart-query-context';

describe('readChartQueryContext', () => {
  it('reads the datasource and each query object with its extras and unknown keys', () => {
    const context = readChartQueryContext(JSON.stringify({
      datasource: { id: 3, type: 'table' }, force: false, result_format: 'json', result_type: 'full',
      form_data: { viz_type: 'table' },
      queries: [{ columns: ['gender'], metrics: ['count'], filters: [{ col: 'state', op: 'IN', val: ['CA'] }], extras: { where: '', time_grain_sqla: 'P1D' }, row_limit: 100, annotation_layers: [] }],
    }));
    expect(context.datasource).toEqual({ id: 3, type: 'table' });
    expect(context.queries).toHaveLength(1);
    expect(context.queries[0]).toMatchObject({ columns: ['gender'], row_limit: 100, extras: { time_grain_sqla: 'P1D' }, annotation_layers: [] });
    expect(context.queries[0].filters).toEqual([{ col: 'state', op: 'IN', val: ['CA'] }]);
  });

  it('leaves out query objects that are not objects and filters without an operator', () => {
    const context = readChartQueryContext(JSON.stringify({ queries: [null, 'x', { filters: [{ col: 'a' }, { col: 'b', op: '==', val: 1 }] }] }));
    expect(context.queries).toEqual([{ filters: [{ col: 'b', op: '==', val: 1 }] }]);
  });

  it('reads a missing or malformed context as no queries', () => {
    for (const text of [null, '', 'nope', '[]', '{"queries": "all"}']) expect(readChartQueryContext(text).queries).toEqual([]);
  });
});
