/**
 * What the cursor is in, read from the lexer's tokens: the word being typed, the `alias.` or
 * `schema.` before it, whether a table name is expected (after FROM, JOIN, INTO, UPDATE …), and
 * the tables the statement references with their aliases. Tolerant by design: the statement is
 * half-typed, so anything it cannot read simply yields no alias.
 */
import { words } from '../sql/dialects/keywords';
import { keyword, tokenize, type SqlFlavor, type Token } from '../sql/lexer';

export interface TableRef {
  schema: string | null;
  table: string;
  alias: string | null;
}

export interface CursorContext {
  /** The part of the word before the cursor (without an opening quote). */
  prefix: string;
  /** The word is inside a quoted identifier the user opened. */
  quoted: boolean;
  /** Names before the `.` (`a` for `a.x`, [`s`, `t`] for `s.t.x`); empty when unqualified. */
  qualifier: string[];
  /** A table name is expected here. */
  expectsTable: boolean;
  /** No suggestions: inside a string, comment or number. */
  silent: boolean;
}

/**
 * Words that end a table reference in FROM/JOIN: `FROM t WHERE` has no alias `WHERE`.
 * Any keyword that may follow a table name belongs here.
 */
const NOT_AN_ALIAS = new Set(
  words(`
    ON USING WHERE GROUP ORDER HAVING LIMIT OFFSET FETCH WINDOW UNION EXCEPT INTERSECT JOIN INNER LEFT RIGHT FULL
    OUTER CROSS NATURAL STRAIGHT_JOIN LATERAL SET VALUES SELECT RETURNING FOR AS WITH TABLESAMPLE PARTITION USE
    FORCE IGNORE INDEXED NOT DEFAULT ON WINDOW QUALIFY
  `),
);

const TABLE_INTRO = new Set(['FROM', 'JOIN', 'INTO', 'UPDATE', 'TABLE', 'DESCRIBE', 'TRUNCATE']);
/** Clause keywords a `,` can belong to: only FROM's commas separate tables. */
const CLAUSES = new Set(['SELECT', 'FROM', 'WHERE', 'GROUP', 'ORDER', 'HAVING', 'ON', 'SET', 'VALUES', 'BY', 'JOIN', 'USING', 'RETURNING', 'LIMIT', 'WINDOW']);
const SKIP_IN_FROM = new Set(['ONLY', 'LATERAL']);
const CLOSING: Record<string, string> = { '"': '"', '`': '`', '[': ']' };

const isName = (t: Token | undefined): t is Token => t !== undefined && (t.kind === 'word' || t.kind === 'ident');
const isPunct = (t: Token | undefined, text: string) => t?.kind === 'punct' && t.text === text;

/** The name a word or quoted identifier stands for. */
export function nameOf(token: Token): string {
  if (token.kind !== 'ident') return token.text;
  const open = token.text[0];
  const close = CLOSING[open] ?? open;
  const inner = token.text.endsWith(close) && token.text.length > 1 ? token.text.slice(1, -1) : token.text.slice(1);
  return close === ']' ? inner : inner.replaceAll(close + close, close);
}

