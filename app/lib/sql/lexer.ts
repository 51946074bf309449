/**
 * A small SQL lexer: enough to find statement boundaries, comments, keywords and parentheses
 * without being fooled by quotes. It never fails: an unterminated string or comment runs to the
 * end of the input and the database reports the error, with its own wording, when the SQL runs.
 */

/** How one SQL dialect quotes and comments. Each engine's dialect names its flavour. */
export interface SqlFlavor {
  readonly name: string;
  /** MySQL/MariaDB: `\'` and `\"` escape inside string literals. */
  readonly backslashEscapes: boolean;
  /** MySQL/MariaDB (without ANSI_QUOTES): "…" is a string literal, not an identifier. */
  readonly doubleQuotedStrings: boolean;
  /** PostgreSQL: $$…$$ and $tag$…$tag$ strings. */
  readonly dollarQuotes: boolean;
  /** PostgreSQL: E'…' strings take backslash escapes even when standard_conforming_strings is on. */
  readonly escapeStringPrefix: boolean;
  /** MySQL/MariaDB: `#` starts a line comment. */
  readonly hashComments: boolean;
  /** MySQL/MariaDB: `--` starts a comment only before whitespace or a control character (`1--1` is 1 - -1). */
  readonly dashCommentNeedsSpace: boolean;
  /** PostgreSQL: block comments nest. */
  readonly nestedComments: boolean;
  /** SQLite: [name] quotes an identifier. */
  readonly bracketIdentifiers: boolean;
  /** MySQL/MariaDB: the body of `/*! … *\/` and `/*M! … *\/` is executed, so it is lexed as SQL. */
  readonly executableComments: boolean;
  /** PostgreSQL: a `--` comment ends at a carriage return as well as at a line feed (its scanner's non_newline). */
  readonly carriageReturnEndsComment: boolean;
}

const BASE: SqlFlavor = {
  name: 'ansi',
  backslashEscapes: false,
  doubleQuotedStrings: false,
  dollarQuotes: false,
  escapeStringPrefix: false,
  hashComments: false,
  dashCommentNeedsSpace: false,
  nestedComments: false,
  bracketIdentifiers: false,
  executableComments: false,
  carriageReturnEndsComment: false,
};

export const ANSI_FLAVOR: SqlFlavor = BASE;
export const POSTGRES_FLAVOR: SqlFlavor = { ...BASE, name: 'postgresql', dollarQuotes: true, escapeStringPrefix: true, nestedComments: true, carriageReturnEndsComment: true };
export const MYSQL_FLAVOR: SqlFlavor = {
  ...BASE,
  name: 'mysql',
  backslashEscapes: true,
  doubleQuotedStrings: true,
  hashComments: true,
  dashCommentNeedsSpace: true,
  executableComments: true,
};
export const SQLITE_FLAVOR: SqlFlavor = { ...BASE, name: 'sqlite', bracketIdentifiers: true };

/**
 * `space` covers whitespace and the markers around a MySQL executable comment; `string` is a
 * literal; `ident` a quoted identifier; `word` a keyword or bare identifier (original case).
 */
export type TokenKind = 'space' | 'comment' | 'string' | 'ident' | 'word' | 'number' | 'punct';

export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

const isWordStart = (c: string) => /[A-Za-z_]/.test(c) || c.charCodeAt(0) > 127;
const isWordPart = (c: string) => /[A-Za-z0-9_$]/.test(c) || c.charCodeAt(0) > 127;
const isDigit = (c: string) => c >= '0' && c <= '9';
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;

