import { describe, expect, it } from 'vitest';
import type { LegacyVizContext } from './common.server';
import { BAR, HORIZON, processPivot, pivotOnTime, ROSE } from './nvd3-time-series.server';

const T1 = Date.UTC(2020, 0, 1);
const T2 = Date.UTC(2020, 1, 1);
const ctx = (formData: Record<string, unknown>, metricLabels: string[]): LegacyVizContext => ({ formData, metricLabels, fromDttm: null, toDttm: null });

const rows = [
  { __timestamp: T2, product_line: 'Planes', '(Sales)': 5 },
  { __timestamp: T1, product_line: 'Cars', '(Sales)': 10 },
  { __timestamp: T2, product_line: 'Cars', '(Sales)': 20 },
  { __timestamp: T1, product_line: null, '(Sales)': 99 }, // a missing group value: pandas drops the row
];

describe('horizon (NVD3 time series)', () => {
  it('pivots on time, one series per group keyed by the group values, missing points as null, sorted by key', () => {
    expect(HORIZON.data(rows, ctx({ groupby: ['product_line'] }, ['(Sales)']))).toEqual([
      { key: ['Cars'], values: [{ x: T1, y: 10 }, { x: T2, y: 20 }] },
      { key: ['Planes'], values: [{ x: T1, y: null }, { x: T2, y: 5 }] },
    ]);
    expect(HORIZON.isTimeseries).toBe(true);
    expect(HORIZON.data([], ctx({}, ['(Sales)']))).toBeNull();
  });

  it('keys by metric without groupby, keeps the metric in the key with several metrics, averages duplicates', () => {
    const plain = [{ __timestamp: T1, a: 1, b: 2 }, { __timestamp: T1, a: 3, b: null }];
    expect(HORIZON.data(plain, ctx({}, ['b', 'a']))).toEqual([
      { key: 'a', values: [{ x: T1, y: 2 }] },
      { key: 'b', values: [{ x: T1, y: 2 }] },
    ]);
    const grouped = [{ __timestamp: T1, g: 1, a: 1, b: null }];
    // b has no value at all: left out.
    expect(HORIZON.data(grouped, ctx({ groupby: ['g'] }, ['a', 'b']))).toEqual([{ key: ['a', '1'], values: [{ x: T1, y: 1 }] }]);
  });

  it('bar sorts series by their total, largest first', () => {
    expect((BAR.data(rows, ctx({ groupby: ['product_line'] }, ['(Sales)'])) as { key: unknown }[]).map((s) => s.key)).toEqual([['Cars'], ['Planes']]);
    const small = [{ __timestamp: T1, g: 'a', m: 1 }, { __timestamp: T1, g: 'b', m: 7 }];
    expect((BAR.data(small, ctx({ groupby: ['g'] }, ['m'])) as { key: unknown }[]).map((s) => s.key)).toEqual([['b'], ['a']]);
  });

  it('applies cumsum, rolling windows, min_periods and contribution', () => {
    const pivot = pivotOnTime([{ __timestamp: 1, m: 1 }, { __timestamp: 2, m: 2 }, { __timestamp: 3, m: 4 }], ['m'], []);
    expect(processPivot(pivot, { rolling_type: 'cumsum' }).columns[0].values).toEqual([1, 3, 7]);
    expect(processPivot(pivot, { rolling_type: 'mean', rolling_periods: 2 }).columns[0].values).toEqual([1, 1.5, 3]);
    expect(processPivot(pivot, { rolling_type: 'sum', rolling_periods: 2, min_periods: 2 })).toEqual({ index: [3], columns: [{ metric: 'm', groups: [], values: [6] }] });
    const two = pivotOnTime([{ __timestamp: 1, g: 'x', m: 1 }, { __timestamp: 1, g: 'y', m: 3 }], ['m'], ['g']);
    expect(processPivot(two, { contribution: true }).columns.map((c) => c.values)).toEqual([[0.25], [0.75]]);
  });
});

describe('rose', () => {
  it('regroups the series by time in nanoseconds, a missing value as 0', () => {
    expect(ROSE.data(rows, ctx({ groupby: ['product_line'] }, ['(Sales)']))).toEqual({
      [`${T1}000000`]: [
        { key: ['Cars'], value: 10, name: 'Cars', time: T1 },
        { key: ['Planes'], value: 0, name: 'Planes', time: T1 },
      ],
      [`${T2}000000`]: [
        { key: ['Cars'], value: 20, name: 'Cars', time: T2 },
        { key: ['Planes'], value: 5, name: 'Planes', time: T2 },
      ],
    });
  });
});
