/**
 * Hostile inputs for the route fuzz (tests/integration/route-fuzz.test.ts): path ids, rison and
 * JSON `q` values, query-string values, whole request bodies and single field values. Everything
 * here is a fixed list or comes from a seeded generator, so a run sends the same requests every
 * time and a failure reproduces.
 */
import { seededRandom } from './seeded-random';

export { seededRandom };

/** JSON text that is spliced into a body as is (deep nesting, numbers JSON.stringify cannot write). */
export class RawJson {
  constructor(readonly text: string) {}
}

export const DEEP_JSON = 10_000;
export const DEEP_RISON = 7_000;

export const deepJsonArray = (depth = DEEP_JSON) => '['.repeat(depth) + ']'.repeat(depth);
export const deepJsonObject = (depth = DEEP_JSON) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
export const deepRisonObject = (depth = DEEP_RISON) => '(a:'.repeat(depth) + '1' + ')'.repeat(depth);
export const deepRisonArray = (depth = DEEP_RISON) => '!('.repeat(depth) + ')'.repeat(depth);

/** A value made anew each time a body is built: client ids and names that must be unique. */
export class Fresh {
  constructor(readonly make: () => string) {}
}
let freshCount = 0;
/** `prefix` and a counter: the same sequence in every run. */
export const fresh = (prefix: string) => new Fresh(() => `${prefix}${(++freshCount).toString(36)}`);

/** A value as a form field's text: text as it is, anything else as its JSON. */
export const formText = (value: unknown): string => (value instanceof Fresh ? value.make() : typeof value === 'string' ? value : jsonText(value));

/** JSON text of `value`, with RawJson values (anywhere in it) spliced in as their raw text and Fresh ones made. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Fresh) return v.make();
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]);
}

/** Values for a path segment: each is URL-encoded when the path is built (`\0` becomes %00). */
export const HOSTILE_IDS: readonly string[] = [
  '0', '-1', '1.5', '99999999999999999999999', 'abc', '\0', '../../../../etc/passwd', '..', '__proto__', 'x'.repeat(300), '_info',
  "people'", '\u{1f600}',
];

/** Rison and JSON `q` values: broken, wrong types, filters with hostile values, deep nesting. */
export function hostileQ(): Array<{ label: string; q: string }> {
  const cases: Array<[string, string]> = [
    ['broken rison (', '('],
    ['broken rison !(', '!('],
    ['broken rison key', '(a:'],
    ['unterminated string', "(a:'x"],
    ['bad escape', "(a:'!z')"],
    ['broken json', '{"a":'],
    ['rison list', '!(1,2)'],
    ['wrong types', "(page:'x',page_size:-1,order_column:!(),order_direction:(a:1))"],
    ['huge numbers', '(page:99999999999999999999,page_size:1e308,last_updated_ms:1e400,rows:-0)'],
    ['fractional', '(page:1.5,page_size:0.5,rows:1.5,last_updated_ms:-1)'],
    ['proto keys', '(__proto__:(a:1),constructor:(prototype:(a:1)),prototype:1)'],
    ['proto columns', '(columns:!(__proto__,constructor,prototype),order_column:__proto__,keys:!(__proto__))'],
    ['filter no col', '(filters:!((opr:eq,value:1)))'],
    ['filters wrong', '(filters:!((col:!(),opr:(),value:())))'],
    ['NUL in json q', '{"filters":[{"col":"database_name","opr":"ct","value":"\u0000"}]}'],
    ['NUL key', "(key:'\u0000',schema_name:'\u0000',table_name:'\u0000',name:'\u0000')"],
    ['deep rison object', deepRisonObject()],
    ['deep rison array', deepRisonArray()],
    ['deep rison in filter', `(filters:!((col:id,opr:eq,value:${deepRisonArray()})))`],
    ['deep json q', deepJsonObject()],
  ];
  const columns = ['id', 'database_name', 'label', 'sql', 'table_name', 'name', 'changed_on', 'database', 'created_by', 'owners', '__proto__'];
  const operators = ['eq', 'ct', 'sw', 'in', 'gt', 'rel_o_m', 'rel_m_m', 'nope'];
  const values = ["'\u0000'", "'a\u0000b'", '1.5', '99999999999999999999', '!()', '(a:1)', '!n', '-1'];
  // Every column with each operator and value would be ~700 requests per route: each value once, with a seeded column and operator.
  const random = seededRandom(7);
  for (let i = 0; i < values.length; i++) {
    const col = columns[Math.floor(random() * columns.length)];
    const opr = operators[Math.floor(random() * operators.length)];
    const value = values[i];
    cases.push([`filter ${col} ${opr} ${value}`, `(filters:!((col:${col},opr:${opr},value:${value})))`]);
  }
  return cases.map(([label, q]) => ({ label, q }));
}

/** Values for a named query-string parameter. */
export const HOSTILE_QUERY_VALUES: readonly string[] = [
  'a\0b', '-1', '99999999999999999999', '__proto__', '', 'x'.repeat(2_000),
];

/** Text a query, a template or a name should survive: quotes, template syntax, odd Unicode. */
const HOSTILE_TEXT: ReadonlyArray<{ label: string; value: unknown }> = [
  { label: 'quotes', value: `'"\`;--\\` },
  { label: 'broken template', value: '{{ x' },
  { label: 'template loop', value: '{% for i in range(999999999) %}{{ i }}{% endfor %}' },
  { label: 'deep template', value: `{{ ${'('.repeat(5_000)}1${')'.repeat(5_000)} }}` },
  { label: 'lone surrogate', value: new RawJson('"a\\ud800b"') },
];

