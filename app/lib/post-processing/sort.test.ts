import { describe, expect, it } from 'vitest';
import type { LeveledFrame } from './levels';
import { MISSING_COLUMNS } from './post-processing-error';
import { sort } from './sort';

const frame = {
  columns: ['a', 'b'],
  rows: [
    { a: 1, b: 'x' },
    { a: null, b: 'y' },
    { a: 2, b: 'z' },
    { a: 1, b: null },
    { a: 1, b: 'w' },
  ],
};

const bs = (out: { rows: { b?: unknown }[] }) => out.rows.map((row) => row.b);

describe('sort', () => {
  it('sorts by columns with one direction each, nulls last either way', () => {
    expect(bs(sort(frame, { columns: { a: false, b: true } }))).toEqual(['z', 'w', 'x', null, 'y']);
    expect(bs(sort(frame, { columns: { a: true } }))).toEqual(['x', null, 'w', 'z', 'y']);
  });

  it('takes by and ascending', () => {
    expect(bs(sort(frame, { by: 'b', ascending: false }))).toEqual(['z', 'y', 'x', 'w', null]);
    expect(bs(sort(frame, { by: ['a', 'b'], ascending: [true, false] }))).toEqual(['x', 'w', null, 'z', 'y']);
  });

  it('sorts by the index, or keeps or reverses row order without one', () => {
    const indexed: LeveledFrame = { columns: ['ds', 'v'], rows: [{ ds: 3, v: 1 }, { ds: 1, v: 2 }], index: ['ds'] };
    expect(sort(indexed, { is_sort_index: true })).toEqual({ ...indexed, rows: [{ ds: 1, v: 2 }, { ds: 3, v: 1 }] });
    expect(bs(sort(frame, { is_sort_index: true, ascending: false }))).toEqual(['w', null, 'z', 'y', 'x']);
  });

  it('refuses missing columns and mismatched flags', () => {
    expect(() => sort(frame, { columns: { c: true } })).toThrow(MISSING_COLUMNS);
    expect(() => sort(frame, { by: ['a', 'b'], ascending: [true] })).toThrow('one `ascending` flag');
    expect(() => sort(frame, {})).toThrow('Sort needs');
  });

  it('does not change its input', () => {
    const copy = structuredClone(frame);
    sort(frame, { by: 'a' });
    expect(frame).toEqual(copy);
  });
});
