import { describe, expect, it } from 'vitest';
import { contribution } from './contribution';
import type { Frame } from './frame';
import type { LeveledFrame } from './levels';

const frame: Frame = {
  columns: ['ts', 'a', 'b', 'label'],
  rows: [
    { ts: 0, a: 1, b: 3, label: 'x' },
    { ts: 1000, a: null, b: 1, label: 'y' },
    { ts: 2000, a: 3, b: 0, label: 'z' },
  ],
};
const temporal_columns = ['ts'];

describe('contribution', () => {
  it('divides by column totals, counting nulls as 0, by default', () => {
    const before = JSON.stringify(frame);
    const result = contribution(frame, { temporal_columns });
    expect(result.columns).toEqual(['ts', 'a', 'b', 'label']);
    expect(result.rows).toEqual([
      { ts: 0, a: 0.25, b: 0.75, label: 'x' },
      { ts: 1000, a: 0, b: 0.25, label: 'y' },
      { ts: 2000, a: 0.75, b: 0, label: 'z' },
    ]);
    expect(JSON.stringify(frame)).toBe(before);
  });

  it('divides by row totals, keeping nulls null', () => {
    const result = contribution(frame, { orientation: 'row', temporal_columns });
    expect(result.rows.map(({ a, b }) => [a, b])).toEqual([
      [0.25, 0.75],
      [null, 1],
      [1, 0],
    ]);
  });

  it('answers null where the total is 0', () => {
    const zeros: Frame = { columns: ['a', 'b'], rows: [{ a: 0, b: 0 }, { a: 2, b: -2 }] };
    expect(contribution(zeros, { orientation: 'row' }).rows).toEqual([
      { a: null, b: null },
      { a: null, b: null },
    ]);
    const columnZeros: Frame = { columns: ['c', 'd'], rows: [{ c: 1, d: 0 }, { c: -1, d: 0 }] };
    expect(contribution(columnZeros, {}).rows).toEqual([
      { c: null, d: null },
      { c: null, d: null },
    ]);
  });

  it('writes selected columns under new names, keeping the originals', () => {
    const result = contribution(frame, { columns: ['a'], rename_columns: ['%a'] });
    expect(result.columns).toEqual(['ts', 'a', 'b', 'label', '%a']);
    expect(result.rows.map((row) => [row.a, row['%a']])).toEqual([
      [1, 0.25],
      [null, 0],
      [3, 0.75],
    ]);
  });

  it('divides by given contribution_totals, 0 where a total is missing or 0', () => {
    const result = contribution(frame, { columns: ['a', 'b'], contribution_totals: { a: 10 } });
    expect(result.rows.map(({ a, b }) => [a, b])).toEqual([
      [0.1, 0],
      [0, 0],
      [0.3, 0],
    ]);
  });

  it('totals time-shifted columns apart from the others in row orientation', () => {
    const shifted: Frame = {
      columns: ['a', 'b', 'a__1 year ago', 'b__1 year ago'],
      rows: [{ a: 1, b: 3, 'a__1 year ago': 2, 'b__1 year ago': 2 }],
    };
    const result = contribution(shifted, { orientation: 'row', time_shifts: ['1 year ago'] });
    expect(result.rows).toEqual([{ a: 0.25, b: 0.75, 'a__1 year ago': 0.5, 'b__1 year ago': 0.5 }]);
  });

  it('leaves the index of a pivoted frame out and matches time shifts on the top level', () => {
    const leveled: LeveledFrame = {
      columns: ['ds', 'm, boy', 'm, girl', 'm__1 year ago, boy'],
      index: ['ds'],
      levels: { 'm, boy': ['m', 'boy'], 'm, girl': ['m', 'girl'], 'm__1 year ago, boy': ['m__1 year ago', 'boy'] },
      rows: [{ ds: 1000, 'm, boy': 1, 'm, girl': 3, 'm__1 year ago, boy': 7 }],
    };
    const result = contribution(leveled, { orientation: 'row', time_shifts: ['1 year ago'] });
    expect(result).toEqual({
      ...leveled,
      rows: [{ ds: 1000, 'm, boy': 0.25, 'm, girl': 0.75, 'm__1 year ago, boy': 1 }],
    });
  });

  it('refuses non-numeric or unknown columns and mismatched renames', () => {
    expect(() => contribution(frame, { columns: ['label'] })).toThrow('is not numeric');
    expect(() => contribution(frame, { columns: ['nope'] })).toThrow('Referenced columns not available');
    expect(() => contribution(frame, { columns: ['a', 'b'], rename_columns: ['x'] })).toThrow('same length');
  });
});