/** Whether a quoted token runs to the end of the text: the cursor is still inside it. */
function unterminated(token: Token): boolean {
  const text = token.text;
  if (token.kind === 'comment') return !text.startsWith('/*') || text.length < 4 || !text.endsWith('*/');
  const dollar = /^\$[^$]*\$/.exec(text);
  if (token.kind === 'string' && dollar) return text.length < 2 * dollar[0].length || !text.endsWith(dollar[0]);
  const body = token.kind === 'string' ? text.replace(/^[Ee](?=')/, '') : text;
  const close = CLOSING[body[0]] ?? body[0];
  if (close === ']') return !body.endsWith(']');
  // A doubled quote is an escaped one: after the opening quote, an odd run of closing quotes ends it.
  let run = 0;
  for (let i = body.length - 1; i > 0 && body[i] === close; i--) run++;
  return run % 2 === 0;
}

/** The context of a cursor at the end of `before` (the statement's text up to the cursor). */
export function cursorContext(before: string, flavor: SqlFlavor): CursorContext {
  const tokens = tokenize(before, flavor);
  const none: CursorContext = { prefix: '', quoted: false, qualifier: [], expectsTable: false, silent: false };
  const last = tokens[tokens.length - 1];
  let rest = tokens;
  if (last) {
    if (last.kind === 'comment' || last.kind === 'string') {
      if (unterminated(last)) return { ...none, silent: true };
    } else if (last.kind === 'number') {
      return { ...none, silent: true };
    } else if (last.kind === 'word') {
      none.prefix = last.text;
      rest = tokens.slice(0, -1);
    } else if (last.kind === 'ident' && unterminated(last)) {
      none.prefix = nameOf(last);
      none.quoted = true;
      rest = tokens.slice(0, -1);
    }
  }
  const sig = rest.filter((t) => t.kind !== 'space' && t.kind !== 'comment');
  let end = sig.length;
  const qualifier: string[] = [];
  // `a.`, `s.t.`: names joined by dots, read backwards from the cursor.
  while (isPunct(sig[end - 1], '.') && isName(sig[end - 2]) && qualifier.length < 3) {
    qualifier.unshift(nameOf(sig[end - 2]));
    end -= 2;
  }
  return { ...none, qualifier, expectsTable: expectsTable(sig, end) };
}

function expectsTable(sig: Token[], end: number): boolean {
  const previous = sig[end - 1];
  if (TABLE_INTRO.has(keyword(previous))) return true;
  if (SKIP_IN_FROM.has(keyword(previous))) return TABLE_INTRO.has(keyword(sig[end - 2]));
  if (!isPunct(previous, ',')) return false;
  let depth = 0;
  for (let i = end - 2; i >= 0; i--) {
    const t = sig[i];
    if (isPunct(t, ')')) depth++;
    else if (isPunct(t, '(')) {
      if (depth === 0) return false;
      depth--;
    } else if (depth === 0 && CLAUSES.has(keyword(t))) {
      return keyword(t) === 'FROM';
    }
  }
  return false;
}

/** Index past the parenthesised group opening at `i`. */
function skipGroup(sig: Token[], i: number): number {
  let depth = 0;
  for (let j = i; j < sig.length; j++) {
    if (isPunct(sig[j], '(')) depth++;
    else if (isPunct(sig[j], ')') && --depth === 0) return j + 1;
  }
  return sig.length;
}

/** `[AS] alias` after a table reference at `i`: the alias and the index after it. */
function aliasAt(sig: Token[], i: number): [string | null, number] {
  const t = sig[i];
  if (keyword(t) === 'AS') return isName(sig[i + 1]) ? [nameOf(sig[i + 1]), i + 2] : [null, i + 1];
  if (t?.kind === 'ident' || (t?.kind === 'word' && !NOT_AN_ALIAS.has(keyword(t)))) return [nameOf(t), i + 1];
  return [null, i];
}

/** The tables a statement names after FROM (and its commas), JOIN, INTO and UPDATE, with their aliases. */
export function tableRefs(statement: string, flavor: SqlFlavor): TableRef[] {
  const sig = tokenize(statement, flavor).filter((t) => t.kind !== 'space' && t.kind !== 'comment');
  const refs: TableRef[] = [];
  for (let i = 0; i < sig.length; i++) {
    const intro = keyword(sig[i]);
    if (!['FROM', 'JOIN', 'INTO', 'UPDATE'].includes(intro)) continue;
    let j = i + 1;
    for (;;) {
      while (SKIP_IN_FROM.has(keyword(sig[j]))) j++;
      if (isPunct(sig[j], '(')) {
        // A subquery: its own FROM is read by the outer loop; its alias names no table we know.
        j = aliasAt(sig, skipGroup(sig, j))[1];
      } else if (isName(sig[j]) && !(sig[j].kind === 'word' && NOT_AN_ALIAS.has(keyword(sig[j])))) {
        const parts = [nameOf(sig[j])];
        j++;
        while (isPunct(sig[j], '.') && isName(sig[j + 1])) {
          parts.push(nameOf(sig[j + 1]));
          j += 2;
        }
        const [alias, next] = intro === 'INTO' ? [null, j] : aliasAt(sig, j);
        refs.push({ table: parts[parts.length - 1], schema: parts.length > 1 ? parts[parts.length - 2] : null, alias });
        j = next;
      } else {
        break;
      }
      if (intro !== 'FROM' || !isPunct(sig[j], ',')) break;
      j++;
    }
  }
  return refs;
}
