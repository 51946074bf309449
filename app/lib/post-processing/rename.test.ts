import { describe, expect, it } from 'vitest';
import type { LeveledFrame } from './levels';
import { MISSING_COLUMNS } from './post-processing-error';
import { rename } from './rename';

const flat = { columns: ['ds', 'a', 'b'], rows: [{ ds: 1, a: 2, b: null }] };

const pivoted: LeveledFrame = {
  columns: ['ds', 'num, boy', 'num, girl'],
  rows: [{ ds: 1, 'num, boy': 4, 'num, girl': null }],
  levels: { 'num, boy': ['num', 'boy'], 'num, girl': ['num', 'girl'] },
  index: ['ds'],
};

describe('rename', () => {
  it('renames flat columns in place, keeping their order', () => {
    expect(rename(flat, { columns: { a: 'A' } })).toEqual({
      columns: ['ds', 'A', 'b'],
      rows: [{ ds: 1, A: 2, b: null }],
    });
  });

  it('drops the metric level with a null name (Superset single-metric series)', () => {
    expect(rename(pivoted, { columns: { num: null }, level: 0, inplace: true })).toEqual({
      columns: ['ds', 'boy', 'girl'],
      rows: [{ ds: 1, boy: 4, girl: null }],
      levels: { boy: [null, 'boy'], girl: [null, 'girl'] },
      index: ['ds'],
    });
  });

  it('renames labels of one level, or of every level when none is given', () => {
    expect(rename(pivoted, { columns: { boy: 'lad' }, level: 1 }).columns).toEqual(['ds', 'num, lad', 'num, girl']);
    expect(rename(pivoted, { columns: { num: 'n' } }).columns).toEqual(['ds', 'n, boy', 'n, girl']);
  });

  it('does nothing with an empty mapping', () => {
    expect(rename(flat, { columns: {} })).toBe(flat);
  });

  it('refuses unknown names and levels, and names that all exist already', () => {
    expect(() => rename(flat, { columns: { z: 'y' } })).toThrow(MISSING_COLUMNS);
    expect(() => rename(flat, { columns: { a: 'b' } })).toThrow('Label already exists');
    expect(() => rename(pivoted, { columns: { num: null }, level: 2 })).toThrow('Unknown column level: 2');
    expect(() => rename(flat, { columns: { a: 'A' }, level: 1 })).toThrow('Unknown column level: 1');
  });
});
