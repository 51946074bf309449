import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lenient, lenientList, lenientRecord, readStoredJson } from './read-stored';

const Schema = z.looseObject({ n: lenient(z.number()), tags: lenient(lenientList(z.string())), colours: lenient(lenientRecord(z.string())) });
const read = (text: string | null) => readStoredJson(text, Schema, (): z.output<typeof Schema> => ({}));

describe('readStoredJson', () => {
  it('keeps what fits, key by key and item by item, and the keys it does not know', () => {
    expect(read('{"n": 1, "tags": ["a", 2, "b"], "colours": {"x": "#fff", "y": 3}, "other": true}'))
      .toEqual({ n: 1, tags: ['a', 'b'], colours: { x: '#fff' }, other: true });
    expect(read('{"n": "1", "tags": "a"}')).toEqual({ tags: [] });
  });

  it('keeps a stored `__proto__` key as a key, never as the prototype', () => {
    const value = read('{"colours": {"__proto__": "#000", "a": "#111"}}');
    expect(Object.keys(value.colours ?? {})).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(value.colours)).toBe(Object.prototype);
  });

  it('reads what is not JSON of the shape as the empty value', () => {
    for (const text of [null, '', ' ', '{', '[]', '"{}"', '{"a":"\\u0000"}']) expect(read(text)).toEqual({});
  });
});
