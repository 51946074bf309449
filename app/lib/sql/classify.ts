/**
 * What a statement does, decided from its keywords (no full parser): read, dml or ddl.
 *
 * Decisions, in one place:
 * - `read`: SELECT, WITH … SELECT, VALUES, TABLE, SHOW, DESCRIBE, EXPLAIN (without ANALYZE),
 *   PRAGMA that only reports, and statements that change nothing but the session: SET, USE,
 *   RESET, DISCARD, BEGIN/COMMIT/ROLLBACK/SAVEPOINT, cursors (DECLARE/FETCH/CLOSE). They are
 *   allowed without `allow_dml`, so a SQL Lab user can `SET search_path` or open a transaction; the
 *   execution core resets every pooled session afterwards, so none of it outlives the query.
 * - `dml`: INSERT/UPDATE/DELETE/MERGE/REPLACE, CALL, COPY, LOAD, EXECUTE, LOCK, a WITH whose CTE
 *   modifies data, EXPLAIN ANALYZE (or MariaDB ANALYZE) of a DML statement (it runs it), a PRAGMA
 *   that assigns, and anything unrecognised: unknown means "may write".
 * - `ddl`: CREATE/ALTER/DROP/TRUNCATE/RENAME/GRANT/…, maintenance (VACUUM, ANALYZE t), DO blocks,
 *   a SET that changes anything server-wide (GLOBAL, PERSIST or @@global. in any of its assignments,
 *   `SET @x = 1, GLOBAL y = 2` included; SET PASSWORD, SET DEFAULT ROLE), and SELECT … INTO
 *   (creates a table in PostgreSQL, a file in MySQL).
 * - MariaDB's `SET STATEMENT var = … FOR <statement>` is whatever <statement> is; its compound
 *   `BEGIN NOT ATOMIC … END` may run anything, so it counts as unrecognised.
 * A SELECT calling a function with side effects (nextval, set_config, pg_terminate_backend) is
 * still `read`: only the database's permissions can stop that, as in Superset.
 */
import { ANSI_FLAVOR, keyword, significant, tokenize, type SqlFlavor, type Token } from './lexer';
import { splitStatements } from './split';

export type StatementKind = 'read' | 'dml' | 'ddl';

export interface StatementShape {
  readonly kind: StatementKind;
  /** A query whose rows a LIMIT can cap: SELECT, WITH … SELECT, VALUES, TABLE; not SELECT … INTO. */
  readonly isSelect: boolean;
  /** Whether it may answer rows: reads that report something, and DML with RETURNING. */
  readonly returnsRows: boolean;
  /** The first keyword (upper case), '' when the statement starts otherwise. */
  readonly keyword: string;
  /** False when the statement starts with no keyword this module knows (then it counts as dml). */
  readonly known: boolean;
}

const DML = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'REPLACE', 'UPSERT', 'CALL', 'COPY', 'LOAD', 'EXECUTE', 'EXEC', 'LOCK', 'NOTIFY', 'PREPARE']);
const DDL = new Set([
  'CREATE', 'ALTER', 'DROP', 'TRUNCATE', 'RENAME', 'COMMENT', 'GRANT', 'REVOKE', 'VACUUM', 'REINDEX', 'CLUSTER',
  'REFRESH', 'ATTACH', 'DETACH', 'OPTIMIZE', 'REPAIR', 'INSTALL', 'UNINSTALL', 'SECURITY', 'IMPORT', 'KILL',
  'FLUSH', 'PURGE', 'SHUTDOWN', 'CHECKPOINT', 'REASSIGN', 'DO', 'CHANGE', 'BACKUP', 'RESTORE',
]);
/** Reads that answer rows. */
const REPORTING = new Set(['SELECT', 'VALUES', 'TABLE', 'SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN', 'PRAGMA', 'CHECKSUM', 'HELP', 'FETCH', 'CHECK', 'HANDLER']);
/** Reads that only change session state. */
const SESSION = new Set([
  'SET', 'USE', 'RESET', 'DISCARD', 'BEGIN', 'START', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT', 'RELEASE', 'ABORT',
  'LISTEN', 'UNLISTEN', 'MOVE', 'CLOSE', 'DECLARE', 'DEALLOCATE',
]);
const QUERY_HEADS = new Set(['SELECT', 'VALUES', 'TABLE']);
const MODIFYING_HEADS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'REPLACE']);
/** PRAGMAs that take an argument and still only report. */
const REPORTING_PRAGMAS = new Set([
  'TABLE_INFO', 'TABLE_XINFO', 'INDEX_LIST', 'INDEX_INFO', 'INDEX_XINFO', 'FOREIGN_KEY_LIST', 'FOREIGN_KEY_CHECK',
  'INTEGRITY_CHECK', 'QUICK_CHECK', 'TABLE_LIST',
]);
const EXPLAIN_OPTION_WORDS = new Set(['ANALYZE', 'ANALYSE', 'VERBOSE', 'FORMAT', 'EXTENDED', 'PARTITIONS', 'QUERY', 'PLAN', 'JSON', 'TREE', 'TRADITIONAL', 'FOR', 'CONNECTION']);

