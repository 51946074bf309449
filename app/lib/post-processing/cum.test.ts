import { describe, expect, it } from 'vitest';
import { cum } from './cum';
import type { LeveledFrame } from './levels';
import { MISSING_COLUMNS } from './post-processing-error';

const frame = {
  columns: ['ds', 'y'],
  rows: [
    { ds: 1, y: 3 },
    { ds: 2, y: null },
    { ds: 3, y: 1 },
    { ds: 4, y: 2 },
  ],
};
const ys = (out: { rows: Record<string, unknown>[] }, column = 'y') => out.rows.map((row) => row[column]);

describe('cum', () => {
  it('runs sum, prod, min and max past nulls', () => {
    expect(ys(cum(frame, { operator: 'sum', columns: { y: 'y' } }))).toEqual([3, null, 4, 6]);
    expect(ys(cum(frame, { operator: 'prod', columns: { y: 'y' } }))).toEqual([3, null, 3, 6]);
    expect(ys(cum(frame, { operator: 'min', columns: { y: 'y' } }))).toEqual([3, null, 1, 1]);
    expect(ys(cum(frame, { operator: 'max', columns: { y: 'y' } }))).toEqual([3, null, 3, 3]);
  });

  it('adds a new column when the target differs, leaving the source', () => {
    const out = cum(frame, { operator: 'sum', columns: { y: 'y2' } });
    expect(out.columns).toEqual(['ds', 'y', 'y2']);
    expect(ys(out)).toEqual([3, null, 1, 2]);
    expect(ys(out, 'y2')).toEqual([3, null, 4, 6]);
  });

  it('runs on every series of a metric in a pivoted frame', () => {
    const pivoted: LeveledFrame = {
      columns: ['ds', 'n, a', 'n, b'],
      rows: [
        { ds: 1, 'n, a': 1, 'n, b': 10 },
        { ds: 2, 'n, a': 2, 'n, b': null },
        { ds: 3, 'n, a': 3, 'n, b': 5 },
      ],
      levels: { 'n, a': ['n', 'a'], 'n, b': ['n', 'b'] },
      index: ['ds'],
    };
    const out = cum(pivoted, { operator: 'sum', columns: { n: 'n' } });
    expect(out.rows).toEqual([
      { ds: 1, 'n, a': 1, 'n, b': 10 },
      { ds: 2, 'n, a': 3, 'n, b': null },
      { ds: 3, 'n, a': 6, 'n, b': 15 },
    ]);
    expect(out.levels).toEqual(pivoted.levels);
    const appended = cum(pivoted, { operator: 'sum', columns: { n: 'total' } });
    expect(appended.columns).toEqual(['ds', 'n, a', 'n, b', 'total, a', 'total, b']);
    expect(appended.levels?.['total, b']).toEqual(['total', 'b']);
  });

  it('refuses unknown operators and columns', () => {
    expect(() => cum(frame, { operator: 'avg', columns: { y: 'y' } })).toThrow('Invalid cumulative operator: avg');
    expect(() => cum(frame, { operator: 'sum', columns: { z: 'z' } })).toThrow(MISSING_COLUMNS);
  });
});
