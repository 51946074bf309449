import { describe, expect, it } from 'vitest';
import type { Frame } from './frame';
import { flatten } from './flatten';
import { pivot as pivotLeveled, type PivotOptions } from './pivot';
import { MISSING_COLUMNS } from './post-processing-error';

/** Most cases describe the flattened output that Superset 1.x query contexts ask for explicitly. */
const pivot = (f: Frame, options: PivotOptions) => pivotLeveled(f, { flatten_columns: true, reset_index: true, ...options });

const frame: Frame = {
  columns: ['ds', 'gender', 'num', 'x'],
  rows: [
    { ds: 1, gender: 'boy', num: 1, x: 10 },
    { ds: 1, gender: 'girl', num: 2, x: null },
    { ds: 1, gender: 'boy', num: 3, x: 20 },
    { ds: 2, gender: 'girl', num: null, x: 5 },
    { ds: 2, gender: null, num: 4, x: 1 },
    { ds: null, gender: 'boy', num: 9, x: 9 },
  ],
};

describe('pivot', () => {
  it('leaves the metric out of single-aggregate names and fills null series with <NULL>', () => {
    const out = pivot(frame, { index: ['ds'], columns: ['gender'], aggregates: { num: { operator: 'sum' } } });
    expect(out).toEqual({
      columns: ['ds', '<NULL>', 'boy', 'girl'],
      rows: [
        { ds: 1, '<NULL>': null, boy: 4, girl: 2 },
        // sum of the one null in (2, girl) is 0, as pandas; (2, boy) has no rows
        { ds: 2, '<NULL>': 4, boy: null, girl: 0 },
      ],
    });
  });

  it('names columns "metric, series" with several aggregates', () => {
    const out = pivot(frame, {
      index: ['ds'],
      columns: ['gender'],
      aggregates: { num: { operator: 'sum' }, x: { operator: 'max' } },
    });
    expect(out.columns).toEqual(['ds', 'num, <NULL>', 'num, boy', 'num, girl', 'x, <NULL>', 'x, boy', 'x, girl']);
    expect(out.rows).toEqual([
      { ds: 1, 'num, <NULL>': null, 'num, boy': 4, 'num, girl': 2, 'x, <NULL>': null, 'x, boy': 20, 'x, girl': null },
      { ds: 2, 'num, <NULL>': 4, 'num, boy': null, 'num, girl': 0, 'x, <NULL>': 1, 'x, boy': null, 'x, girl': 5 },
    ]);
  });

  it('names the top level by the aggregate column, as pandas does', () => {
    const out = pivot(frame, { index: ['ds'], aggregates: { 'SUM(num)': { operator: 'sum', column: 'num' } } });
    expect(out).toEqual({ columns: ['ds', 'num'], rows: [{ ds: 1, num: 6 }, { ds: 2, num: 4 }] });
  });

  it('keeps levels and index unflattened, null index groups and all series when asked', () => {
    const out = pivot(frame, {
      index: ['ds'],
      columns: ['gender'],
      aggregates: { num: { operator: 'mean' } },
      drop_missing_columns: false,
      flatten_columns: false,
      reset_index: false,
    });
    expect(out).toEqual({
      columns: ['ds', 'num, <NULL>', 'num, boy', 'num, girl'],
      rows: [
        { ds: 1, 'num, <NULL>': null, 'num, boy': 2, 'num, girl': 2 },
        { ds: 2, 'num, <NULL>': 4, 'num, boy': null, 'num, girl': null },
        { ds: null, 'num, <NULL>': null, 'num, boy': 9, 'num, girl': null },
      ],
      levels: {
        'num, <NULL>': ['num', '<NULL>'],
        'num, boy': ['num', 'boy'],
        'num, girl': ['num', 'girl'],
      },
      index: ['ds'],
    });
  });

  it('drops all-null rows and columns unless drop_missing_columns is false', () => {
    const sparse: Frame = {
      columns: ['ds', 'g', 'v'],
      rows: [
        { ds: 1, g: 'a', v: null },
        { ds: 2, g: 'a', v: 5 },
        { ds: 2, g: 'b', v: null },
      ],
    };
    const options = { index: ['ds'], columns: ['g'], aggregates: { v: { operator: 'mean' } } };
    expect(pivot(sparse, options)).toEqual({ columns: ['ds', 'a'], rows: [{ ds: 2, a: 5 }] });
    expect(pivot(sparse, { ...options, drop_missing_columns: false })).toEqual({
      columns: ['ds', 'a', 'b'],
      rows: [
        { ds: 1, a: null, b: null },
        { ds: 2, a: 5, b: null },
      ],
    });
  });

  it('fills missing cells with metric_fill_value', () => {
    const out = pivot(frame, {
      index: ['ds'],
      columns: ['gender'],
      aggregates: { num: { operator: 'sum' } },
      metric_fill_value: 0,
    });
    expect(out.rows).toEqual([
      { ds: 1, '<NULL>': 0, boy: 4, girl: 2 },
      { ds: 2, '<NULL>': 4, boy: 0, girl: 0 },
    ]);
  });

  it('puts the metric last with combine_value_with_metric', () => {
    const out = pivot(frame, {
      index: ['ds'],
      columns: ['gender'],
      aggregates: { num: { operator: 'sum' }, x: { operator: 'max' } },
      combine_value_with_metric: true,
    });
    expect(out.columns).toEqual(['ds', '<NULL>, num', '<NULL>, x', 'boy, num', 'boy, x', 'girl, num', 'girl, x']);
    expect(out.rows[0]).toEqual({
      ds: 1,
      '<NULL>, num': null,
      '<NULL>, x': null,
      'boy, num': 4,
      'boy, x': 20,
      'girl, num': 2,
      'girl, x': null,
    });
  });

  it('labels numeric and boolean series as Python prints them, sorted by value', () => {
    const typed: Frame = {
      columns: ['ds', 'n', 'b', 'v'],
      rows: [
        { ds: 1, n: 10, b: true, v: 1 },
        { ds: 1, n: 2, b: false, v: 2 },
        { ds: 1, n: 1, b: true, v: 3 },
      ],
    };
    const byNumber = pivot(typed, { index: ['ds'], columns: ['n'], aggregates: { v: { operator: 'sum' } } });
    expect(byNumber).toEqual({ columns: ['ds', '1', '2', '10'], rows: [{ ds: 1, '1': 3, '2': 2, '10': 1 }] });
    const byFlag = pivot(typed, { index: ['ds'], columns: ['b'], aggregates: { v: { operator: 'sum' } } });
    expect(byFlag.columns).toEqual(['ds', 'False', 'True']);
  });

  it('escapes commas inside levels of unflattened names', () => {
    const commas: Frame = { columns: ['ds', 'g', 'v'], rows: [{ ds: 1, g: 'a, b', v: 1 }] };
    const out = pivot(commas, {
      index: ['ds'],
      columns: ['g'],
      aggregates: { v: { operator: 'sum' } },
      flatten_columns: false,
    });
    expect(out.columns).toEqual(['ds', 'v, a\\, b']);
    expect(out.levels).toEqual({ 'v, a\\, b': ['v', 'a, b'] });
  });

  it('refuses bad options with Superset messages', () => {
    const sum = { num: { operator: 'sum' } };
    expect(() => pivot(frame, { index: [], aggregates: sum })).toThrow('Pivot operation requires at least one index');
    expect(() => pivot(frame, { index: ['ds'], aggregates: {} })).toThrow('must include at least one aggregate');
    expect(() => pivot(frame, { index: ['nope'], aggregates: sum })).toThrow(MISSING_COLUMNS);
    expect(() => pivot(frame, { index: ['ds'], aggregates: { num: { operator: 'foo' } } })).toThrow(
      'Invalid numpy function: foo',
    );
    expect(() => pivot(frame, { index: ['ds'], aggregates: { y: { operator: 'sum' } } })).toThrow(
      'Column referenced by aggregate is undefined: y',
    );
  });

  it('resets only the first of several index columns', () => {
    const out = pivot(frame, { index: ['ds', 'gender'], aggregates: { num: { operator: 'count' } } });
    expect(out.columns).toEqual(['ds', 'gender', 'num']);
    expect(out.index).toEqual(['gender']);
    // (1, boy), (1, girl), (2, girl), then (2, null) sorts last; null index values are dropped by default
    expect(out.rows.map((row) => [row.ds, row.gender, row.num])).toEqual([
      [1, 'boy', 2],
      [1, 'girl', 1],
      [2, 'girl', 1],
    ]);
  });

  it('leaves null series out, or labels them "nan", when column_fill_value is null', () => {
    const options = { index: ['ds'], columns: ['gender'], aggregates: { num: { operator: 'sum' } }, column_fill_value: null };
    expect(pivot(frame, options).rows).toEqual([
      { ds: 1, boy: 4, girl: 2 },
      { ds: 2, boy: null, girl: 0 },
    ]);
    expect(pivot(frame, { ...options, drop_missing_columns: false }).columns).toEqual(['ds', 'boy', 'girl', 'nan']);
  });

  it('refuses marginal distributions rather than answering without them', () => {
    expect(() =>
      pivot(frame, { index: ['ds'], aggregates: { num: { operator: 'sum' } }, marginal_distributions: true }),
    ).toThrow('not supported');
  });

  it('does not change its input', () => {
    const copy = structuredClone(frame);
    pivot(frame, { index: ['ds'], columns: ['gender'], aggregates: { num: { operator: 'sum' } } });
    expect(frame).toEqual(copy);
  });

  it('keeps the metric level and the index by default, leaving names to flatten, as current Superset', () => {
    const leveled = pivotLeveled(frame, { index: ['ds'], columns: ['gender'], aggregates: { num: { operator: 'sum' } } });
    expect(flatten(leveled, {}).columns).toEqual(['ds', 'num, <NULL>', 'num, boy', 'num, girl']);
  });
});
