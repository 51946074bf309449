/**
 * What a sandboxed template may do with a value: turn it into text (bounded, without calling any
 * method of the value), look up its attributes and call the few methods Jinja users expect
 * (`'a,b'.split(',')`, `d.get('k')`, `', '.join(xs)`), and pass it through the filters we
 * allow. Everything here is written so a template cannot reach a function we did not hand it and
 * cannot build a string or list bigger than the sandbox's limits, whatever it feeds in.
 */
import nunjucks from 'nunjucks';

export type Limits = {
  /** Wall-clock time a render may take. */
  timeMs: number;
  /** Longest string a template may build, the rendered query included. */
  maxChars: number;
  /** Longest list a template may build or iterate (Jinja's sandbox MAX_RANGE). */
  maxItems: number;
};

export type ProblemKind = 'syntax' | 'forbidden' | 'limit' | 'runtime';

/** Why a template was refused or failed, with its 1-based position when known. */
export class TemplateProblem extends Error {
  constructor(
    readonly kind: ProblemKind,
    message: string,
    public line: number | null = null,
    public column: number | null = null,
  ) {
    super(message);
    this.name = 'TemplateProblem';
  }
}

export const forbidden = (message: string) => new TemplateProblem('forbidden', message);
export const overLimit = (message: string) => new TemplateProblem('limit', message);

const SafeString = nunjucks.runtime.SafeString;

/**
 * Names that lead from a value to its constructor or prototype. (A function's own `call`,
 * `caller`… need no entry: functions have no attributes at all in templates.)
 */
const UNSAFE_NAMES = new Set([
  'constructor', 'prototype', 'valueOf', 'toString', 'toLocaleString', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable',
]);

