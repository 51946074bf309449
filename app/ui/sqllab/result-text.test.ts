import { describe, expect, it } from 'vitest';
import { columnDisplays, columnKind, formatTemporal, limitMessage, rowCountText, textColumnDisplays } from './result-text';

describe('rowCountText', () => {
  it('says row for one and rows otherwise', () => {
    expect(rowCountText(1)).toBe('1 row');
    expect(rowCountText(0)).toBe('0 rows');
    expect(rowCountText(12345)).toBe('12,345 rows');
  });
});

describe('limitMessage', () => {
  it('words each limiting factor as Superset does', () => {
    expect(limitMessage({ limitingFactor: 'QUERY', rows: 10, limit: 1000, defaultLimit: 1000 })).toBe('The number of rows displayed is limited to 10 by the query');
    expect(limitMessage({ limitingFactor: 'DROPDOWN', rows: 1000, limit: 1000, defaultLimit: 1000 })).toBe('The number of rows displayed is limited to 1,000 by the dropdown.');
    expect(limitMessage({ limitingFactor: 'DROPDOWN', rows: 100, limit: 100, defaultLimit: 1000 })).toBe('The number of rows displayed is limited to 100 by the limit dropdown.');
    expect(limitMessage({ limitingFactor: 'QUERY_AND_DROPDOWN', rows: 1000, limit: 1000, defaultLimit: 1000 }))
      .toBe('The number of rows displayed is limited to 1,000 by the query and limit dropdown.');
    expect(limitMessage({ limitingFactor: 'QUERY', rows: 5, displayLimitReached: true })).toBe('The number of results displayed is limited to 5 by the configuration DISPLAY_MAX_ROWS.');
  });

  it('says nothing when nothing limited the rows', () => {
    expect(limitMessage({ limitingFactor: 'NOT_LIMITED', rows: 3 })).toBeNull();
    expect(limitMessage({ limitingFactor: null, rows: 3 })).toBeNull();
    expect(limitMessage({ rows: 3 })).toBeNull();
  });
});

describe('temporal values', () => {
  it('shows a timestamp with a space and whole seconds, keeping a real fraction and a zone', () => {
    expect(formatTemporal('1965-01-01T00:00:00.000', false)).toBe('1965-01-01 00:00:00');
    expect(formatTemporal('2024-03-05T14:07:09.250Z', false)).toBe('2024-03-05 14:07:09.25');
    expect(formatTemporal('2024-03-05 14:07', false)).toBe('2024-03-05 14:07:00');
    expect(formatTemporal('2024-03-05T14:07:09+02:00', false)).toBe('2024-03-05 14:07:09+02:00');
    expect(formatTemporal('1965-01-01T00:00:00.000', true)).toBe('1965-01-01');
    expect(formatTemporal('not a date', false)).toBe('not a date');
  });

  it('shows dates alone when every value of the column is midnight, or the column is a DATE', () => {
    const rows = [{ ds: '1965-01-01T00:00:00.000', at: '2020-01-01T00:00:00.000', d: '2020-02-03' }, { ds: '1966-01-01T00:00:00.000', at: '2020-01-01T10:30:00.000', d: null }];
    const [ds, at, d] = columnDisplays([{ name: 'ds', type: 'DATETIME' }, { name: 'at', type: 'TIMESTAMP' }, { name: 'd', type: 'DATE' }], rows);
    expect(ds.text(rows[0].ds)).toBe('1965-01-01');
    expect(at.text(rows[0].at)).toBe('2020-01-01 00:00:00');
    expect(at.text(rows[1].at)).toBe('2020-01-01 10:30:00');
    expect(d.text(rows[0].d)).toBe('2020-02-03');
    expect(d.text(null)).toBe('NULL');
  });
});

describe('column kinds and alignment', () => {
  it('right-aligns numbers, from the generic type, the type name or the values', () => {
    expect(columnKind({ name: 'n', type: 'BIGINT' })).toBe('numeric');
    expect(columnKind({ name: 'n', type: 'TEXT', type_generic: 0 })).toBe('numeric');
    expect(columnKind({ name: 's', type: 'VARCHAR(10)' })).toBe('string');
    expect(columnKind({ name: 't', type: 'TIMESTAMP WITHOUT TIME ZONE' })).toBe('temporal');
    const displays = columnDisplays([{ name: 'x', type: '' }, { name: 'name', type: '' }], [{ x: 1, name: 'a' }, { x: 2n, name: 'b' }]);
    expect(displays.map((c) => c.align)).toEqual(['right', 'left']);
  });

  it('reads the server-rendered text table the same way', () => {
    const displays = textColumnDisplays(3, [['1', 'Anna', '1965-01-01T00:00:00.000'], ['-2.5', null, '1966-01-01T00:00:00.000']]);
    expect(displays.map((c) => c.align)).toEqual(['right', 'left', 'left']);
    expect(displays[2].text('1965-01-01T00:00:00.000')).toBe('1965-01-01');
  });
});
