/**
 * Rison (https://github.com/Nanonid/rison), the compact JSON-like notation Superset's API takes
 * in its `q` query parameter, written from the grammar:
 *
 *   value   = object | array | string | number | '!t' | '!f' | '!n'
 *   object  = '(' [ key ':' value { ',' key ':' value } ] ')'      key = id | quoted string
 *   array   = '!(' [ value { ',' value } ] ')'
 *   string  = id | "'" { char | '!!' | "!'" } "'"
 *   id      = a first character not in `-0123456789 '!:(),*@$`, then characters not in ` '!:(),*@$`
 *   number  = '-'? digits ('.' digits)? (('e'|'E') ('-'|'+')? digits)?
 *
 * One leniency over the reference parser: spaces between tokens are skipped, so a hand-typed
 * `(page: 0)` works. Spaces inside quoted strings are kept, and ids cannot contain any.
 * One limit: objects and arrays nest at most MAX_RISON_DEPTH deep. The parser recurses, so a
 * `q` of a few thousand `!(` would otherwise overflow the stack (a 500, not a 400).
 * Pure and isomorphic: the browser encodes with it, the server decodes with it.
 */

/** Far deeper than any query Superset's clients send (filters are about four levels). */
export const MAX_RISON_DEPTH = 100;

export type RisonValue = null | boolean | number | string | RisonValue[] | { [key: string]: RisonValue };

export class RisonError extends Error {
  readonly position: number;
  constructor(problem: string, position: number) {
    super(`rison: ${problem}`);
    this.name = 'RisonError';
    this.position = position;
  }
}

const NOT_ID_CHAR = " '!:(),*@$";
const NOT_ID_START = `${NOT_ID_CHAR}-0123456789`;
const NUMBER_PATTERN = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const ID_PATTERN = /^[^-0-9 '!:(),*@$][^ '!:(),*@$]*$/;

