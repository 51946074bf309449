import { describe, expect, it } from 'vitest';
import type { ColumnInfo } from '../engines/types.server';
import { GenericType } from '../query/types.server';
import { coltypesOf, epochMillis, jsonCell, toFrame } from './frame.server';

const col = (name: string, type_generic: ColumnInfo['type_generic'], type = 'TEXT'): ColumnInfo => ({ name, type, type_generic });

describe('epochMillis', () => {
  it('reads dates, naive and zoned timestamps as UTC instants', () => {
    expect(epochMillis('2024-03-06')).toBe(Date.UTC(2024, 2, 6));
    expect(epochMillis('2024-03-06T13:47:31.250')).toBe(Date.UTC(2024, 2, 6, 13, 47, 31, 250));
    expect(epochMillis('2024-03-06 13:47:31')).toBe(Date.UTC(2024, 2, 6, 13, 47, 31));
    expect(epochMillis('2024-03-06 13:47')).toBe(Date.UTC(2024, 2, 6, 13, 47));
    expect(epochMillis('2024-03-06T13:47:31.000Z')).toBe(Date.UTC(2024, 2, 6, 13, 47, 31));
    expect(epochMillis('2024-03-06 13:47:31+02:00')).toBe(Date.UTC(2024, 2, 6, 11, 47, 31));
    expect(epochMillis('2024-03-06 13:47:31.123456-0530')).toBe(Date.UTC(2024, 2, 6, 19, 17, 31, 123));
    expect(epochMillis('0099-01-01')).toBe(new Date('0099-01-01T00:00:00Z').getTime());
  });

  it('refuses what is not a datetime', () => {
    for (const text of ['', 'boy', '2024-02-30', '2024-13-01', '2024-01-01 25:00:00', '20240101', '2024-01-01Tfoo']) expect(epochMillis(text)).toBeNull();
  });
});

describe('jsonCell', () => {
  it('keeps JSON what JSON can hold, and exact what a double cannot', () => {
    expect(jsonCell(12n, false)).toBe(12);
    expect(jsonCell(9007199254740993n, false)).toBe('9007199254740993');
    expect(jsonCell(Number.NaN, false)).toBeNull();
    expect(jsonCell(Number.POSITIVE_INFINITY, false)).toBeNull();
    expect(jsonCell(true, false)).toBe(true);
    expect(jsonCell('2024-01-01', false)).toBe('2024-01-01');
    expect(jsonCell('2024-01-01', true)).toBe(Date.UTC(2024, 0, 1));
    expect(jsonCell('2024-01-01', true, 3_600_000)).toBe(Date.UTC(2024, 0, 1, 1));
    expect(jsonCell('not a date', true)).toBe('not a date');
    expect(jsonCell(1_700_000_000, true)).toBe(1_700_000_000);
  });
});

describe('toFrame', () => {
  const planned = [
    { label: '__timestamp', temporal: true, metric: false },
    { label: 'gender', temporal: false, metric: false },
    { label: 'SUM(a very long metric label that PostgreSQL would cut at sixty-three bytes)', temporal: false, metric: true },
  ];

  it('names columns by the plan, turns datetimes into epoch ms and decimals into numbers', () => {
    const result = {
      columns: [col('__timestamp', 'string'), col('gender', 'string'), col('SUM(a very long metric label that PostgreSQL would cut at sixty-', 'numeric', 'NUMERIC')],
      rows: [
        ['2020-01-01 00:00:00', 'boy', '12.50'],
        ['2021-01-01T00:00:00.000', 'girl', 9007199254740993n],
        [null, null, null],
      ],
    };
    const { frame, types } = toFrame(result, planned, { offset: 2, columns: [] });
    expect(frame.columns).toEqual(planned.map((p) => p.label));
    expect(frame.rows[0]).toEqual({ __timestamp: Date.UTC(2020, 0, 1, 2), gender: 'boy', [planned[2].label]: 12.5 });
    expect(frame.rows[1][planned[2].label]).toBe('9007199254740993');
    expect(frame.rows[2]).toEqual({ __timestamp: null, gender: null, [planned[2].label]: null });
    expect(coltypesOf(frame, types)).toEqual([GenericType.TEMPORAL, GenericType.STRING, GenericType.NUMERIC]);
  });

  it('uses the engine names when the plan does not list the same columns, and the dataset marks datetimes', () => {
    const result = { columns: [col('ds', 'string'), col('n', 'numeric')], rows: [['2001-02-03', 4]] };
    const dataset = { offset: 0, columns: [{ column_name: 'ds', is_dttm: true }] } as never;
    const { frame, types } = toFrame(result, [], dataset);
    expect(frame).toEqual({ columns: ['ds', 'n'], rows: [{ ds: Date.UTC(2001, 1, 3), n: 4 }] });
    expect(coltypesOf(frame, types)).toEqual([GenericType.TEMPORAL, GenericType.NUMERIC]);
  });
});

describe('coltypesOf', () => {
  it('infers from values after post-processing, and falls back to the engine for empty columns', () => {
    const frame = {
      columns: ['a', 'b', 'c', 'd', 'new'],
      rows: [
        { a: null, b: true, c: 'x', d: null, new: 1.5 },
        { a: 2, b: false, c: 'y', d: null, new: null },
      ],
    };
    const types = { temporal: new Set<string>(), engine: new Map([['d', 'boolean' as const]]) };
    expect(coltypesOf(frame, types)).toEqual([GenericType.NUMERIC, GenericType.BOOLEAN, GenericType.STRING, GenericType.BOOLEAN, GenericType.NUMERIC]);
    expect(coltypesOf({ columns: ['x'], rows: [] }, { ...types, engine: new Map() })).toEqual([GenericType.STRING]);
  });
});