const shape = (kind: StatementKind, kw: string, isSelect = false, returnsRows = false, known = true): StatementShape => ({
  kind,
  isSelect,
  returnsRows,
  keyword: kw,
  known,
});

export function describeStatement(sql: string, flavor: SqlFlavor = ANSI_FLAVOR): StatementShape {
  return describeTokens(significant(tokenize(sql, flavor)), flavor);
}

function describeTokens(all: Token[], flavor: SqlFlavor): StatementShape {
  let start = 0;
  while (all[start]?.text === '(') start++; // `(SELECT …) UNION (SELECT …)`
  const tokens = all.slice(start);
  const kw = keyword(tokens[0]);
  const second = keyword(tokens[1]);
  const returning = hasTopLevel(tokens, 'RETURNING');

  if (kw === 'SELECT') return hasTopLevel(tokens, 'INTO') ? shape('ddl', kw) : shape('read', kw, true, true);
  if (kw === 'VALUES' || kw === 'TABLE') return shape('read', kw, true, true);
  if (kw === 'WITH') return describeWith(tokens, flavor);
  if (kw === 'EXPLAIN' || kw === 'ANALYZE' || kw === 'ANALYSE') return describeExplain(tokens, kw, flavor);
  if (kw === 'PRAGMA') {
    const assigns = tokens.some((t) => t.text === '=');
    const name = keyword(tokens.find((t, i) => i > 0 && t.kind === 'word' && tokens[i + 1]?.text !== '.'));
    const hasArgument = tokens.some((t) => t.text === '(');
    return assigns || (hasArgument && !REPORTING_PRAGMAS.has(name)) ? shape('dml', kw) : shape('read', kw, false, true);
  }
  if (kw === 'SET') return describeSet(tokens, flavor);
  if (kw === 'BEGIN' && second === 'NOT' && keyword(tokens[2]) === 'ATOMIC') return shape('dml', kw, false, false, false); // MariaDB's BEGIN NOT ATOMIC … END block
  if (kw === 'RESET' && ['MASTER', 'SLAVE', 'REPLICA', 'QUERY', 'PERSIST', 'BINARY'].includes(second)) return shape('ddl', kw);
  if (kw === 'START' && second !== 'TRANSACTION') return shape('ddl', kw);
  if (REPORTING.has(kw)) return shape('read', kw, false, true);
  if (SESSION.has(kw)) return shape('read', kw);
  if (DDL.has(kw)) return shape('ddl', kw);
  if (DML.has(kw)) return shape('dml', kw, false, returning);
  return shape('dml', kw, false, returning, false);
}

const SERVER_SCOPES = new Set(['GLOBAL', 'PERSIST', 'PERSIST_ONLY']);

/**
 * SET: a read (session state) unless one of its assignments reaches the whole server. MariaDB's
 * `SET STATEMENT a = 1, … FOR <statement>` takes the kind of <statement> (the FOR at depth 0).
 */
function describeSet(tokens: Token[], flavor: SqlFlavor): StatementShape {
  const second = keyword(tokens[1]);
  if (second === 'PASSWORD' || (second === 'DEFAULT' && keyword(tokens[2]) === 'ROLE')) return shape('ddl', 'SET');
  let depth = 0;
  let serverWide = false;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    else if (depth === 0 && second === 'STATEMENT' && keyword(t) === 'FOR') {
      const inner = describeTokens(tokens.slice(i + 1), flavor);
      const kind = serverWide ? 'ddl' : inner.kind;
      return shape(kind, 'SET', false, inner.returnsRows, inner.known);
    } else if (SERVER_SCOPES.has(keyword(t)) && scopesAssignment(tokens, i, depth)) {
      serverWide = true;
    }
  }
  if (second === 'STATEMENT') return shape('dml', 'SET', false, false, false); // no FOR: not a statement we know
  return shape(serverWide ? 'ddl' : 'read', 'SET');
}

/**
 * Whether the scope word at `i` (GLOBAL, PERSIST…) scopes an assignment: right after SET, after a
 * comma of the list (`SET @a = 1, GLOBAL x = 2`), or as `@@global.x` anywhere. `@global` is a user
 * variable. (A PostgreSQL `SET search_path TO a, global` is caught too: a refusal, never a miss.)
 */
