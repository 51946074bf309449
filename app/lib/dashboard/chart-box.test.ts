import { describe, expect, it } from 'vitest';
import { chartBoxFor, chartBoxOf, sameBox } from './chart-box';
import { chart, gridLayout, row } from './layout/fixtures/build-layout';

describe('chartBoxOf', () => {
  const layout = gridLayout(row('a', chart('four', 1, 4, 50), chart('full', 2, 12, 100)), row('b', chart('tiny', 3, 1, 2), chart('wide', 4, 40, 10)));

  it('takes the columns of the 1200 px page less the gutter, and the height units less the title bar', () => {
    expect(chartBoxOf(layout, 'CHART-four')).toEqual({ width: 384, height: 360 });
    expect(chartBoxOf(layout, 'CHART-full')).toEqual({ width: 1184, height: 760 });
  });

  it('keeps a box at least 100 by 80 and at most the grid wide', () => {
    expect(chartBoxOf(layout, 'CHART-tiny')).toEqual({ width: 100, height: 80 });
    expect(chartBoxOf(layout, 'CHART-wide').width).toBe(1184);
  });

  it('sizes an unknown component as a new chart (4 columns, 50 units)', () => {
    expect(chartBoxOf(layout, 'CHART-missing')).toEqual({ width: 384, height: 360 });
  });

  it('sizes by columns and units alone, a new chart by default', () => {
    expect(chartBoxFor(6, 30)).toEqual({ width: 584, height: 200 });
    expect(chartBoxFor(undefined, undefined)).toEqual({ width: 384, height: 360 });
  });

  it('compares boxes by size', () => {
    expect(sameBox({ width: 1, height: 2 }, { width: 1, height: 2 })).toBe(true);
    expect(sameBox({ width: 1, height: 2 }, { width: 1, height: 3 })).toBe(false);
    expect(sameBox(undefined, { width: 1, height: 2 })).toBe(false);
  });
});
