import { describe, expect, it } from 'vitest';
import { CAL_HEATMAP, calendarRange, relativeDelta } from './cal-heatmap.server';

const D = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

describe('cal_heatmap', () => {
  it('keys values by seconds as Python prints floats, with start, domains and range', () => {
    const rows = [{ __timestamp: D(2020, 1, 1), count: 3 }, { __timestamp: D(2020, 1, 2), count: null }];
    expect(CAL_HEATMAP.data(rows, { formData: { domain_granularity: 'month', subdomain_granularity: 'day' }, metricLabels: ['count'], fromDttm: D(2020, 1, 1), toDttm: D(2020, 4, 1) })).toEqual({
      data: { count: { '1577836800.0': 3, '1577923200.0': null } },
      start: D(2020, 1, 1),
      domain: 'month',
      subdomain: 'day',
      range: 4,
    });
    expect(() => CAL_HEATMAP.data(rows, { formData: {}, metricLabels: ['count'], fromDttm: null, toDttm: D(2020, 1, 1) })).toThrow('Please provide both time bounds');
  });

  it('counts the domains a range spans as relativedelta does', () => {
    expect(relativeDelta(new Date(D(2019, 1, 31)), new Date(D(2020, 3, 1)))).toEqual({ years: 1, months: 1, days: 1 });
    expect(calendarRange('year', D(2019, 6, 1), D(2021, 1, 1))).toBe(3);
    expect(calendarRange('week', D(2020, 1, 1), D(2020, 1, 22))).toBe(4);
    expect(calendarRange('day', D(2020, 1, 1), D(2020, 1, 3))).toBe(3);
    expect(calendarRange('hour', D(2020, 1, 1), D(2020, 1, 2))).toBe(25);
  });
});
