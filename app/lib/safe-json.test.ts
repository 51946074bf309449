import { describe, expect, it } from 'vitest';
import { JsonTextError, MAX_JSON_DEPTH, parseJsonText } from './safe-json';

function errorOf(text: string): JsonTextError {
  try {
    parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonTextError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text.slice(0, 40))} to be refused`);
}

const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('parseJsonText', () => {
  it('parses what JSON.parse parses', () => {
    expect(parseJsonText('{"a":[1,"two",null,true],"b":{"c":"d"}}')).toEqual({ a: [1, 'two', null, true], b: { c: 'd' } });
    expect(parseJsonText('"text"')).toBe('text');
    expect(parseJsonText(' 12 ')).toBe(12);
  });

  it('describes text that is not JSON with the engine\'s words, and each problem in a sentence', () => {
    const syntax = errorOf('{"a":');
    expect(syntax.problem).toBe('syntax');
    expect(syntax.about('The body')).toMatch(/^The body is not valid JSON: .+\.$/);
    expect(errorOf('').problem).toBe('syntax');
    expect(errorOf('[[1]]x').problem).toBe('syntax');
    expect(errorOf(arrays(MAX_JSON_DEPTH + 1)).about('The body')).toBe(`The body: Nesting is deeper than ${MAX_JSON_DEPTH} levels.`);
  });

  it(`takes ${MAX_JSON_DEPTH} levels and refuses one more, and 10,000`, () => {
    expect(parseJsonText(arrays(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    expect(errorOf(arrays(MAX_JSON_DEPTH + 1)).message).toBe(`Nesting is deeper than ${MAX_JSON_DEPTH} levels.`);
    expect(errorOf(`{"a":${'{"b":'.repeat(10_000)}1${'}'.repeat(10_001)}`).message).toMatch(/deeper than/);
  });

  it('does not count brackets inside strings, nor objects side by side', () => {
    const bracketsInText = JSON.stringify({ sql: '['.repeat(5000), escaped: '\\"[[[' });
    expect(parseJsonText(bracketsInText)).toEqual({ sql: '['.repeat(5000), escaped: '\\"[[[' });
    const wide = JSON.stringify(Array.from({ length: 1000 }, () => ({ a: [[1]] })));
    expect((parseJsonText(wide) as unknown[]).length).toBe(1000);
  });

  it('refuses NUL, escaped or raw, in values and keys', () => {
    expect(errorOf('{"a":"x\\u0000y"}').message).toMatch(/NUL/);
    expect(errorOf('{"\\u0000":1}').message).toMatch(/NUL/);
    expect(errorOf('{"a":"x\u0000"}').message).toMatch(/NUL/);
    // An escaped backslash followed by "u0000" is the text \u0000, not a NUL.
    expect(parseJsonText('{"a":"\\\\u0000"}')).toEqual({ a: '\\u0000' });
  });

  it('keeps __proto__ and constructor as ordinary keys', () => {
    const value = parseJsonText('{"__proto__":{"polluted":true},"constructor":{"prototype":1}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
