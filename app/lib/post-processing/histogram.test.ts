import { describe, expect, it } from 'vitest';
import type { Frame } from './frame';
import { histogram, histogramOptionsSchema, pythonFloat } from './histogram';

const NAMES = ['0.0 - 2.0', '2.0 - 4.0', '4.0 - 6.0', '6.0 - 8.0', '8.0 - 10.0'];
const frame: Frame = {
  columns: ['g', 'v'],
  rows: [
    { g: 'b', v: 2 },
    { g: 'a', v: 0 },
    { g: 'a', v: 1 },
    { g: 'b', v: '3' },
    { g: 'a', v: 10 },
    { g: null, v: 4 },
    { g: 'a', v: null },
  ],
};
const cells = (result: Frame) => result.rows.map((row) => result.columns.map((column) => row[column]));

describe('histogram', () => {
  it('counts in equal bins from min to max, the last bin closed, nulls dropped', () => {
    const result = histogram(frame, { column: 'v', groupby: [] });
    expect(result.columns).toEqual(NAMES);
    expect(cells(result)).toEqual([[2, 2, 1, 0, 1]]);
  });

  it('makes running totals and normalizes by the sum of the table', () => {
    expect(cells(histogram(frame, { column: 'v', groupby: null, cumulative: true }))).toEqual([[2, 4, 5, 5, 6]]);
    expect(cells(histogram(frame, { column: 'v', groupby: [], normalize: true }))).toEqual([
      [2 / 6, 2 / 6, 1 / 6, 0, 1 / 6],
    ]);
    expect(cells(histogram(frame, { column: 'v', cumulative: true, normalize: true }))).toEqual([
      [2 / 22, 4 / 22, 5 / 22, 5 / 22, 6 / 22],
    ]);
  });

  it('gives one sorted row per group, edges from every row, null keys left out', () => {
    const result = histogram(frame, { column: 'v', groupby: ['g'] });
    expect(result.columns).toEqual(['g', ...NAMES]);
    expect(cells(result)).toEqual([
      ['a', 2, 0, 0, 0, 1],
      ['b', 0, 2, 0, 0, 0],
    ]);
    const normalized = histogram(frame, { column: 'v', groupby: ['g'], normalize: true });
    expect(cells(normalized)).toEqual([
      ['a', 0.4, 0, 0, 0, 0.2],
      ['b', 0, 0.4, 0, 0, 0],
    ]);
  });

  it('widens a single value by half a unit and names edges as Python prints floats', () => {
    const single: Frame = { columns: ['v'], rows: [{ v: 3 }, { v: 3 }] };
    const result = histogram(single, { column: 'v', bins: 2 });
    expect(result.columns).toEqual(['2.5 - 3.0', '3.0 - 3.5']);
    expect(cells(result)).toEqual([[0, 2]]);
    const thirds = histogram({ columns: ['v'], rows: [{ v: 0 }, { v: 1 }] }, { column: 'v', bins: 3 });
    expect(thirds.columns).toEqual([
      '0.0 - 0.3333333333333333',
      '0.3333333333333333 - 0.6666666666666666',
      '0.6666666666666666 - 1.0',
    ]);
  });

  it('prints floats like Python repr', () => {
    expect(pythonFloat(1e16)).toBe('1e+16');
    expect(pythonFloat(1.5e-5)).toBe('1.5e-05');
    expect(pythonFloat(0.0001)).toBe('0.0001');
    expect(pythonFloat(123.456)).toBe('123.456');
    expect(pythonFloat(1e15)).toBe('1000000000000000.0');
    expect(pythonFloat(-2)).toBe('-2.0');
    expect(pythonFloat(0)).toBe('0.0');
  });

  it('returns the emptied frame when every value is null, and refuses bad input', () => {
    const empty: Frame = { columns: ['g', 'v'], rows: [{ g: 'a', v: null }] };
    expect(histogram(empty, { column: 'v' })).toEqual({ columns: ['g', 'v'], rows: [] });
    const text: Frame = { columns: ['v'], rows: [{ v: 'abc' }] };
    expect(() => histogram(text, { column: 'v' })).toThrow("Column 'v' contains non-numeric values");
    expect(() => histogram(frame, { column: 'w' })).toThrow('Referenced columns not available');
    expect(histogramOptionsSchema.safeParse({ column: 'v', bins: 0 }).success).toBe(false);
    expect(histogramOptionsSchema.safeParse({ column: 'v', bins: 1001 }).success).toBe(false);
  });
});
