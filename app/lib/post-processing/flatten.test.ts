import { describe, expect, it } from 'vitest';
import { flatten } from './flatten';
import type { LeveledFrame } from './levels';

const pivoted: LeveledFrame = {
  columns: ['ds', 'num, boy', 'num, girl'],
  rows: [
    { ds: 1, 'num, boy': 4, 'num, girl': null },
    { ds: 2, 'num, boy': 5, 'num, girl': 6 },
  ],
  levels: { 'num, boy': ['num', 'boy'], 'num, girl': ['num', 'girl'] },
  index: ['ds'],
};

describe('flatten', () => {
  it('keeps the joined names and makes the index an ordinary column', () => {
    expect(flatten(pivoted)).toEqual({ columns: pivoted.columns, rows: pivoted.rows });
  });

  it('keeps the index with reset_index false', () => {
    expect(flatten(pivoted, { reset_index: false })).toEqual({
      columns: pivoted.columns,
      rows: pivoted.rows,
      index: ['ds'],
    });
  });

  it('resets only the first of several index columns, as pandas reset_index(level=0)', () => {
    expect(flatten({ ...pivoted, index: ['ds', 'other'] }).index).toEqual(['other']);
  });

  it('drops levels by position and renames the columns', () => {
    const out = flatten(pivoted, { drop_levels: [0] });
    expect(out).toEqual({
      columns: ['ds', 'boy', 'girl'],
      rows: [
        { ds: 1, boy: 4, girl: null },
        { ds: 2, boy: 5, girl: 6 },
      ],
    });
    expect(flatten(pivoted, { drop_levels: [-1] }).columns).toEqual(['ds', 'num']);
  });

  it('leaves out levels a rename set to null', () => {
    const renamed: LeveledFrame = {
      columns: ['ds', 'boy'],
      rows: [{ ds: 1, boy: 4 }],
      levels: { boy: [null, 'boy'] },
      index: ['ds'],
    };
    expect(flatten(renamed)).toEqual({ columns: ['ds', 'boy'], rows: [{ ds: 1, boy: 4 }] });
  });

  it('leaves a flat frame as it is', () => {
    const flat = { columns: ['a'], rows: [{ a: null }] };
    expect(flatten(flat)).toEqual(flat);
  });

  it('refuses levels the frame does not have', () => {
    expect(() => flatten(pivoted, { drop_levels: [2] })).toThrow('Unknown column level: 2');
    expect(() => flatten(pivoted, { drop_levels: [0, 1] })).toThrow('Cannot drop every column level.');
    expect(() => flatten({ columns: ['a'], rows: [] }, { drop_levels: [0] })).toThrow('one column level');
  });
});
