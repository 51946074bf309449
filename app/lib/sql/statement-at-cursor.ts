/**
 * Which statement of a script the cursor is in, for "run the statement at the cursor" and for
 * autocomplete. Boundaries come from splitStatements, so semicolons inside strings, comments,
 * dollar quotes and routine bodies never split. Offsets are UTF-16 indexes, as editors count.
 */
import { ANSI_FLAVOR, tokenize, type SqlFlavor } from './lexer';
import { splitStatements, type SqlStatement } from './split';

export interface StatementAtCursor extends SqlStatement {
  /** Position of the statement in the script (0-based), among non-empty statements. */
  readonly index: number;
}

/** Whether a top-level `;` lies between two offsets: the gap holds only spaces, comments and semicolons. */
function separatedBy(sql: string, from: number, to: number, flavor: SqlFlavor): boolean {
  return tokenize(sql.slice(from, to), flavor).some((t) => t.kind === 'punct' && t.text === ';');
}

function locate(sql: string, offset: number, flavor: SqlFlavor) {
  const statements = splitStatements(sql, flavor);
  const at = Math.max(0, Math.min(offset, sql.length));
  let before = -1;
  for (let i = 0; i < statements.length; i++) {
    if (statements[i].start > at) break;
    before = i;
  }
  return { statements, at, before };
}

const withIndex = (statements: SqlStatement[], i: number): StatementAtCursor => ({ ...statements[i], index: i });

/**
 * The statement being typed at `offset`: the one containing it, or the unterminated one it trails
 * (`SELECT * FROM t |`). Null when the cursor starts a new statement (after a `;`).
 */
export function statementBeingEdited(sql: string, offset: number, flavor: SqlFlavor = ANSI_FLAVOR): StatementAtCursor | null {
  const { statements, at, before } = locate(sql, offset, flavor);
  if (before < 0) return null;
  const s = statements[before];
  if (at <= s.end || !separatedBy(sql, s.end, at, flavor)) return withIndex(statements, before);
  return null;
}

/**
 * The statement to run for a cursor at `offset`, null when the script has none. Inside a statement
 * (or trailing it before its `;`) it is that one. In the space between statements: the previous one
 * while the cursor is still on the line where it ended (`SELECT 1;|`), else the next one, else the last.
 */
export function statementAtCursor(sql: string, offset: number, flavor: SqlFlavor = ANSI_FLAVOR): StatementAtCursor | null {
  const { statements, at, before } = locate(sql, offset, flavor);
  if (statements.length === 0) return null;
  if (before >= 0) {
    const s = statements[before];
    if (at <= s.end || !separatedBy(sql, s.end, at, flavor) || !sql.slice(s.end, at).includes('\n')) return withIndex(statements, before);
  }
  if (before + 1 < statements.length) return withIndex(statements, before + 1);
  return withIndex(statements, before);
}
