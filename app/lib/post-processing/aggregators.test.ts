import { describe, expect, it } from 'vitest';
import { AGGREGATORS } from './aggregators';

const run = (name: string, cells: (number | string | null)[], options = {}) => AGGREGATORS[name]!(cells, options);
const values = [1, 2, 3, 4, null];

describe('aggregators', () => {
  it('skip nulls as pandas does for numpy reductions', () => {
    expect(run('sum', values)).toBe(10);
    expect(run('nansum', values)).toBe(10);
    expect(run('mean', values)).toBe(2.5);
    expect(run('min', values)).toBe(1);
    expect(run('max', values)).toBe(4);
    expect(run('median', values)).toBe(2.5);
    expect(run('median', [5, null, 1, 3])).toBe(3);
    expect(run('prod', values)).toBe(24);
  });

  it('computes sample variance and deviation (ddof 1)', () => {
    // mean 2.5; squared deviations 2.25 + 0.25 + 0.25 + 2.25 = 5; 5 / 3
    expect(run('var', values)).toBeCloseTo(5 / 3, 12);
    expect(run('std', values)).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect(run('var', [7, null])).toBeNull();
  });

  it('counts every row, and non-zero cells', () => {
    expect(run('count', values)).toBe(5);
    expect(run('count_nonzero', [0, 1, null, 0])).toBe(2);
  });

  it('answers an empty or all-null group as pandas', () => {
    expect(run('sum', [null, null])).toBe(0);
    expect(run('mean', [null])).toBeNull();
    expect(run('max', [])).toBeNull();
    expect(run('prod', [])).toBe(1);
  });

  it('takes linear percentiles, nanpercentile skipping nulls', () => {
    expect(run('percentile', values, { q: 50 })).toBeNull();
    expect(run('nanpercentile', values, { q: 25 })).toBe(1.75);
    expect(run('percentile', [1, 2, 3], { q: 50 })).toBe(2);
    expect(run('average', [1, 2, null])).toBeNull();
    expect(run('average', [1, 2])).toBe(1.5);
  });
});
