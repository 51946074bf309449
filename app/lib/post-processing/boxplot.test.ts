import { describe, expect, it } from 'vitest';
import { boxplot, boxplotOptionsSchema } from './boxplot';
import { percentile } from './stats';
import type { Frame } from './frame';

const frame: Frame = {
  columns: ['g', 'v'],
  rows: [
    { g: 'a', v: 1 },
    { g: 'b', v: 5 },
    { g: 'a', v: 100 },
    { g: 'a', v: 2 },
    { g: null, v: 7 },
    { g: 'a', v: '3' },
    { g: 'a', v: null },
    { g: 'a', v: 4 },
  ],
};
const COLUMNS = ['mean', 'median', 'max', 'min', 'q1', 'q3', 'count', 'outliers'].map((s) => `v__${s}`);

describe('boxplot', () => {
  it('computes tukey statistics per sorted group, null keys left out', () => {
    const result = boxplot(frame, { groupby: ['g'], metrics: ['v'], whisker_type: 'tukey' });
    expect(result.columns).toEqual(['g', ...COLUMNS]);
    expect(result.rows).toEqual([
      // a: [1, 100, 2, 3, 4] + a null; q1 2, q3 4, fences -1 and 7.
      {
        g: 'a',
        v__mean: 22,
        v__median: 3,
        v__max: 4,
        v__min: 1,
        v__q1: 2,
        v__q3: 4,
        v__count: 6,
        v__outliers: [100],
      },
      { g: 'b', v__mean: 5, v__median: 5, v__max: 5, v__min: 5, v__q1: 5, v__q3: 5, v__count: 1, v__outliers: [] },
    ]);
  });

  it('uses the extremes for min/max whiskers', () => {
    const [a] = boxplot(frame, { groupby: ['g'], metrics: ['v'], whisker_type: 'min/max' }).rows;
    expect([a.v__min, a.v__max, a.v__outliers]).toEqual([1, 100, []]);
  });

  it('uses linear percentiles for percentile whiskers, outliers above then below', () => {
    const [a] = boxplot(frame, { groupby: ['g'], metrics: ['v'], whisker_type: 'percentile', percentiles: [10, 90] })
      .rows;
    expect(a.v__min).toBeCloseTo(1.4, 12);
    expect(a.v__max).toBeCloseTo(61.6, 12);
    expect(a.v__outliers).toEqual([100, 1]);
  });

  it('takes quartiles by the midpoint method and orders columns statistic by statistic', () => {
    const input: Frame = {
      columns: ['v', 'w'],
      rows: [
        { v: 1, w: null },
        { v: 2, w: null },
        { v: 3, w: null },
        { v: 4, w: null },
      ],
    };
    const result = boxplot(input, { groupby: [], metrics: ['v', 'w'], whisker_type: 'tukey' });
    expect(result.columns.slice(0, 4)).toEqual(['v__mean', 'w__mean', 'v__median', 'w__median']);
    expect(result.rows).toHaveLength(1);
    const [row] = result.rows;
    expect([row.v__q1, row.v__median, row.v__q3, row.v__count]).toEqual([1.5, 2.5, 3.5, 4]);
    expect([row.w__mean, row.w__median, row.w__max, row.w__min, row.w__q1, row.w__count, row.w__outliers]).toEqual([
      null,
      null,
      null,
      null,
      null,
      4,
      [],
    ]);
  });

  it('interpolates numpy percentiles', () => {
    expect(percentile([1, 2, 3, 4], 25, 'linear')).toBe(1.75);
    expect(percentile([1, 2, 3, 4], 25, 'midpoint')).toBe(1.5);
    expect(percentile([1, 2, 3, 4, 5], 25, 'midpoint')).toBe(2);
    expect(percentile([], 25, 'linear')).toBeNull();
  });

  it('refuses unknown columns and bad percentiles', () => {
    expect(() => boxplot(frame, { groupby: ['x'], metrics: ['v'], whisker_type: 'tukey' })).toThrow(
      'Referenced columns not available',
    );
    expect(
      boxplotOptionsSchema.safeParse({ metrics: ['v'], whisker_type: 'percentile', percentiles: [90, 10] }).success,
    ).toBe(false);
    expect(boxplotOptionsSchema.safeParse({ metrics: ['v'], whisker_type: 'percentile' }).success).toBe(false);
  });
});
