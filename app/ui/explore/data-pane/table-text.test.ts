import { describe, expect, it } from 'vitest';
import { cellText, copyText, isLimitReached, rowCountText, rowLimitOf, searchRows } from './table-text';

const columns = ['ds', 'name', 'num'];
const coltypes = [2, 1, 0];
const rows = [
  { ds: Date.UTC(2008, 0, 1), name: 'Aaron', num: 5 },
  { ds: Date.UTC(2009, 5, 1, 12, 30), name: 'Zoe\tAnn', num: null },
  { ds: null, name: 'MIKE', num: 12 },
];

describe('cell text', () => {
  it('shows nulls as N/A, timestamps as ISO and the rest as text', () => {
    expect(cellText(null, 1)).toBe('N/A');
    expect(cellText(undefined)).toBe('N/A');
    expect(cellText(Date.UTC(2008, 0, 1), 2)).toBe('2008-01-01T00:00:00');
    expect(cellText(Date.UTC(2008, 0, 1) + 250, 2)).toBe('2008-01-01T00:00:00.250');
    expect(cellText(1199145600000, 0)).toBe('1199145600000');
    expect(cellText(true)).toBe('true');
    expect(cellText(12345678901234567890n)).toBe('12345678901234567890');
    expect(cellText({ a: [1] })).toBe('{"a":[1]}');
  });
});

describe('search', () => {
  it('keeps the rows with a cell containing the text, ignoring case', () => {
    expect(searchRows(rows, columns, coltypes, 'mike').map((r) => r.name)).toEqual(['MIKE']);
    expect(searchRows(rows, columns, coltypes, 'AAR').map((r) => r.name)).toEqual(['Aaron']);
  });

  it('searches what the table shows: ISO dates and N/A', () => {
    expect(searchRows(rows, columns, coltypes, '2009-06').map((r) => r.name)).toEqual(['Zoe\tAnn']);
    expect(searchRows(rows, columns, coltypes, 'n/a')).toHaveLength(2);
  });

  it('keeps every row for an empty or blank search', () => {
    expect(searchRows(rows, columns, coltypes, '  ')).toHaveLength(3);
  });
});

describe('copy', () => {
  it('writes a header line and one tab-separated line per row, as the table reads', () => {
    expect(copyText(rows, columns, coltypes)).toBe(
      ['ds\tname\tnum', '2008-01-01T00:00:00\tAaron\t5', '2009-06-01T12:30:00\tZoe Ann\tN/A', 'N/A\tMIKE\t12'].join('\n'),
    );
  });
});

describe('the row-count badge', () => {
  it('counts rows in words', () => {
    expect(rowCountText(1)).toBe('1 row');
    expect(rowCountText(0)).toBe('0 rows');
    expect(rowCountText(10000)).toBe('10,000 rows');
  });

  it('says the limit is reached when the rows fill the row limit', () => {
    expect(isLimitReached(100, 100)).toBe(true);
    expect(isLimitReached(99, 100)).toBe(false);
    expect(isLimitReached(100, null)).toBe(false);
    expect(isLimitReached(0, 0)).toBe(false);
  });

  it('reads the row limit from the form data', () => {
    expect(rowLimitOf({ row_limit: 100 })).toBe(100);
    expect(rowLimitOf({ row_limit: '1000' })).toBe(1000);
    expect(rowLimitOf({})).toBeNull();
  });
});
