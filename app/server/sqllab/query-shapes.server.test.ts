import { describe, expect, it } from 'vitest';
import { resultColumns, rowsAsObjects, uniqueNames, userLabel } from './query-shapes.server';

describe('result shapes', () => {
  it('makes duplicate column names unique as Superset does', () => {
    expect(uniqueNames(['a', 'b', 'a', 'a', 'a__1'])).toEqual(['a', 'b', 'a__2', 'a__3', 'a__1']);
  });

  it('answers columns with Superset’s generic type numbers', () => {
    const columns = resultColumns([
      { name: 'n', type: 'BIGINT', type_generic: 'numeric' },
      { name: 's', type: 'TEXT', type_generic: 'string' },
      { name: 't', type: 'TIMESTAMP', type_generic: 'temporal' },
      { name: 'b', type: 'BOOLEAN', type_generic: 'boolean' },
    ]);
    expect(columns.map((c) => [c.name, c.type_generic, c.is_dttm])).toEqual([['n', 0, false], ['s', 1, false], ['t', 2, true], ['b', 3, false]]);
    expect(columns[0]).toEqual({ column_name: 'n', name: 'n', type: 'BIGINT', type_generic: 0, is_dttm: false });
  });

  it('keys rows by column name, a column called __proto__ included', () => {
    const columns = resultColumns([
      { name: '__proto__', type: 'INT', type_generic: 'numeric' },
      { name: 'x', type: 'INT', type_generic: 'numeric' },
      { name: 'x', type: 'INT', type_generic: 'numeric' },
    ]);
    const [row] = rowsAsObjects(columns, [[1, 2n, null]]);
    expect(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).toBe('{"__proto__":1,"x":"2","x__1":null}');
    expect(Object.getPrototypeOf(row)).toBeNull();
  });

  it('labels users as Superset: full name, else username', () => {
    expect(userLabel({ username: 'ada', first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(userLabel({ username: 'ada', first_name: '', last_name: '' })).toBe('ada');
    expect(userLabel(null)).toBeNull();
  });
});
