import { afterEach, describe, expect, it } from 'vitest';
import { decimalValue, integerValue, timestampValue, timestamptzValue } from './values';

describe('integerValue', () => {
  it('is a number while safe and a bigint beyond', () => {
    expect(integerValue('42')).toBe(42);
    expect(integerValue('-9007199254740991')).toBe(-9007199254740991);
    expect(integerValue('9007199254740993')).toBe(9007199254740993n);
    expect(integerValue('18446744073709551615')).toBe(18446744073709551615n);
  });
});

describe('decimalValue', () => {
  it('keeps every digit: numbers when a double holds them, else text or bigint', () => {
    expect(decimalValue('3.50')).toBe(3.5);
    expect(decimalValue('-0.00')).toBe(0);
    expect(decimalValue('12345678901234.56')).toBe(12345678901234.56);
    expect(decimalValue('1234567890123456789012345678901234567890')).toBe(1234567890123456789012345678901234567890n);
    expect(decimalValue('1234567890123456789012345678901234567890.000')).toBe(1234567890123456789012345678901234567890n);
    expect(decimalValue('0.12345678901234567890')).toBe('0.12345678901234567890');
    expect(decimalValue('9007199254740993.5')).toBe('9007199254740993.5');
    expect(decimalValue('NaN')).toBeNaN();
  });
});

const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'];

describe.each(ZONES)('timestamps under TZ=%s', (zone) => {
  const before = process.env.TZ;
  afterEach(() => {
    process.env.TZ = before;
  });

  it('formats wall-clock timestamps without reading the local zone', () => {
    process.env.TZ = zone;
    expect(timestampValue('2024-03-10 02:30:00')).toBe('2024-03-10T02:30:00.000'); // a DST gap in New York
    expect(timestampValue('2024-01-02 03:04:05.1')).toBe('2024-01-02T03:04:05.100');
    expect(timestampValue('2024-01-02 03:04:05.123456')).toBe('2024-01-02T03:04:05.123');
    expect(timestampValue('0044-03-15 12:00:00 BC')).toBe('0044-03-15 12:00:00 BC');
    expect(timestampValue('infinity')).toBe('infinity');
  });

  it('turns zoned timestamps into the same instant in UTC', () => {
    process.env.TZ = zone;
    expect(timestamptzValue('2024-01-01 12:00:00+01')).toBe('2024-01-01T11:00:00.000Z');
    expect(timestamptzValue('2024-01-01 00:15:00.5+05:30')).toBe('2023-12-31T18:45:00.500Z');
    expect(timestamptzValue('1900-01-01 00:00:00-00:09:21')).toBe('1900-01-01T00:09:21.000Z');
    expect(timestamptzValue('0050-06-01 00:00:00+00')).toBe('0050-06-01T00:00:00.000Z');
    expect(timestamptzValue('-infinity')).toBe('-infinity');
  });
});
