/**
 * Splits a script into statements at top-level semicolons, and strips comments. Quotes, comments
 * and dollar quotes are respected through the lexer. Semicolons inside the BEGIN … END body of a
 * CREATE TRIGGER / FUNCTION / PROCEDURE / EVENT, or of MariaDB's BEGIN NOT ATOMIC block, do not
 * split (SQLite triggers, MySQL routines, PostgreSQL BEGIN ATOMIC). MySQL's client-side `DELIMITER`
 * command is not supported: it is not SQL, and the body rule above makes it unnecessary for the
 * usual cases. In the MySQL flavour the body of a `/*! … *\/` comment is code (the server runs
 * it), so its semicolons split. A text the splitter reads as one statement but the server as two
 * is refused by the engines (one statement per call), never run twice.
 */
import { ANSI_FLAVOR, keyword, tokenize, type SqlFlavor, type Token } from './lexer';

export interface SqlStatement {
  /** The statement's text, without the separating semicolon and surrounding whitespace. */
  readonly sql: string;
  /** Offsets into the script (end exclusive), e.g. to highlight a failing statement. */
  readonly start: number;
  readonly end: number;
}

const ROUTINE_WORDS = new Set(['TRIGGER', 'FUNCTION', 'PROCEDURE', 'EVENT']);
/** `END IF`, `END LOOP` … close blocks whose openers are not counted (IF is also a function). */
const UNCOUNTED_END_SUFFIXES = new Set(['IF', 'LOOP', 'WHILE', 'REPEAT', 'FOR']);

export function splitStatements(script: string, flavor: SqlFlavor = ANSI_FLAVOR): SqlStatement[] {
  const tokens = tokenize(script, flavor);
  const statements: SqlStatement[] = [];
  let current: Token[] = [];
  let words: string[] = []; // significant keywords of the current statement, in order
  let routine = false;
  let sawParen = false;
  let depth = 0;

  const flush = () => {
    const meaningful = current.filter((t) => t.kind !== 'space' && t.kind !== 'comment');
    if (meaningful.length > 0) {
      // The markers of an executable comment stay with the statement (they keep its version condition).
      const first = current.find(isText) as Token;
      const last = [...current].reverse().find(isText) as Token;
      statements.push({ sql: script.slice(first.start, last.end), start: first.start, end: last.end });
    }
    current = [];
    words = [];
    routine = false;
    sawParen = false;
    depth = 0;
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === 'punct' && token.text === ';' && depth === 0) {
      flush();
      continue;
    }
    current.push(token);
    if (token.kind === 'punct' && token.text === '(') sawParen = true;
    const kw = keyword(token);
    if (!kw) continue;
    // Only in the head (`CREATE [OR REPLACE] [DEFINER=…] TRIGGER`), so a column named `trigger` is no routine.
    if (words[0] === 'CREATE' && !sawParen && words.length < 8 && ROUTINE_WORDS.has(kw)) routine = true;
    words.push(kw);
    // MariaDB's anonymous block `BEGIN NOT ATOMIC … END`: its opening BEGIN is already counted here.
    if (words.length === 3 && words.join(' ') === 'BEGIN NOT ATOMIC') {
      routine = true;
      depth = 1;
      continue;
    }
    if (!routine) continue;
    if (kw === 'BEGIN' || (kw === 'CASE' && depth > 0)) {
      depth++;
    } else if (kw === 'END' && depth > 0) {
      const following = keyword(nextSignificant(tokens, i));
      if (!UNCOUNTED_END_SUFFIXES.has(following)) depth--;
    }
  }
  flush();
  return statements;
}

/** Anything but whitespace: the `/*!` and `*\/` markers count, though the lexer files them as space. */
const isText = (t: Token) => t.kind !== 'space' || /\S/.test(t.text);

function nextSignificant(tokens: readonly Token[], i: number): Token | undefined {
  for (let j = i + 1; j < tokens.length; j++) {
    if (tokens[j].kind !== 'space' && tokens[j].kind !== 'comment') return tokens[j];
  }
  return undefined;
}

/**
 * The script without comments. A removed block comment becomes one space so the tokens on
 * either side stay apart (`SELECT/**\/1` is `SELECT 1`); a line comment keeps its newline.
 */
export function stripComments(sql: string, flavor: SqlFlavor = ANSI_FLAVOR): string {
  let out = '';
  for (const token of tokenize(sql, flavor)) {
    if (token.kind !== 'comment') out += token.text;
    else if (token.text.startsWith('/*')) out += ' ';
  }
  return out.trim();
}
