/**
 * Row limits the way Superset's SQL Lab applies them (superset/sqllab/limiting_factor.py and
 * ExecuteSqlCommand._set_query_limit):
 *
 * - The dropdown limit is the requested limit capped by the server maximum (SQL_MAX_ROW); with no
 *   request, the server maximum is the dropdown.
 * - The effective limit is the smaller of the dropdown and the statement's own top-level LIMIT.
 *   The limiting factor says which one binds: DROPDOWN (no LIMIT in the SQL, or a larger one),
 *   QUERY (the SQL's LIMIT is smaller), QUERY_AND_DROPDOWN (equal).
 * - The statement runs with LIMIT effective+1: an extra row proves the limit cut something off.
 *   When no more than `limit` rows come back the factor becomes NOT_LIMITED, whatever it was.
 *   A reader that cannot drop that row (a bulk export: PostgreSQL's COPY writes every row it
 *   reads) plans with `extraRow: false`: the statement then runs with its own LIMIT untouched,
 *   or the dropdown's exactly, and whether a limit cut rows stays UNKNOWN.
 * A trailing literal LIMIT is rewritten in place; a non-literal one (`LIMIT ALL`, `LIMIT $1`,
 * `FETCH FIRST ROW ONLY`) makes the query a subquery: `SELECT * FROM (…) AS inner_qry LIMIT n`.
 */
import { limitOf, wrapInLimit } from './dialects/base';
import { ANSI_FLAVOR, keyword, tokenize, type SqlFlavor, type Token } from './lexer';

export type LimitingFactor = 'NOT_LIMITED' | 'QUERY' | 'DROPDOWN' | 'QUERY_AND_DROPDOWN' | 'UNKNOWN';

interface LimitClause {
  /** The literal row count, or null when the count is not an integer literal. */
  count: number | null;
  /** The token holding the count, when it can be rewritten in place. */
  countToken: Token | null;
}

const DIGITS = /^\d+$/;
/**
 * A count read as a number exactly. A larger one (MySQL's `LIMIT 18446744073709551615 OFFSET n`,
 * its idiom for "no limit") is not: rewritten in place it would come out rounded, and
 * 18446744073709552000 is past MySQL's largest LIMIT.
 */
const isCount = (text: string) => DIGITS.test(text) && Number.isSafeInteger(Number(text));

/** The statement's top-level LIMIT (or FETCH FIRST n ROWS), if any. Subqueries' limits do not count. */
function findLimit(tokens: Token[]): LimitClause | null {
  let depth = 0;
  let found: LimitClause | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    if (depth !== 0) continue;
    const kw = keyword(t);
    if (kw === 'LIMIT') {
      const first = tokens[i + 1];
      if (first?.kind === 'number' && DIGITS.test(first.text)) {
        // MySQL/SQLite `LIMIT offset, count`: the count is the second number.
        const count = tokens[i + 2]?.text === ',' && tokens[i + 3]?.kind === 'number' ? tokens[i + 3] : first;
        found = isCount(count.text) ? { count: Number(count.text), countToken: count } : { count: null, countToken: null };
      } else {
        found = { count: null, countToken: null };
      }
    } else if (kw === 'FETCH' && ['FIRST', 'NEXT'].includes(keyword(tokens[i + 1]))) {
      const n = tokens[i + 2];
      if (n?.kind === 'number' && DIGITS.test(n.text)) found = isCount(n.text) ? { count: Number(n.text), countToken: n } : { count: null, countToken: null };
      else found = { count: 1, countToken: null }; // FETCH FIRST ROW ONLY means one row
    }
  }
  return found;
}

const meaningful = (sql: string, flavor: SqlFlavor) => tokenize(sql, flavor).filter((t) => t.kind !== 'space' && t.kind !== 'comment');

/** The row count of the statement's own top-level LIMIT, or null (none, or not a literal). */
export function getLimitFromSql(sql: string, flavor: SqlFlavor = ANSI_FLAVOR): number | null {
  return findLimit(meaningful(sql, flavor))?.count ?? null;
}

/**
 * The statement with at most `limit` rows. With `force`, an existing literal LIMIT is replaced
 * even when it is smaller (the caller already took it into account); without, only a larger one is.
 */