function scopesAssignment(tokens: Token[], i: number, depth: number): boolean {
  const before = tokens[i - 1]?.text;
  if (before === '@') return tokens[i - 2]?.text === '@' && tokens[i + 1]?.text === '.';
  return i === 1 || (depth === 0 && before === ',');
}

/** WITH …: the main statement after the CTE list decides, unless a CTE itself modifies data. */
function describeWith(tokens: Token[], flavor: SqlFlavor): StatementShape {
  let depth = 0;
  let mainIndex = -1;
  let modifyingCte = false;
  for (let i = 1; i < tokens.length && mainIndex < 0; i++) {
    const t = tokens[i];
    const word = keyword(t);
    if (t.text === '(') {
      depth++;
      if (MODIFYING_HEADS.has(keyword(tokens[i + 1]))) modifyingCte = true;
    } else if (t.text === ')') {
      depth--;
    } else if (depth === 0 && (QUERY_HEADS.has(word) || MODIFYING_HEADS.has(word))) {
      mainIndex = i;
    }
  }
  if (mainIndex < 0) return shape('dml', 'WITH', false, false, false); // unrecognised: may write
  const main = describeTokens(tokens.slice(mainIndex), flavor);
  if (!modifyingCte) return { ...main, keyword: 'WITH' };
  return shape(main.kind === 'ddl' ? 'ddl' : 'dml', 'WITH', false, main.returnsRows);
}

/** EXPLAIN is a read unless ANALYZE makes it run the statement; MariaDB's `ANALYZE SELECT` runs it too. */
function describeExplain(tokens: Token[], kw: string, flavor: SqlFlavor): StatementShape {
  let analyze = kw !== 'EXPLAIN';
  let i = 1;
  let depth = 0;
  for (; i < tokens.length; i++) {
    const t = tokens[i];
    const word = keyword(t);
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    else if (word === 'ANALYZE' || word === 'ANALYSE') analyze = true;
    else if (depth === 0 && t.kind === 'word' && !EXPLAIN_OPTION_WORDS.has(word)) break;
  }
  const inner = tokens.slice(i);
  const head = keyword(inner[0]);
  if (kw !== 'EXPLAIN' && !QUERY_HEADS.has(head) && !MODIFYING_HEADS.has(head) && head !== 'WITH') {
    return shape('ddl', kw); // ANALYZE t / ANALYZE TABLE t: updates statistics
  }
  if (!analyze || inner.length === 0) return shape('read', kw, false, true);
  const innerShape = describeTokens(inner, flavor);
  return shape(innerShape.kind, kw, false, true);
}

function hasTopLevel(tokens: Token[], word: string): boolean {
  let depth = 0;
  for (const t of tokens) {
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    else if (depth === 0 && keyword(t) === word) return true;
  }
  return false;
}

export function classifyStatement(sql: string, flavor: SqlFlavor = ANSI_FLAVOR): StatementKind {
  return describeStatement(sql, flavor).kind;
}

export function isSelect(sql: string, flavor: SqlFlavor = ANSI_FLAVOR): boolean {
  return describeStatement(sql, flavor).isSelect;
}

/** Exactly one statement, and it is a SELECT (what CREATE TABLE/VIEW AS needs). */
export function isSingleSelect(script: string, flavor: SqlFlavor = ANSI_FLAVOR): boolean {
  const statements = splitStatements(script, flavor);
  return statements.length === 1 && isSelect(statements[0].sql, flavor);
}

/**
 * The one read-only check: where data may not change (a database without `allow_dml`, an
 * export), the first statement that may write, with the one message that refuses it. A statement
 * this module cannot read says so, since "only SELECT" would blame a typo on the user's intent.
 * The parser's verdict only words the refusal; the engine's read-only session is the guarantee.
 */
export interface ReadOnlyRefusal {
  /** 1-based, as the editor numbers statements. */
  statement: number;
  kind: StatementKind;
  message: string;
}

export const READ_ONLY_MESSAGE = 'Only SELECT statements are allowed against this database.';
const UNPARSED_MESSAGE =
  'This database does not allow for DDL/DML, and the query could not be parsed to confirm it is a read-only query. Please contact your administrator for more assistance.';

export function readOnlyRefusal(shapes: readonly StatementShape[]): ReadOnlyRefusal | null {
  const index = shapes.findIndex((s) => s.kind !== 'read');
  if (index < 0) return null;
  const shape = shapes[index];
  return { statement: index + 1, kind: shape.kind, message: shape.known ? READ_ONLY_MESSAGE : UNPARSED_MESSAGE };
}

/** Whether any statement of the script would change data or schema. */
export function isMutating(script: string, flavor: SqlFlavor = ANSI_FLAVOR): boolean {
  return splitStatements(script, flavor).some((s) => classifyStatement(s.sql, flavor) !== 'read');
}