function describe(char: string | undefined): string {
  return char === undefined ? 'end of input' : `'${char}'`;
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly text: string) {}

  /** Counts one more level of nesting for the object or array opening at `start`. */
  private enter(start: number) {
    if (++this.depth > MAX_RISON_DEPTH) throw new RisonError(`nesting deeper than ${MAX_RISON_DEPTH} levels at position ${start}`, start);
  }

  parseAll(): RisonValue {
    if (this.text.trim() === '') throw new RisonError('empty input', 0);
    const value = this.value();
    this.skipSpaces();
    if (this.pos < this.text.length) throw this.unexpected();
    return value;
  }

  private peek(): string | undefined {
    return this.text[this.pos];
  }

  private skipSpaces() {
    while (this.text[this.pos] === ' ') this.pos++;
  }

  private unexpected(): RisonError {
    const char = this.peek();
    return new RisonError(char === undefined ? 'unexpected end of input' : `unexpected ${describe(char)} at position ${this.pos}`, this.pos);
  }

  private value(): RisonValue {
    this.skipSpaces();
    const char = this.peek();
    if (char === undefined) throw this.unexpected();
    if (char === '(') return this.object();
    if (char === "'") return this.quoted();
    if (char === '!') return this.bang();
    if (char === '-' || (char >= '0' && char <= '9')) return this.number();
    if (!NOT_ID_START.includes(char)) return this.id();
    throw this.unexpected();
  }

  private bang(): RisonValue {
    const start = this.pos;
    this.pos++; // the '!'
    const next = this.peek();
    this.pos++;
    switch (next) {
      case 't': return true;
      case 'f': return false;
      case 'n': return null;
      case '(': return this.arrayItems();
      case undefined: throw new RisonError(`'!' at position ${start} ends the input`, start);
      default: throw new RisonError(`unknown literal '!${next}' at position ${start}`, start);
    }
  }

  private object(): { [key: string]: RisonValue } {
    const start = this.pos;
    this.enter(start);
    this.pos++; // the '('
    const result: { [key: string]: RisonValue } = {};
    this.skipSpaces();
    if (this.peek() === ')') {
      this.pos++;
      this.depth--;
      return result;
    }
    for (;;) {
      this.skipSpaces();
      const keyAt = this.pos;
      const char = this.peek();
      if (char === undefined) throw new RisonError(`unterminated object starting at position ${start}`, start);
      let key: string;
      if (char === "'") key = this.quoted();
      else if (!NOT_ID_START.includes(char)) key = this.id();
      else throw new RisonError(`expected an object key at position ${keyAt}, found ${describe(char)}`, keyAt);
      this.skipSpaces();
      if (this.peek() !== ':') {
        if (this.peek() === undefined) throw new RisonError(`unterminated object starting at position ${start}`, start);
        throw new RisonError(`expected ':' after key '${key}' at position ${this.pos}, found ${describe(this.peek())}`, this.pos);
      }
      this.pos++;
      // Object.defineProperty, not assignment: a key named __proto__ must stay a plain key.
      Object.defineProperty(result, key, { value: this.value(), enumerable: true, writable: true, configurable: true });
      this.skipSpaces();
      const sep = this.peek();
      if (sep === ',') { this.pos++; continue; }
      if (sep === ')') { this.pos++; this.depth--; return result; }
      if (sep === undefined) throw new RisonError(`unterminated object starting at position ${start}`, start);
      throw this.unexpected();
    }
  }

  private arrayItems(): RisonValue[] {
    const start = this.pos - 2; // the '!('
    this.enter(start);
    const items: RisonValue[] = [];
    this.skipSpaces();
    if (this.peek() === ')') {
      this.pos++;
      this.depth--;
      return items;
    }
    for (;;) {
      if (this.peek() === undefined) throw new RisonError(`unterminated array starting at position ${start}`, start);
      items.push(this.value());
      this.skipSpaces();
      const sep = this.peek();
      if (sep === ',') { this.pos++; continue; }
      if (sep === ')') { this.pos++; this.depth--; return items; }
      if (sep === undefined) throw new RisonError(`unterminated array starting at position ${start}`, start);
      throw this.unexpected();
    }
  }

  private quoted(): string {
    const start = this.pos;
    this.pos++; // the opening quote
    let out = '';
    for (;;) {
      const char = this.text[this.pos];
      if (char === undefined) throw new RisonError(`unterminated string starting at position ${start}`, start);
      if (char === "'") {
        this.pos++;
        return out;
      }
      if (char === '!') {
        const escaped = this.text[this.pos + 1];
        if (escaped === '!' || escaped === "'") {
          out += escaped;
          this.pos += 2;
          continue;
        }
        if (escaped === undefined) throw new RisonError(`unterminated string starting at position ${start}`, start);
        throw new RisonError(`invalid escape '!${escaped}' at position ${this.pos}: only !! and !' are allowed in strings`, this.pos);
      }
      out += char;
      this.pos++;
    }
  }

  private id(): string {
    const start = this.pos;
    while (this.pos < this.text.length && !NOT_ID_CHAR.includes(this.text[this.pos])) this.pos++;
    return this.text.slice(start, this.pos);
  }

  private number(): number {
    const start = this.pos;
    NUMBER_PATTERN.lastIndex = start;
    const match = NUMBER_PATTERN.exec(this.text);
    if (!match) throw new RisonError(`invalid number at position ${start}`, start);
    this.pos = start + match[0].length;
    // A number must end where a token ends: "12ab" or "1.e5" is a typo, not 12 followed by junk.
    const next = this.peek();
    if (next !== undefined && !NOT_ID_CHAR.includes(next)) {
      throw new RisonError(`invalid number at position ${start}`, start);
    }
    return Number(match[0]);
  }
}

/** Decodes one rison value; throws RisonError naming the problem and its position. */
export function decodeRison(text: string): RisonValue {
  return new Parser(text).parseAll();
}

function encodeString(value: string): string {
  if (ID_PATTERN.test(value)) return value;
  return `'${value.replace(/[!']/g, (c) => `!${c}`)}'`;
}

function encodeNumber(value: number): string {
  // Rison has no NaN or Infinity; like JSON.stringify they become null.
  if (!Number.isFinite(value)) return '!n';
  // "1e+21" → "1e21": a '+' in a URL query is read back as a space.
  return String(value).replace('e+', 'e');
}

/**
 * Encodes a JSON-like value as rison. Like JSON.stringify, object properties that are
 * undefined or functions are left out; keys keep their insertion order.
 */
export function encodeRison(value: unknown): string {
  if (value === null || value === undefined) return '!n';
  if (value === true) return '!t';
  if (value === false) return '!f';
  if (typeof value === 'number') return encodeNumber(value);
  if (typeof value === 'string') return encodeString(value);
  if (value instanceof Date) return encodeString(value.toISOString());
  if (Array.isArray(value)) return `!(${value.map((v) => encodeRison(v)).join(',')})`;
  if (typeof value === 'object') {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || typeof v === 'function') continue;
      parts.push(`${encodeString(k)}:${encodeRison(v)}`);
    }
    return `(${parts.join(',')})`;
  }
  throw new TypeError(`rison: cannot encode a value of type ${typeof value}`);
}

/** Encodes for a URL query parameter, leaving the characters rison uses readable (as rison.js does). */
export function encodeRisonUri(value: unknown): string {
  return encodeURIComponent(encodeRison(value)).replace(/%(2C|3A|40|24|2F)/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