/**
 * Values for one field of an otherwise plausible JSON body, given the field's plausible value:
 * wrong types and JSON-level tricks for every field, hostile text for text fields, hostile
 * numbers for number fields.
 */
export function hostileFieldValues(plausible: unknown): Array<{ label: string; value: unknown }> {
  const kind = plausible instanceof Fresh ? 'string' : typeof plausible;
  const every = [
    { label: 'NUL string', value: '\0' },
    { label: 'array', value: [1, 'x'] },
    { label: 'object', value: { a: 1 } },
    { label: 'null', value: null },
    { label: 'huge number', value: new RawJson('123456789012345678901234567890') },
    { label: 'name of a prototype member', value: '__proto__' },
    { label: 'proto object', value: new RawJson('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}') },
    { label: 'deep JSON value', value: new RawJson(deepJsonObject()) },
  ];
  if (kind === 'number') {
    return [...every, { label: 'negative', value: -1 }, { label: 'fraction', value: 1.5 }, { label: 'exponent', value: new RawJson('1e400') }, { label: 'text', value: '1' }];
  }
  if (kind !== 'string') return [...every, { label: 'text', value: 'x' }, { label: 'negative', value: -1 }];
  return [
    ...every,
    { label: 'NUL inside', value: 'a\0b' },
    { label: 'empty string', value: '' },
    { label: 'long string', value: 'x'.repeat(100_000) },
    { label: 'deep JSON text', value: deepJsonObject() },
    { label: 'JSON text with NUL', value: '{"a":"\\u0000"}' },
    { label: 'JSON text proto', value: '{"__proto__":{"x":1},"constructor":1}' },
    ...HOSTILE_TEXT,
  ];
}

/** Values for one field of a form: form values are text. */
export const HOSTILE_FORM_VALUES: ReadonlyArray<{ label: string; value: string }> = [
  { label: 'NUL', value: '\0' },
  { label: 'NUL inside', value: 'a\0b' },
  { label: 'empty', value: '' },
  { label: 'negative', value: '-1' },
  { label: 'fraction', value: '1.5' },
  { label: 'huge number', value: '123456789012345678901234567890' },
  { label: 'long', value: 'x'.repeat(100_000) },
  { label: 'proto', value: '__proto__' },
  { label: 'constructor', value: 'constructor' },
  { label: 'JSON array', value: '[1,2]' },
  { label: 'JSON proto', value: '{"__proto__":{"x":1},"constructor":1}' },
  { label: 'deep JSON text', value: deepJsonObject() },
];

export type RawBody = { kind: string; contentType?: string; text: string };

/** Whole bodies that are wrong in themselves, whatever the route expects. */
export function hostileBodies(plausible: Record<string, unknown>): RawBody[] {
  const json = 'application/json';
  const form = 'application/x-www-form-urlencoded';
  const asForm = (fields: Record<string, unknown>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, formText(v)])).toString();
  const protoKeys = '"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"prototype":{"x":1}';
  const plausibleText = jsonText(plausible);
  const withProto = plausibleText === '{}' ? `{${protoKeys}}` : `{${protoKeys},${plausibleText.slice(1)}`;
  return [
    { kind: 'empty JSON', contentType: json, text: '' },
    { kind: 'empty, no type', text: '' },
    { kind: 'broken JSON', contentType: json, text: '{"a":' },
    { kind: 'JSON array', contentType: json, text: '[{"a":1}]' },
    { kind: 'JSON string', contentType: json, text: '"x"' },
    { kind: 'JSON huge number', contentType: json, text: '1e400' },
    { kind: 'JSON with NUL', contentType: json, text: '{"a":"\\u0000","\\u0000":1}' },
    { kind: 'raw NUL bytes', contentType: json, text: '{"a":"\0"}' },
    { kind: 'proto keys', contentType: json, text: `{${protoKeys}}` },
    { kind: 'proto keys + fields', contentType: json, text: withProto },
    { kind: 'deep JSON array', contentType: json, text: deepJsonArray() },
    { kind: 'deep JSON object', contentType: json, text: deepJsonObject() },
    { kind: 'plausible JSON', contentType: json, text: plausibleText },
    { kind: 'JSON as text/plain', contentType: 'text/plain', text: plausibleText },
    { kind: 'form', contentType: form, text: asForm(plausible) },
    { kind: 'form with proto keys', contentType: form, text: '__proto__=x&constructor=y&prototype=z&__proto__[x]=1' },
    { kind: 'form with NUL', contentType: form, text: 'a=%00&%00=1' },
    { kind: 'broken form encoding', contentType: form, text: 'a=%E0%A4%A&b=%' },
    { kind: 'broken multipart', contentType: 'multipart/form-data; boundary=fuzz', text: '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nx' },
    { kind: 'multipart without boundary', contentType: 'multipart/form-data', text: 'x' },
  ];
}

/** A seeded random JSON value built from the plausible body's keys and hostile leaves. */
export function randomJson(random: () => number, keys: string[], depth = 0): unknown {
  const leaves: unknown[] = ['\0', '', 'x', -1, 0, 1.5, 2 ** 53 + 2, true, null, [], {}, '{"a":1}', 'SELECT 1'];
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const roll = random();
  if (depth > 3 || roll < 0.5) return pick(leaves);
  if (roll < 0.65) return Array.from({ length: Math.floor(random() * 3) }, () => randomJson(random, keys, depth + 1));
  const out: Record<string, unknown> = {};
  const count = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    // defineProperty, so `__proto__` is an own key (as JSON.parse makes it), not the prototype.
    const value = randomJson(random, keys, depth + 1);
    Object.defineProperty(out, pick([...keys, '__proto__', 'constructor', 'x']), { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
