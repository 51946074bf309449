import { describe, expect, it } from 'vitest';
import { diff } from './diff';
import { MISSING_COLUMNS } from './post-processing-error';

const frame = { columns: ['y'], rows: [{ y: 1 }, { y: 4 }, { y: null }, { y: 10 }, { y: 12 }] };
const ys = (out: { rows: Record<string, unknown>[] }, column = 'y') => out.rows.map((row) => row[column]);

describe('diff', () => {
  it('subtracts the row periods above, null where either side is missing', () => {
    expect(ys(diff(frame, { columns: { y: 'y' } }))).toEqual([null, 3, null, null, 2]);
    expect(ys(diff(frame, { columns: { y: 'y' }, periods: 2 }))).toEqual([null, null, null, 6, null]);
    expect(ys(diff(frame, { columns: { y: 'y' }, periods: -1 }))).toEqual([-3, null, null, -2, null]);
  });

  it('adds a column for a different target', () => {
    const out = diff(frame, { columns: { y: 'dy' } });
    expect(out.columns).toEqual(['y', 'dy']);
    expect(ys(out)).toEqual([1, 4, null, 10, 12]);
    expect(ys(out, 'dy')).toEqual([null, 3, null, null, 2]);
  });

  it('refuses missing columns and the column axis', () => {
    expect(() => diff(frame, { columns: { z: 'z' } })).toThrow(MISSING_COLUMNS);
    expect(() => diff(frame, { columns: { y: 'y' }, axis: 1 })).toThrow('axis 1');
  });
});
