import { describe, expect, it } from 'vitest';
import type { Frame } from './frame';
import type { LeveledFrame } from './levels';
import { rolling, rollingOptionsSchema } from './rolling';

const frame: Frame = {
  columns: ['x', 'y'],
  rows: [
    { x: 1, y: 1 },
    { x: 2, y: null },
    { x: 3, y: 3 },
    { x: 4, y: 4 },
    { x: 5, y: 10 },
  ],
};
const ys = (result: Frame, column = 'y') => result.rows.map((row) => row[column]);

describe('rolling', () => {
  it('gives null while a window has fewer than window (the default min_periods) values', () => {
    const result = rolling(frame, { rolling_type: 'sum', window: 2, columns: { y: 'y' } });
    expect(ys(result)).toEqual([null, null, null, 7, 14]);
    expect(result.columns).toEqual(['x', 'y']);
  });

  it('drops the first min_periods rows, as Superset does', () => {
    const result = rolling(frame, { rolling_type: 'sum', window: 2, min_periods: 1, columns: { y: 'y' } });
    expect(ys(result)).toEqual([1, 3, 7, 14]);
    expect(ys(result, 'x')).toEqual([2, 3, 4, 5]);
  });

  it('averages the non-null values of the window', () => {
    const result = rolling(frame, { rolling_type: 'mean', window: 3, min_periods: 2, columns: { y: 'y' } });
    expect(ys(result)).toEqual([2, 3.5, 17 / 3]);
  });

  it('takes the sample standard deviation (ddof 1)', () => {
    const input: Frame = { columns: ['y'], rows: [{ y: 1 }, { y: 2 }, { y: 3 }, { y: 5 }, { y: null }] };
    const result = rolling(input, { rolling_type: 'std', window: 3, columns: { y: 'y' } });
    expect(result.rows[0].y).toBeNull();
    expect(result.rows[1].y).toBeNull();
    expect(result.rows[2].y).toBe(1);
    expect(result.rows[3].y).toBeCloseTo(Math.sqrt(7 / 3), 12);
    expect(result.rows[4].y).toBeNull();
  });

  it('answers null for the std of a single value', () => {
    const input: Frame = { columns: ['y'], rows: [{ y: 4 }, { y: 6 }] };
    const result = rolling(input, { rolling_type: 'std', window: 2, min_periods: 1, columns: { y: 'y' } });
    expect(ys(result)).toHaveLength(1);
    expect(result.rows[0].y).toBeCloseTo(Math.SQRT2, 12);
    const first = rolling(input, { rolling_type: 'var', window: 2, min_periods: 0, columns: { y: 'y' } });
    expect(ys(first)).toEqual([null, 2]);
  });

  it('computes median, min, max and quantile', () => {
    const median = rolling(frame, { rolling_type: 'median', window: 3, min_periods: 1, columns: { y: 'y' } });
    expect(ys(median)).toEqual([1, 2, 3.5, 4]);
    const min = rolling(frame, { rolling_type: 'min', window: 2, min_periods: 0, columns: { y: 'y' } });
    expect(ys(min)).toEqual([1, 1, 3, 3, 4]);
    const max = rolling(frame, { rolling_type: 'max', window: 2, min_periods: 0, columns: { y: 'y' } });
    expect(ys(max)).toEqual([1, 1, 3, 4, 10]);
    const input: Frame = { columns: ['y'], rows: [{ y: 1 }, { y: 2 }, { y: 3 }, { y: 4 }] };
    const quantile = rolling(input, {
      rolling_type: 'quantile',
      window: 3,
      columns: { y: 'y' },
      rolling_type_options: { quantile: 0.25 },
    });
    expect(ys(quantile)).toEqual([null, null, 1.5, 2.5]);
  });

  it('counts non-null values, checking min_periods against the rows of the window', () => {
    const input: Frame = { columns: ['y'], rows: [{ y: 1 }, { y: null }, { y: 3 }] };
    const result = rolling(input, { rolling_type: 'count', window: 2, columns: { y: 'y' } });
    expect(ys(result)).toEqual([null, 1, 1]);
  });

  it('sums an empty window to 0 when min_periods is 0', () => {
    const input: Frame = { columns: ['y'], rows: [{ y: null }, { y: null }, { y: 5 }] };
    const sum = rolling(input, { rolling_type: 'sum', window: 2, min_periods: 0, columns: { y: 'y' } });
    expect(ys(sum)).toEqual([0, 0, 5]);
    const mean = rolling(input, { rolling_type: 'mean', window: 2, min_periods: 0, columns: { y: 'y' } });
    expect(ys(mean)).toEqual([null, null, 5]);
  });

  it('appends a renamed target column and leaves the source and the input alone', () => {
    const before = JSON.stringify(frame);
    const result = rolling(frame, { rolling_type: 'sum', window: 2, min_periods: 0, columns: { y: 'y_sum' } });
    expect(result.columns).toEqual(['x', 'y', 'y_sum']);
    expect(ys(result)).toEqual([1, null, 3, 4, 10]);
    expect(ys(result, 'y_sum')).toEqual([1, 1, 3, 7, 14]);
    expect(JSON.stringify(frame)).toBe(before);
  });

  it('rolls every value column of a leveled frame, keeping levels and index', () => {
    const leveled: LeveledFrame = {
      columns: ['ds', 'm, boy', 'm, girl'],
      index: ['ds'],
      levels: { 'm, boy': ['m', 'boy'], 'm, girl': ['m', 'girl'] },
      rows: [
        { ds: 0, 'm, boy': 1, 'm, girl': 2 },
        { ds: 1, 'm, boy': 3, 'm, girl': 4 },
      ],
    };
    const pivotRolled = rolling(leveled, { rolling_type: 'sum', window: 2, min_periods: 0, is_pivot_df: true });
    expect(pivotRolled).toEqual({ ...leveled, rows: [leveled.rows[0], { ds: 1, 'm, boy': 4, 'm, girl': 6 }] });
    const renamed = rolling(leveled, { rolling_type: 'sum', window: 2, min_periods: 0, columns: { m: 'r' } });
    expect(renamed.columns).toEqual(['ds', 'm, boy', 'm, girl', 'r, boy', 'r, girl']);
    expect(renamed.levels?.['r, boy']).toEqual(['r', 'boy']);
    expect(renamed.rows[1]).toMatchObject({ 'r, boy': 4, 'r, girl': 6 });
  });

  it('rolls every column but the first of a flat frame marked pivoted', () => {
    const pivoted: Frame = {
      columns: ['__timestamp', 'a', 'b'],
      rows: [
        { __timestamp: 0, a: 1, b: 10 },
        { __timestamp: 1000, a: 2, b: null },
        { __timestamp: 2000, a: 3, b: 30 },
      ],
    };
    const result = rolling(pivoted, {
      rolling_type: 'sum',
      window: 2,
      min_periods: 0,
      columns: { metric: 'metric' },
      is_pivot_df: true,
    });
    expect(result.rows).toEqual([
      { __timestamp: 0, a: 1, b: 10 },
      { __timestamp: 1000, a: 3, b: 10 },
      { __timestamp: 2000, a: 5, b: 30 },
    ]);
  });

  it('refuses unknown columns and invalid options', () => {
    expect(() => rolling(frame, { rolling_type: 'sum', window: 2, columns: { z: 'z' } })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
    expect(rollingOptionsSchema.safeParse({ rolling_type: 'sum', window: 0 }).success).toBe(false);
    expect(rollingOptionsSchema.safeParse({ rolling_type: 'sum', window: 2, min_periods: 3 }).success).toBe(false);
    expect(rollingOptionsSchema.safeParse({ rolling_type: 'sum', window: 2, win_type: 'triang' }).success).toBe(false);
    expect(rollingOptionsSchema.safeParse({ rolling_type: 'cumsum', window: 2 }).success).toBe(false);
    expect(rollingOptionsSchema.safeParse({ rolling_type: 'quantile', window: 2 }).success).toBe(false);
  });
});