/** `__proto__`, `__class__`, `__globals__`… are refused outright, as Jinja's sandbox refuses them. */
export function isUnsafeName(name: string): boolean {
  return UNSAFE_NAMES.has(name) || name.startsWith('__');
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export const isText = (value: unknown): value is string | InstanceType<typeof SafeString> =>
  typeof value === 'string' || value instanceof SafeString;

function checkLength(size: number, limits: Limits): void {
  if (size > limits.maxChars) throw overLimit(`The template would build a text longer than ${limits.maxChars} characters.`);
}

/** JSON of template data, built piece by piece so a huge result fails before it is built. */
export function boundedJson(value: unknown, limits: Limits): string {
  const parts: string[] = [];
  let size = 0;
  const push = (piece: string) => {
    size += piece.length;
    checkLength(size, limits);
    parts.push(piece);
  };
  const walk = (v: unknown, depth: number): void => {
    if (depth > 64) throw overLimit('The template data is nested too deeply.');
    if (v === null || v === undefined) push('null');
    else if (isText(v)) push(JSON.stringify(String(v)));
    else if (typeof v === 'number') push(Number.isFinite(v) ? String(v) : 'null');
    else if (typeof v === 'boolean') push(String(v));
    else if (typeof v === 'function') throw forbidden('A function cannot be turned into text; call it instead.');
    else if (Array.isArray(v)) {
      push('[');
      v.forEach((item, i) => {
        if (i) push(',');
        walk(item, depth + 1);
      });
      push(']');
    } else if (isPlainObject(v)) {
      push('{');
      Object.keys(v).forEach((key, i) => {
        if (i) push(',');
        push(`${JSON.stringify(key)}:`);
        walk(v[key], depth + 1);
      });
      push('}');
    } else push('null');
  };
  walk(value, 0);
  return parts.join('');
}

/** A value as it appears in the rendered SQL. Never calls the value's own toString. */
export function textOf(value: unknown, limits: Limits): string {
  if (value === null || value === undefined) return '';
  if (isText(value)) return String(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return boundedJson(value, limits);
}

/** `sep.join(items)`, refused before building when the result would be too long. */
export function boundedJoin(items: unknown, separator: unknown, limits: Limits): string {
  const list = Array.isArray(items) ? items : isText(items) ? String(items).split('') : null;
  if (!list) throw new TemplateProblem('runtime', 'join needs a list.');
  const sep = textOf(separator, limits);
  const texts: string[] = [];
  let size = Math.max(0, list.length - 1) * sep.length;
  checkLength(size, limits);
  for (const item of list) {
    const text = textOf(item, limits);
    size += text.length;
    checkLength(size, limits);
    texts.push(text);
  }
  return texts.join(sep);
}

/** Python's `str.replace(old, new[, count])`, refused before building when too long. */
export function boundedReplace(subject: unknown, old: unknown, replacement: unknown, count: unknown, limits: Limits): string {
  const s = textOf(subject, limits);
  const from = textOf(old, limits);
  const to = textOf(replacement, limits);
  const pieces = from === '' ? ['', ...s.split(''), ''] : s.split(from);
  const max = typeof count === 'number' && count >= 0 ? Math.min(count, pieces.length - 1) : pieces.length - 1;
  checkLength(s.length + max * (to.length - from.length), limits);
  const head = pieces.slice(0, max + 1).join(to);
  const rest = pieces.slice(max + 1);
  return rest.length ? [head, ...rest].join(from) : head;
}

function strip(s: string, chars: unknown, side: 'both' | 'left' | 'right'): string {
  if (chars === undefined || chars === null) return side === 'both' ? s.trim() : side === 'left' ? s.trimStart() : s.trimEnd();
  const set = new Set(String(chars));
  let start = 0;
  let end = s.length;
  if (side !== 'right') while (start < end && set.has(s[start])) start++;
  if (side !== 'left') while (end > start && set.has(s[end - 1])) end--;
  return s.slice(start, end);
}

type Method<T> = (self: T, args: unknown[], limits: Limits) => unknown;

/** String methods, Python's spelling first (Jinja templates use it), then the usual JavaScript ones. */
const STRING_METHODS: Record<string, Method<string>> = {
  upper: (s) => s.toUpperCase(),
  lower: (s) => s.toLowerCase(),
  title: (s) => s.replace(/\w\S*/g, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase()),
  capitalize: (s) => (s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s),
  strip: (s, [chars]) => strip(s, chars, 'both'),
  lstrip: (s, [chars]) => strip(s, chars, 'left'),
  rstrip: (s, [chars]) => strip(s, chars, 'right'),
  startswith: (s, [prefix]) => s.startsWith(String(prefix)),
  endswith: (s, [suffix]) => s.endsWith(String(suffix)),
  split: (s, [sep]) => (sep === undefined || sep === null ? s.split(/\s+/).filter(Boolean) : s.split(String(sep))),
  replace: (s, [old, replacement, count], limits) => boundedReplace(s, old, replacement, count, limits),
  join: (s, [items], limits) => boundedJoin(items, s, limits),
  toUpperCase: (s) => s.toUpperCase(),
  toLowerCase: (s) => s.toLowerCase(),
  trim: (s) => s.trim(),
  startsWith: (s, [prefix]) => s.startsWith(String(prefix)),
  endsWith: (s, [suffix]) => s.endsWith(String(suffix)),
  includes: (s, [part]) => s.includes(String(part)),
  indexOf: (s, [part]) => s.indexOf(String(part)),
};

const ARRAY_METHODS: Record<string, Method<unknown[]>> = {
  index: (a, [item]) => a.indexOf(item),
  count: (a, [item]) => a.filter((x) => x === item).length,
  includes: (a, [item]) => a.includes(item),
  indexOf: (a, [item]) => a.indexOf(item),
  join: (a, [sep], limits) => boundedJoin(a, sep ?? ',', limits),
};

/** Python's dict methods, for `{% for k, v in params.items() %}` and `params.get('x', 1)`. */
const DICT_METHODS: Record<string, Method<Record<string, unknown>>> = {
  get: (d, [key, fallback]) => (Object.hasOwn(d, String(key)) ? d[String(key)] : (fallback ?? null)),
  items: (d) => Object.keys(d).map((k) => [k, d[k]]),
  keys: (d) => Object.keys(d),
  values: (d) => Object.keys(d).map((k) => d[k]),
};

const isIndex = (key: string) => /^(0|[1-9]\d*)$/.test(key);

/**
 * `obj.name` / `obj[key]` in a template: own data of lists, dicts and strings, and the methods
 * above (handed out through `bind`, which the caller marks as callable). Anything else is
 * undefined; names that lead to prototypes or constructors are an error, as in Jinja's sandbox.
 */
export function lookupMember(
  obj: unknown,
  key: unknown,
  limits: Limits,
  bind: (method: (...args: unknown[]) => unknown) => unknown,
): unknown {
  if (obj === null || obj === undefined) return undefined;
  if (typeof key !== 'string' && typeof key !== 'number') throw forbidden('Attribute names must be text or numbers.');
  const name = String(key);
  if (isUnsafeName(name)) throw forbidden(`Access to "${name}" is not allowed in SQL templates.`);
  if (typeof obj === 'function') throw forbidden(`Functions have no attributes in SQL templates (looked up "${name}").`);
  const method = <T>(table: Record<string, Method<T>>, self: T) =>
    Object.hasOwn(table, name) ? bind((...args: unknown[]) => table[name](self, args, limits)) : undefined;
  if (isText(obj)) {
    const s = String(obj);
    if (name === 'length') return s.length;
    if (isIndex(name)) return s[Number(name)];
    return method(STRING_METHODS, s);
  }
  if (Array.isArray(obj)) {
    if (name === 'length') return obj.length;
    if (isIndex(name)) return obj[Number(name)];
    return method(ARRAY_METHODS, obj);
  }
  if (isPlainObject(obj)) {
    if (Object.hasOwn(obj, name)) return obj[name];
    return method(DICT_METHODS, obj);
  }
  return undefined;
}