export function applyLimitToSql(sql: string, limit: number, flavor: SqlFlavor = ANSI_FLAVOR, opts: { force?: boolean } = {}): string {
  const tokens = meaningful(sql, flavor);
  const clause = findLimit(tokens);
  if (clause?.countToken && clause.count !== null) {
    if (!opts.force && clause.count <= limit) return sql;
    return sql.slice(0, clause.countToken.start) + String(limit) + sql.slice(clause.countToken.end);
  }
  if (clause) return wrapInLimit(sql, limit);
  // Right after the last token, so a trailing `-- comment` cannot swallow the LIMIT.
  const last = tokens[tokens.length - 1];
  if (!last) return sql;
  return `${sql.slice(0, last.end)} ${limitOf(limit)}${sql.slice(last.end)}`;
}

export interface LimitPlan {
  /** The SQL to run: rewritten to fetch one row more than `limit` when it is a SELECT (unless planned without the extra row). */
  readonly sql: string;
  /** Rows to keep at most, or null when nothing limits the statement. */
  readonly limit: number | null;
  /** Rows to read at most: limit + 1 (limit itself when planned without the extra row), or null. */
  readonly fetchLimit: number | null;
  /** What binds, before knowing how many rows come back. */
  readonly limitingFactor: LimitingFactor;
}

const positive = (n: number | null | undefined): number | null => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : null);

function minDefined(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/**
 * Plans the limit of one statement. `requested` and `serverMax` that are missing, zero or negative
 * count as absent. A statement that is not a SELECT (SHOW, EXPLAIN, PRAGMA …) is not rewritten;
 * its rows are still capped at the dropdown limit when read. `extraRow: false` plans for a
 * reader that keeps every row the statement yields (see the module comment).
 */
export function planLimit(opts: {
  sql: string;
  requested?: number | null;
  serverMax?: number | null;
  isSelect: boolean;
  flavor?: SqlFlavor;
  extraRow?: boolean;
}): LimitPlan {
  const flavor = opts.flavor ?? ANSI_FLAVOR;
  const extra = opts.extraRow === false ? 0 : 1;
  const dropdown = minDefined(positive(opts.requested), positive(opts.serverMax));
  if (!opts.isSelect) {
    return {
      sql: opts.sql,
      limit: dropdown,
      fetchLimit: dropdown === null ? null : dropdown + extra,
      limitingFactor: dropdown === null ? 'NOT_LIMITED' : 'DROPDOWN',
    };
  }
  const sqlLimit = getLimitFromSql(opts.sql, flavor);
  const limit = minDefined(sqlLimit, dropdown);
  if (limit === null) return { sql: opts.sql, limit: null, fetchLimit: null, limitingFactor: 'NOT_LIMITED' };
  let limitingFactor: LimitingFactor;
  if (dropdown === null || (sqlLimit !== null && sqlLimit < dropdown)) limitingFactor = 'QUERY';
  else if (sqlLimit === null || sqlLimit > dropdown) limitingFactor = 'DROPDOWN';
  else limitingFactor = 'QUERY_AND_DROPDOWN';
  // Without the extra row, the statement's own LIMIT stays as written whenever it binds (it may be
  // one that cannot be rewritten in place, like FETCH FIRST ROW ONLY).
  const sql = extra === 0 && limitingFactor !== 'DROPDOWN' ? opts.sql : applyLimitToSql(opts.sql, limit + extra, flavor, { force: true });
  return { sql, limit, fetchLimit: limit + extra, limitingFactor };
}

/** After reading `fetched` rows: how many to keep, and the final limiting factor. */
export function settleLimit(plan: Pick<LimitPlan, 'limit' | 'fetchLimit' | 'limitingFactor'>, fetched: number): { keep: number; limitingFactor: LimitingFactor } {
  if (plan.limit === null || fetched < plan.limit) return { keep: fetched, limitingFactor: 'NOT_LIMITED' };
  // Planned without the extra row: a full result may or may not have been cut.
  if (plan.fetchLimit === plan.limit) return { keep: plan.limit, limitingFactor: 'UNKNOWN' };
  if (fetched === plan.limit) return { keep: fetched, limitingFactor: 'NOT_LIMITED' };
  return { keep: plan.limit, limitingFactor: plan.limitingFactor };
}
