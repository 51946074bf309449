import { describe, expect, it } from 'vitest';
import type { Query } from '~/lib/sqllab/reducer';
import { formatElapsed } from './query-pane';
import { cellText, matchingRows, measureColumns, queryLimitMessage } from './results-grid';
import { defaultDatasetName } from './save-dataset-dialog';

describe('results grid helpers', () => {
  it('shows big integers, NULLs and nested values exactly', () => {
    expect(cellText(9007199254740993n)).toBe('9007199254740993');
    expect(cellText(null)).toBe('NULL');
    expect(cellText(undefined)).toBe('NULL');
    expect(cellText(false)).toBe('false');
  });

  it('sizes columns from a sample of rows only, clamped', () => {
    const rows = [{ a: 'x', b: 'short' }, { a: 'y', b: 'a much longer value here' }];
    const [a, b] = measureColumns(['a', 'b'], rows);
    expect(a).toBe(72);
    expect(b).toBeGreaterThan(200);
    // A long value beyond the sample does not widen the column.
    const many = [...Array.from({ length: 10 }, () => ({ a: 'x' })), { a: 'y'.repeat(500) }];
    expect(measureColumns(['a'], many, 10)).toEqual([72]);
    expect(measureColumns(['a'], [{ a: 'z'.repeat(500) }])).toEqual([420]);
  });

  it('finds rows containing the text in any column, ignoring case', () => {
    const rows = [{ w: 'Alpha', n: 1 }, { w: 'beta', n: 22 }, { w: null, n: 3 }];
    expect(matchingRows(rows, ['w', 'n'], 'ALP')).toEqual([0]);
    expect(matchingRows(rows, ['w', 'n'], '2')).toEqual([1]);
    expect(matchingRows(rows, ['w', 'n'], 'null')).toEqual([2]);
  });

  it('says what limited the rows as the server tells it, never guessing from the row count', () => {
    const base = { queryLimit: 100, rows: 100, limitingFactor: 'NOT_LIMITED', results: { status: 'success', columns: [], data: [] } } as unknown as Query;
    expect(queryLimitMessage(base)).toBeNull();
    expect(queryLimitMessage({ ...base, limitingFactor: 'QUERY' })).toBe('The number of rows displayed is limited to 100 by the query');
    expect(queryLimitMessage({ ...base, limitingFactor: 'DROPDOWN' })).toBe('The number of rows displayed is limited to 100 by the dropdown.');
    expect(queryLimitMessage({ ...base, results: { ...base.results!, displayLimitReached: true } })).toMatch(/by the configuration/);
  });
});

describe('results pane text', () => {
  it('formats elapsed time', () => {
    expect(formatElapsed(1234)).toBe('1.2 s');
    expect(formatElapsed(65_300)).toBe('1:05.3');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatElapsed(-5)).toBe('0.0 s');
  });

  it('names a dataset after the tab and the time, as Superset does', () => {
    expect(defaultDatasetName('Untitled Query 2', new Date(2024, 4, 7, 9, 3, 1))).toBe('Untitled Query 2 05/07/2024 09:03:01');
    expect(defaultDatasetName('  ', new Date(2024, 0, 1, 0, 0, 0))).toBe('Untitled 01/01/2024 00:00:00');
  });
});
