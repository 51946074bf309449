import { describe, expect, it } from 'vitest';
import { bigintReviver, parseLossless, stringifyLossless } from './lossless-json';

describe('stringifyLossless', () => {
  it('writes bigints as bare number literals', () => {
    expect(stringifyLossless({ id: 9007199254740993n, n: [-18446744073709551615n, 1] })).toBe('{"id":9007199254740993,"n":[-18446744073709551615,1]}');
  });

  it('matches JSON.stringify for everything else, NaN and Infinity included', () => {
    const value = { a: 'x"y', b: [1.5, null, true], c: NaN, d: Infinity, e: undefined, f: '__sightline_bigint_abc_12' };
    expect(stringifyLossless(value)).toBe(JSON.stringify(value));
    expect(stringifyLossless({ a: 1n }, 2)).toBe('{\n  "a": 1\n}');
  });
});

describe('parseLossless', () => {
  it('returns integers beyond 2^53 as bigint and keeps safe ones as numbers', () => {
    const parsed = parseLossless('{"big":9007199254740993,"neg":-123456789012345678901,"safe":9007199254740991,"f":1.5e300}');
    expect(parsed).toEqual({ big: 9007199254740993n, neg: -123456789012345678901n, safe: 9007199254740991, f: 1.5e300 });
  });

  it('round-trips with stringifyLossless', () => {
    const value = { rows: [[1, 'a\\b"c\u00e9\n', 12345678901234567890n, null, false, { k: [] }]], s: '1234567890123456789' };
    expect(parseLossless(stringifyLossless(value))).toEqual(value);
  });

  it('keeps a "__proto__" key as data, like JSON.parse', () => {
    const parsed = parseLossless('{"__proto__":{"polluted":1},"n":12345678901234567890}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__', 'n']);
  });

  it('rejects invalid JSON the way JSON.parse does', () => {
    expect(() => parseLossless('[12345678901234567890,]')).toThrow(SyntaxError);
    expect(() => parseLossless('{"a":12345678901234567890} x')).toThrow(SyntaxError);
    expect(() => parseLossless('["12345678901234567890')).toThrow(SyntaxError);
  });
});

// Browsers with JSON.parse source text access (Chromium 114+) take this path; Node 20 has none.
describe('bigintReviver', () => {
  it('makes unsafe integer literals bigint from their source, and leaves everything else', () => {
    // What JSON.parse hands the reviver: the rounded number, and the literal's text.
    const rounded = Number('9007199254740993');
    expect(bigintReviver('', rounded, { source: '9007199254740993' })).toBe(9007199254740993n);
    expect(bigintReviver('', -rounded, { source: '-9007199254740993' })).toBe(-9007199254740993n);
    expect(bigintReviver('', 42, { source: '42' })).toBe(42);
    expect(bigintReviver('', 1e20, { source: '1e20' })).toBe(1e20);
    const fraction = Number('12345678901234567.5');
    expect(bigintReviver('', fraction, { source: '12345678901234567.5' })).toBe(fraction);
    expect(bigintReviver('', rounded, undefined)).toBe(rounded);
    expect(bigintReviver('', '9007199254740993', { source: '"9007199254740993"' })).toBe('9007199254740993');
  });
});
