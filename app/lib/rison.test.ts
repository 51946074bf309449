import { describe, expect, it } from 'vitest';
import { decodeRison, encodeRison, encodeRisonUri, MAX_RISON_DEPTH, RisonError } from './rison';

function errorOf(text: string): RisonError {
  try {
    decodeRison(text);
  } catch (error) {
    if (error instanceof RisonError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to fail`);
}

describe('decodeRison: scalars', () => {
  it.each([
    ['!t', true],
    ['!f', false],
    ['!n', null],
    ['0', 0],
    ['42', 42],
    ['-3', -3],
    ['1.5', 1.5],
    ['-0.25', -0.25],
    ['1e3', 1000],
    ['2.5E-2', 0.025],
    ['1e+2', 100],
  ])('%s', (text, expected) => {
    expect(decodeRison(text)).toBe(expected);
  });

  it('reads bare identifiers as strings', () => {
    expect(decodeRison('abc')).toBe('abc');
    expect(decodeRison('changed_on_delta_humanized')).toBe('changed_on_delta_humanized');
    expect(decodeRison('a-b.c/d~e')).toBe('a-b.c/d~e');
    expect(decodeRison('x1')).toBe('x1');
    expect(decodeRison('true')).toBe('true');
    expect(decodeRison('.5')).toBe('.5');
  });

  it('reads quoted strings with !! and !\' escapes', () => {
    expect(decodeRison("'x y'")).toBe('x y');
    expect(decodeRison("''")).toBe('');
    expect(decodeRison("'it!'s'")).toBe("it's");
    expect(decodeRison("'wow!!'")).toBe('wow!');
    expect(decodeRison("'(a:1)'")).toBe('(a:1)');
    expect(decodeRison("'100%_done'")).toBe('100%_done');
    expect(decodeRison("'ünïcödé ✓'")).toBe('ünïcödé ✓');
  });
});

describe('decodeRison: containers', () => {
  it('reads objects', () => {
    expect(decodeRison('()')).toEqual({});
    expect(decodeRison("(a:1,b:'x y')")).toEqual({ a: 1, b: 'x y' });
    expect(decodeRison("('key with space':!t)")).toEqual({ 'key with space': true });
  });

  it('reads arrays', () => {
    expect(decodeRison('!()')).toEqual([]);
    expect(decodeRison('!(1,2)')).toEqual([1, 2]);
    expect(decodeRison("!(a,'b c',!n,!f)")).toEqual(['a', 'b c', null, false]);
  });

  it('reads a Superset list query', () => {
    const q = "(filters:!((col:slice_name,opr:chart_all_text,value:'sales q1'),(col:id,opr:chart_is_favorite,value:!t)),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)";
    expect(decodeRison(q)).toEqual({
      filters: [
        { col: 'slice_name', opr: 'chart_all_text', value: 'sales q1' },
        { col: 'id', opr: 'chart_is_favorite', value: true },
      ],
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page: 0,
      page_size: 25,
    });
  });

  it('reads nested arrays and objects', () => {
    expect(decodeRison('!(!(1,!(2)),(a:(b:!())))')).toEqual([[1, [2]], { a: { b: [] } }]);
  });

  it('skips spaces between tokens but keeps them in strings', () => {
    expect(decodeRison(" ( page : 0 , filter : 'a b' ) ")).toEqual({ page: 0, filter: 'a b' });
    expect(decodeRison('!( 1 , 2 )')).toEqual([1, 2]);
  });

  it('keeps __proto__ as a plain key', () => {
    const value = decodeRison('(__proto__:(polluted:!t))') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('decodeRison: errors name the problem and its position', () => {
  it.each([
    ['', 'rison: empty input', 0],
    ['(a:1))', "rison: unexpected ')' at position 5", 5],
    ["(a:'x", 'rison: unterminated string starting at position 3', 3],
    ['(a:1', 'rison: unterminated object starting at position 0', 0],
    ['(a:1,', 'rison: unterminated object starting at position 0', 0],
    ['!(1,2', 'rison: unterminated array starting at position 0', 0],
    ['(a 1)', "rison: expected ':' after key 'a' at position 3, found '1'", 3],
    ['(:1)', "rison: expected an object key at position 1, found ':'", 1],
    ['(1:2)', "rison: expected an object key at position 1, found '1'", 1],
    ['!x', "rison: unknown literal '!x' at position 0", 0],
    ['!', "rison: '!' at position 0 ends the input", 0],
    ["'a!b'", "rison: invalid escape '!b' at position 2: only !! and !' are allowed in strings", 2],
    ['12ab', 'rison: invalid number at position 0', 0],
    ['01', 'rison: invalid number at position 0', 0],
    ['-', 'rison: invalid number at position 0', 0],
    ['1.e5', 'rison: invalid number at position 0', 0],
    ['(a:1 b:2)', "rison: unexpected 'b' at position 5", 5],
    ['!(1 2)', "rison: unexpected '2' at position 4", 4],
    ['(a:)', "rison: unexpected ')' at position 3", 3],
    ['a b', "rison: unexpected 'b' at position 2", 2],
    ['(a:1)x', "rison: unexpected 'x' at position 5", 5],
    ['*', "rison: unexpected '*' at position 0", 0],
  ])('%j', (text, message, position) => {
    const error = errorOf(text);
    expect(error.message).toBe(message);
    expect(error.position).toBe(position);
    expect(error).toBeInstanceOf(Error);
  });
});

describe('encodeRison', () => {
  it('encodes scalars', () => {
    expect(encodeRison(true)).toBe('!t');
    expect(encodeRison(false)).toBe('!f');
    expect(encodeRison(null)).toBe('!n');
    expect(encodeRison(undefined)).toBe('!n');
    expect(encodeRison(12)).toBe('12');
    expect(encodeRison(-1.5)).toBe('-1.5');
    expect(encodeRison(1e21)).toBe('1e21');
    expect(encodeRison(Number.NaN)).toBe('!n');
  });

  it('leaves identifiers bare and quotes everything else', () => {
    expect(encodeRison('abc')).toBe('abc');
    expect(encodeRison('a-b')).toBe('a-b');
    expect(encodeRison('')).toBe("''");
    expect(encodeRison('x y')).toBe("'x y'");
    expect(encodeRison('12')).toBe("'12'");
    expect(encodeRison('-a')).toBe("'-a'");
    expect(encodeRison("it's!")).toBe("'it!'s!!'");
  });

  it('encodes arrays and objects, dropping undefined properties', () => {
    expect(encodeRison([1, 'a b', [true]])).toBe("!(1,'a b',!(!t))");
    expect(encodeRison({ page: 0, skip: undefined, filters: [{ col: 'id', opr: 'eq', value: 3 }] })).toBe('(page:0,filters:!((col:id,opr:eq,value:3)))');
    expect(encodeRison({ 'a key': 1 })).toBe("('a key':1)");
  });

  it('refuses what rison cannot hold', () => {
    expect(() => encodeRison(() => 1)).toThrow(TypeError);
    expect(() => encodeRison(10n)).toThrow(/cannot encode a value of type bigint/);
  });

  it('round-trips through decodeRison', () => {
    const values = [
      { a: 1, b: 'x y', c: [true, false, null], d: { e: "quote ' and bang !" } },
      [],
      {},
      ['', 0, -0.5, 1e-7, 'ünïcödé'],
    ];
    for (const value of values) expect(decodeRison(encodeRison(value))).toEqual(value);
  });

  it('encodes for a URL, keeping rison punctuation readable', () => {
    const encoded = encodeRisonUri({ filter: 'a b', ids: [1, 2] });
    expect(encoded).toBe("(filter:'a%20b',ids:!(1,2))");
    expect(decodeRison(new URLSearchParams(`q=${encoded}`).get('q') ?? '')).toEqual({ filter: 'a b', ids: [1, 2] });
  });
});

describe('decodeRison: nesting', () => {
  const nested = (depth: number) => `${'(a:'.repeat(depth - 1)}!(1)${')'.repeat(depth - 1)}`;

  it(`takes ${MAX_RISON_DEPTH} levels of objects and arrays`, () => {
    let value = decodeRison(nested(MAX_RISON_DEPTH)) as unknown;
    let levels = 0;
    while (value !== null && typeof value === 'object') {
      levels++;
      value = Array.isArray(value) ? value[0] : (value as { a: unknown }).a;
    }
    expect(levels).toBe(MAX_RISON_DEPTH);
    expect(decodeRison(`${'!('.repeat(MAX_RISON_DEPTH)}${')'.repeat(MAX_RISON_DEPTH)}`)).toBeInstanceOf(Array);
  });

  it('refuses one level more with a RisonError, and 7,000 levels without overflowing the stack', () => {
    expect(errorOf(nested(MAX_RISON_DEPTH + 1)).message).toBe(`rison: nesting deeper than ${MAX_RISON_DEPTH} levels at position ${3 * MAX_RISON_DEPTH}`);
    expect(errorOf(`(a:${'!('.repeat(7000)}${')'.repeat(7001)}`).message).toMatch(/nesting deeper than/);
    expect(errorOf('(a:'.repeat(7000)).message).toMatch(/nesting deeper than/);
  });

  it('counts depth, not the number of objects side by side', () => {
    const wide = `!(${Array.from({ length: 500 }, () => '(a:!(1))').join(',')})`;
    expect((decodeRison(wide) as unknown[]).length).toBe(500);
  });
});
