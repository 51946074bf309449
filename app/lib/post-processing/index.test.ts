import { describe, expect, it } from 'vitest';
import type { Frame } from './frame';
import { z } from 'zod';
import { applyPostProcessing, defineOperation, OPERATIONS, PostProcessingError } from './index';

const frame: Frame = {
  columns: ['__timestamp', 'gender', 'SUM(num)'],
  rows: [
    { __timestamp: 2000, gender: 'boy', 'SUM(num)': 1 },
    { __timestamp: 1000, gender: 'girl', 'SUM(num)': 2 },
    { __timestamp: 1000, gender: 'boy', 'SUM(num)': 3 },
    { __timestamp: 2000, gender: 'girl', 'SUM(num)': null },
  ],
};

// What Superset's timeseries chart sends for one metric grouped by gender, cumulative.
const timeseries = [
  {
    operation: 'pivot',
    options: {
      index: ['__timestamp'],
      columns: ['gender'],
      aggregates: { 'SUM(num)': { operator: 'mean' } },
      drop_missing_columns: false,
      flatten_columns: false,
      reset_index: false,
    },
  },
  { operation: 'cum', options: { operator: 'sum', columns: { 'SUM(num)': 'SUM(num)' } } },
  { operation: 'rename', options: { columns: { 'SUM(num)': null }, level: 0, inplace: true } },
  { operation: 'flatten' },
];

describe('applyPostProcessing', () => {
  it('chains part 2 operations through the registry: a rolling sum over the pivoted series, then a comparison', () => {
    const steps = [
      timeseries[0]!,
      // min_periods 1 keeps windows with one value and, as Superset does, drops the first row.
      { operation: 'rolling', options: { rolling_type: 'sum', window: 2, min_periods: 1, columns: { 'SUM(num)': 'SUM(num)' }, is_pivot_df: true } },
      { operation: 'rename', options: { columns: { 'SUM(num)': null }, level: 0, inplace: true } },
      { operation: 'flatten' },
      { operation: 'compare', options: { source_columns: ['boy'], compare_columns: ['girl'], compare_type: 'difference', drop_original_columns: false } },
    ];
    // boy: 3 then 1 → window sums 3, 4; girl: 2 then null → 2, 2 (the null is skipped).
    expect(applyPostProcessing(frame, steps)).toEqual({
      columns: ['__timestamp', 'boy', 'girl', 'difference__boy__girl'],
      rows: [{ __timestamp: 2000, boy: 4, girl: 2, difference__boy__girl: 2 }],
    });
  });

  it('runs the steps in order and answers a plain frame', () => {
    expect(applyPostProcessing(frame, timeseries)).toEqual({
      columns: ['__timestamp', 'boy', 'girl'],
      rows: [
        { __timestamp: 1000, boy: 3, girl: 2 },
        { __timestamp: 2000, boy: 4, girl: null },
      ],
    });
  });

  it('keeps Superset names for several metrics', () => {
    const aggregates = { 'SUM(num)': { operator: 'mean' }, gender: { operator: 'count' } };
    const steps = [{ operation: 'pivot', options: { ...timeseries[0]!.options, aggregates } }, { operation: 'flatten' }];
    expect(applyPostProcessing(frame, steps).columns).toEqual([
      '__timestamp',
      'SUM(num), boy',
      'SUM(num), girl',
      'gender, boy',
      'gender, girl',
    ]);
  });

  it('leaves out index columns nobody reset, as Superset records do', () => {
    const out = applyPostProcessing(frame, timeseries.slice(0, 1));
    expect(out.columns).toEqual(['SUM(num), boy', 'SUM(num), girl']);
    expect(out.rows[0]).toEqual({ 'SUM(num), boy': 3, 'SUM(num), girl': 2 });
  });

  it('returns the frame unchanged without steps, and never changes its input', () => {
    const copy = structuredClone(frame);
    expect(applyPostProcessing(frame, [])).toEqual(frame);
    applyPostProcessing(frame, timeseries);
    expect(frame).toEqual(copy);
  });

  it('throws a PostProcessingError for an unknown operation or bad options', () => {
    expect(() => applyPostProcessing(frame, [{ operation: 'explode' }])).toThrow(
      new PostProcessingError('Unsupported post processing operation: explode'),
    );
    expect(() => applyPostProcessing(frame, [{ operation: 'toString' }])).toThrow(PostProcessingError);
    expect(() => applyPostProcessing(frame, [{ operation: 'sort', options: { by: 'gender' } }, { operation: 'diff', options: { periods: 'x' } }])).toThrow(
      /^Invalid options for diff \(step 2\): columns: .*; periods: /,
    );
    expect(() => applyPostProcessing(frame, [{ operation: 'sort', options: { by: 'nope' } }])).toThrow(PostProcessingError);
  });

  it('carries levels and index across an operation that does not handle them', () => {
    // Stands for a part-2 operation written on plain frames: it drops the side fields.
    OPERATIONS['test-plain'] = defineOperation(z.object({}), (input) => ({ columns: input.columns, rows: input.rows }));
    try {
      const steps = [timeseries[0]!, { operation: 'test-plain', options: {} }, ...timeseries.slice(2)];
      expect(applyPostProcessing(frame, steps)).toEqual({
        columns: ['__timestamp', 'boy', 'girl'],
        rows: [
          { __timestamp: 1000, boy: 3, girl: 2 },
          { __timestamp: 2000, boy: 1, girl: null },
        ],
      });
    } finally {
      delete OPERATIONS['test-plain'];
    }
  });

  it('registers every part-1 operation', () => {
    expect(Object.keys(OPERATIONS)).toEqual(expect.arrayContaining(['pivot', 'flatten', 'rename', 'sort', 'rank', 'cum', 'diff']));
  });
});