export function tokenize(sql: string, flavor: SqlFlavor = ANSI_FLAVOR): Token[] {
  const tokens: Token[] = [];
  const n = sql.length;
  let i = 0;
  let inExecutableComment = false;
  const push = (kind: TokenKind, end: number) => {
    tokens.push({ kind, text: sql.slice(i, end), start: i, end });
    i = end;
  };

  while (i < n) {
    const c = sql[i];
    const next = sql[i + 1] ?? '';
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v') {
      let j = i + 1;
      while (j < n && /\s/.test(sql[j])) j++;
      push('space', j);
    } else if ((c === '-' && next === '-' && dashCommentAt(sql, i, flavor)) || (c === '#' && flavor.hashComments)) {
      push('comment', lineCommentEnd(sql, i, flavor.carriageReturnEndsComment));
    } else if (c === '/' && next === '*') {
      const exec = flavor.executableComments ? /^\/\*M?!\d*/.exec(sql.slice(i, i + 12)) : null;
      if (exec && !inExecutableComment) {
        inExecutableComment = true;
        push('space', i + exec[0].length);
      } else {
        push('comment', blockCommentEnd(sql, i, flavor.nestedComments));
      }
    } else if (c === '*' && next === '/' && inExecutableComment) {
      inExecutableComment = false;
      push('space', i + 2);
    } else if (c === "'") {
      push('string', quotedEnd(sql, i, "'", flavor.backslashEscapes));
    } else if (c === '"') {
      push(flavor.doubleQuotedStrings ? 'string' : 'ident', quotedEnd(sql, i, '"', flavor.backslashEscapes));
    } else if (c === '`') {
      push('ident', quotedEnd(sql, i, '`', false));
    } else if (c === '[' && flavor.bracketIdentifiers) {
      const close = sql.indexOf(']', i + 1);
      push('ident', close === -1 ? n : close + 1);
    } else if (c === '$' && flavor.dollarQuotes && dollarTagAt(sql, i)) {
      const tag = dollarTagAt(sql, i) as string;
      const close = sql.indexOf(tag, i + tag.length);
      push('string', close === -1 ? n : close + tag.length);
    } else if (isDigit(c) || (c === '.' && isDigit(next))) {
      const m = /\d*\.?\d*(?:[eE][+-]?\d+)?/y;
      m.lastIndex = i;
      m.exec(sql);
      push('number', Math.max(m.lastIndex, i + 1));
    } else if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWordPart(sql[j])) j++;
      if (flavor.escapeStringPrefix && j === i + 1 && (c === 'E' || c === 'e') && sql[j] === "'") {
        push('string', quotedEnd(sql, j, "'", true));
      } else {
        push('word', j);
      }
    } else {
      push('punct', i + 1);
    }
  }
  return tokens;
}

/** Whether the `--` at `i` opens a comment: always, or in MySQL only before whitespace, a control character or the end. */
function dashCommentAt(sql: string, i: number, flavor: SqlFlavor): boolean {
  if (!flavor.dashCommentNeedsSpace || i + 2 >= sql.length) return true;
  return sql.charCodeAt(i + 2) <= 32;
}

function blockCommentEnd(sql: string, start: number, nested: boolean): number {
  let depth = 0;
  let j = start;
  while (j < sql.length) {
    if (sql[j] === '/' && sql[j + 1] === '*' && (nested || depth === 0)) {
      depth++;
      j += 2;
    } else if (sql[j] === '*' && sql[j + 1] === '/') {
      depth--;
      j += 2;
      if (depth === 0) return j;
    } else {
      j++;
    }
  }
  return sql.length;
}

/** End (exclusive) of a literal opened by `quote` at `start`; a doubled quote is an escaped quote. */
function quotedEnd(sql: string, start: number, quote: string, backslash: boolean): number {
  let j = start + 1;
  while (j < sql.length) {
    const c = sql[j];
    if (backslash && c === '\\') {
      j += 2;
    } else if (c === quote) {
      if (sql[j + 1] === quote) j += 2;
      else return j + 1;
    } else {
      j++;
    }
  }
  return sql.length;
}

function dollarTagAt(sql: string, i: number): string | null {
  DOLLAR_TAG.lastIndex = i;
  const m = DOLLAR_TAG.exec(sql);
  return m ? m[0] : null;
}

/** Tokens that carry meaning: no whitespace, no comments. */
export function significant(tokens: readonly Token[]): Token[] {
  return tokens.filter((t) => t.kind !== 'space' && t.kind !== 'comment');
}

/** The upper-cased keyword of a `word` token, or '' for anything else. */
export function keyword(token: Token | undefined): string {
  return token?.kind === 'word' ? token.text.toUpperCase() : '';
}

/** Where a `--` or `#` comment starting at `i` ends: at the line break (not included), or the end. */
function lineCommentEnd(sql: string, i: number, carriageReturn: boolean): number {
  const lf = sql.indexOf('\n', i);
  const cr = carriageReturn ? sql.indexOf('\r', i) : -1;
  const ends = [lf, cr].filter((at) => at !== -1);
  return ends.length > 0 ? Math.min(...ends) : sql.length;
}
