import { describe, expect, it } from 'vitest';
import { applyEssentialInput, essentialControlsOf, essentialValuesOf, filterAsSql } from './essential-form';

const input = (over: Partial<Parameters<typeof applyEssentialInput>[2]> = {}) => ({
  savedMetrics: [], sqlMetrics: '', groupby: [], xAxis: '', filters: '', timeRange: '', rowLimit: '', ...over,
});

describe('essential controls', () => {
  it('are the ones the chart type has, in the form order', () => {
    expect(essentialControlsOf(['color_scheme', 'row_limit', 'groupby', 'metric', 'adhoc_filters'])).toEqual(['metric', 'groupby', 'adhoc_filters', 'row_limit']);
  });

  it('shows simple filters as SQL lines and leaves out time range and HAVING filters', () => {
    expect(filterAsSql({ expressionType: 'SIMPLE', subject: 'gender', operator: '==', comparator: "o'neil" })).toBe("gender == 'o''neil'");
    expect(filterAsSql({ expressionType: 'SIMPLE', subject: 'state', operator: 'IN', comparator: ['CA', 'NY'] })).toBe("state IN ('CA', 'NY')");
    expect(filterAsSql({ expressionType: 'SIMPLE', subject: 'my col', operator: 'IS NULL' })).toBe('"my col" IS NULL');
    expect(filterAsSql({ expressionType: 'SIMPLE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'Last week' })).toBeNull();
    expect(filterAsSql({ expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(num) > 3' })).toBeNull();
    expect(filterAsSql({ expressionType: 'SQL', clause: 'WHERE', sqlExpression: ' num > 3 ' })).toBe('num > 3');
  });

  it('reads the form data into the form', () => {
    const values = essentialValuesOf({
      metrics: ['count', { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'SUM(num)' }, { expressionType: 'SIMPLE', aggregate: 'MAX', column: { column_name: 'num' } }],
      groupby: ['gender'],
      adhoc_filters: [{ expressionType: 'SIMPLE', subject: 'gender', operator: '==', comparator: 'boy', clause: 'WHERE' }],
      row_limit: 100,
    });
    expect(values).toEqual({ savedMetrics: ['count'], sqlMetrics: 'SUM(num)\nMAX(num)', groupby: ['gender'], xAxis: '', filters: "gender == 'boy'", timeRange: 'No filter', rowLimit: '100' });
  });

  it('writes the form into the form data the type has, keeping the rest and the filters it does not show', () => {
    const timeFilter = { expressionType: 'SIMPLE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'No filter', clause: 'WHERE' };
    const { formData, errors } = applyEssentialInput(
      { viz_type: 'pie', color_scheme: 'bnbColors', adhoc_filters: [timeFilter, { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'old' }] },
      ['metric', 'groupby', 'adhoc_filters', 'row_limit'],
      input({ savedMetrics: ['count'], groupby: ['state'], filters: "gender = 'boy'\n\n num > 3", rowLimit: '25', timeRange: 'Last week' }),
    );
    expect(errors).toEqual({});
    expect(formData).toMatchObject({ viz_type: 'pie', color_scheme: 'bnbColors', metric: 'count', groupby: ['state'], row_limit: 25 });
    expect(formData.time_range).toBeUndefined();
    expect((formData.adhoc_filters as { sqlExpression?: string }[]).map((f) => f.sqlExpression ?? 'time')).toEqual(['time', "gender = 'boy'", 'num > 3']);
  });

  it('turns typed SQL metrics into adhoc metrics named by their expression, the same each time', () => {
    const a = applyEssentialInput({ viz_type: 'table' }, ['metrics'], input({ sqlMetrics: 'SUM(num)' })).formData;
    const b = applyEssentialInput({ viz_type: 'table' }, ['metrics'], input({ sqlMetrics: 'SUM(num)' })).formData;
    expect(a.metrics).toEqual([{ expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'SUM(num)', hasCustomLabel: false, optionName: expect.any(String) }]);
    expect(a).toEqual(b);
  });

  it("says what is wrong in the spec's words", () => {
    const { errors } = applyEssentialInput({ viz_type: 'echarts_timeseries_line' }, ['metrics', 'x_axis', 'row_limit'], input({ rowLimit: '10.5' }));
    expect(errors).toEqual({ savedMetrics: 'cannot be empty', xAxis: 'cannot be empty', rowLimit: 'is expected to be an integer' });
  });
});
