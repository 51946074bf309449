import { describe, expect, it } from 'vitest';
import { compare, compareOptionsSchema, roundHalfEven } from './compare';
import type { Frame } from './frame';
import type { LeveledFrame } from './levels';

const frame: Frame = {
  columns: ['ts', 'sales', 'sales__1 year ago'],
  rows: [
    { ts: 0, sales: 12, 'sales__1 year ago': 8 },
    { ts: 1, sales: 5, 'sales__1 year ago': 0 },
    { ts: 2, sales: null, 'sales__1 year ago': 4 },
    { ts: 3, sales: 2, 'sales__1 year ago': 3 },
    { ts: 4, sales: 0, 'sales__1 year ago': 0 },
  ],
};
const run = (compare_type: 'difference' | 'percentage' | 'ratio', extra = {}) =>
  compare(frame, {
    source_columns: ['sales'],
    compare_columns: ['sales__1 year ago'],
    compare_type,
    ...extra,
  });
const NAME = (type: string) => `${type}__sales__sales__1 year ago`;

describe('compare', () => {
  it('appends the difference under Superset\'s name', () => {
    const result = run('difference');
    expect(result.columns).toEqual(['ts', 'sales', 'sales__1 year ago', NAME('difference')]);
    expect(result.rows.map((row) => row[NAME('difference')])).toEqual([4, 5, null, -1, 0]);
  });

  it('rounds percentage and ratio to 4 decimals, null on a zero divisor', () => {
    expect(run('percentage').rows.map((row) => row[NAME('percentage')])).toEqual([0.5, null, null, -0.3333, null]);
    expect(run('ratio').rows.map((row) => row[NAME('ratio')])).toEqual([1.5, null, null, 0.6667, null]);
    expect(run('ratio', { precision: 1 }).rows.map((row) => row[NAME('ratio')])).toEqual([1.5, null, null, 0.7, null]);
  });

  it('drops the original columns when asked, leaving the input alone', () => {
    const before = JSON.stringify(frame);
    const result = run('difference', { drop_original_columns: true });
    expect(result.columns).toEqual(['ts', NAME('difference')]);
    expect(result.rows[0]).toEqual({ ts: 0, [NAME('difference')]: 4 });
    expect(JSON.stringify(frame)).toBe(before);
  });

  it('pairs the columns of a leveled frame by their lower levels', () => {
    const leveled: LeveledFrame = {
      columns: ['ds', 'm, boy', 'm, girl', 'm__1 day ago, boy'],
      index: ['ds'],
      levels: { 'm, boy': ['m', 'boy'], 'm, girl': ['m', 'girl'], 'm__1 day ago, boy': ['m__1 day ago', 'boy'] },
      rows: [{ ds: 0, 'm, boy': 3, 'm, girl': 5, 'm__1 day ago, boy': 1 }],
    };
    const result = compare(leveled, {
      source_columns: ['m'],
      compare_columns: ['m__1 day ago'],
      compare_type: 'difference',
      drop_original_columns: true,
    });
    expect(result.columns).toEqual(['ds', 'difference__m__m__1 day ago, boy', 'difference__m__m__1 day ago, girl']);
    expect(result.rows).toEqual([
      { ds: 0, 'difference__m__m__1 day ago, boy': 2, 'difference__m__m__1 day ago, girl': null },
    ]);
    expect(result.levels).toEqual({
      'difference__m__m__1 day ago, boy': ['difference__m__m__1 day ago', 'boy'],
      'difference__m__m__1 day ago, girl': ['difference__m__m__1 day ago', 'girl'],
    });
    expect(result.index).toEqual(['ds']);
  });

  it('rounds half to even like numpy', () => {
    expect(roundHalfEven(0.125, 2)).toBe(0.12);
    expect(roundHalfEven(0.375, 2)).toBe(0.38);
    expect(roundHalfEven(2.5, 0)).toBe(2);
    expect(roundHalfEven(-2.5, 0)).toBe(-2);
  });

  it('refuses unknown columns and mismatched lengths', () => {
    expect(() =>
      compare(frame, { source_columns: ['x'], compare_columns: ['sales'], compare_type: 'ratio' }),
    ).toThrow('Referenced columns not available in DataFrame.');
    const parsed = compareOptionsSchema.safeParse({ source_columns: ['sales'], compare_columns: [], compare_type: 'ratio' });
    expect(parsed.success).toBe(false);
    expect(compareOptionsSchema.safeParse({ source_columns: [], compare_columns: [], compare_type: 'absolute' }).success).toBe(
      false,
    );
  });
});
