/**
 * SQL written by people that the compiler splices into its own SELECT: adhoc columns and metrics,
 * extras.where / having, calculated columns, saved metrics, row-level security clauses, the
 * fetch-values predicate and a virtual dataset's query. Such text is SQL by design (Superset runs
 * it too), so it cannot be escaped; what must hold is that it stays inside the slot it was given.
 * Each fragment is read with the engine's own lexer (its quotes, comments and dollar quotes) and
 * refused unless it is one balanced piece: no `;`, no `)` closing a parenthesis it did not open,
 * no string or comment left open to swallow what follows. Comments are dropped from expressions
 * so a `--` cannot hide the compiler's closing parenthesis; a virtual query keeps its comments and
 * is closed on a new line. Fragments from the query itself (not the dataset's owners) may not hold
 * sub-queries, as in Superset without ALLOW_ADHOC_SUBQUERY, so they cannot read other tables.
 */
import { describeStatement } from '~/lib/sql/classify';
import { keyword, significant, tokenize, type SqlFlavor, type Token } from '~/lib/sql/lexer';
import { InvalidInputError } from '../domain-errors.server';

/** Superset's message for a sub-query in custom SQL (ADHOC_SUBQUERY_NOT_ALLOWED). */
export const SUBQUERY_MESSAGE = 'Custom SQL fields cannot contain sub-queries.';

/**
 * Whether `tokens` (of a text closed by the compiler with one `)` the text did not open) are one
 * balanced piece: the appended `)` is the last token, reached at depth 0 only there, with no `;`.
 */
function balanced(tokens: Token[], closedText: string): boolean {
  const meaningful = significant(tokens);
  const last = meaningful[meaningful.length - 1];
  if (!last || last.kind !== 'punct' || last.text !== ')' || last.end !== closedText.length) return false;
  let depth = 1;
  for (const t of meaningful.slice(0, -1)) {
    if (t.kind !== 'punct') continue;
    if (t.text === ';') return false;
    if (t.text === '(') depth++;
    else if (t.text === ')' && --depth < 1) return false;
  }
  return depth === 1;
}

export interface ExpressionOptions {
  /** What the fragment is, for the message: "The custom SQL metric \"x\"". */
  what: string;
  /** Fragments from the query object may not read other tables. */
  fromQuery: boolean;
}

/**
 * An expression or condition, comments removed, checked to be one balanced piece; the caller
 * wraps it in parentheses. Throws InvalidInputError naming `what`.
 */
export function checkedExpression(sql: string, flavor: SqlFlavor, { what, fromQuery }: ExpressionOptions): string {
  // Comments and the markers around MySQL's executable comments become single spaces.
  const pieces: string[] = [];
  for (const t of tokenize(sql, flavor)) {
    const gap = t.kind === 'comment' || t.kind === 'space';
    if (!gap) pieces.push(t.text);
    else if (pieces.length > 0 && pieces[pieces.length - 1] !== ' ') pieces.push(' ');
  }
  const cleaned = pieces.join('').trim();
  if (!cleaned) throw new InvalidInputError(`${what} is empty.`);
  if (cleaned.includes('\0')) throw new InvalidInputError(`${what} contains a NUL character.`);
  const closed = `(${cleaned})`;
  const tokens = tokenize(closed, flavor);
  if (!balanced(tokens.slice(1), closed)) {
    throw new InvalidInputError(`${what} must be a single SQL expression: its parentheses, quotes or comments do not balance, or it contains ";".`);
  }
  if (fromQuery && tokens.some((t) => keyword(t) === 'SELECT')) throw new InvalidInputError(SUBQUERY_MESSAGE);
  return cleaned;
}

/**
 * A virtual dataset's rendered query, to be used as `(\n…\n) AS virtual_table`: trailing
 * semicolons and whitespace dropped, one read-only statement, balanced.
 */
export function checkedVirtualQuery(sql: string, flavor: SqlFlavor): string {
  const trimmed = sql.replace(/[\s;]+$/u, '').trim();
  if (!trimmed) throw new InvalidInputError('Virtual dataset query cannot be empty');
  if (trimmed.includes('\0')) throw new InvalidInputError('The virtual dataset query contains a NUL character.');
  const closed = `${trimmed}\n)`;
  if (!balanced(tokenize(closed, flavor), closed)) {
    throw new InvalidInputError('Virtual dataset query cannot consist of multiple statements, and its parentheses, quotes and comments must balance.');
  }
  if (describeStatement(trimmed, flavor).kind !== 'read') throw new InvalidInputError('Virtual dataset query must be read-only');
  return trimmed;
}
