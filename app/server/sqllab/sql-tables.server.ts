/**
 * The tables a query reads, for the query history's "Tables" column (Superset's `sql_tables`):
 * names after FROM and JOIN (and each of a comma list), without the query's own CTE names, table
 * functions or subqueries. A display aid, read with the lexer rather than a parser: unusual SQL
 * may show fewer tables, never a wrong one taken from inside a string or comment.
 */
import { ANSI_FLAVOR, keyword, MYSQL_FLAVOR, significant, tokenize, type Token } from '~/lib/sql/lexer';

export interface SqlTable {
  catalog: string | null;
  schema: string | null;
  table: string;
}

/** Long scripts are looked at up to here: the column is a hint, not worth a slow history page. */
const MAX_CHARS = 100_000;
const JOIN_WORDS = new Set(['JOIN']);
const STOP_WORDS = new Set([
  'WHERE', 'GROUP', 'ORDER', 'HAVING', 'LIMIT', 'UNION', 'EXCEPT', 'INTERSECT', 'ON', 'USING', 'JOIN', 'LEFT', 'RIGHT', 'INNER', 'OUTER',
  'FULL', 'CROSS', 'NATURAL', 'WINDOW', 'OFFSET', 'FETCH', 'FOR', 'LATERAL', 'SELECT', 'RETURNING', 'SET', 'VALUES',
]);

function unquote(token: Token): string {
  const t = token.text;
  if (token.kind !== 'ident') return t;
  const open = t[0];
  const close = open === '[' ? ']' : open;
  const inner = t.slice(1, t.endsWith(close) ? -1 : undefined);
  return inner.replaceAll(close + close, close);
}

const isName = (t: Token | undefined) => t !== undefined && (t.kind === 'ident' || (t.kind === 'word' && !STOP_WORDS.has(keyword(t))));

/** CTE names of a WITH clause: `name [(cols)] AS (`. */
function cteNames(tokens: Token[]): Set<string> {
  const names = new Set<string>();
  for (let i = 0; i < tokens.length - 2; i++) {
    if (!isName(tokens[i])) continue;
    let j = i + 1;
    if (tokens[j]?.text === '(') {
      while (j < tokens.length && tokens[j].text !== ')') j++;
      j++;
    }
    if (keyword(tokens[j]) === 'AS' && tokens[j + 1]?.text === '(') names.add(unquote(tokens[i]).toLowerCase());
  }
  return names;
}

/** Reads `a.b.c` from `i`; answers the parts and the index after the name. */
function readName(tokens: Token[], i: number): { parts: string[]; next: number } | null {
  if (!isName(tokens[i])) return null;
  const parts = [unquote(tokens[i])];
  let j = i + 1;
  while (tokens[j]?.text === '.' && isName(tokens[j + 1])) {
    parts.push(unquote(tokens[j + 1]));
    j += 2;
  }
  return { parts, next: j };
}

/** Skips an alias (`AS x`, `x`) after a table name. */
function skipAlias(tokens: Token[], i: number): number {
  if (keyword(tokens[i]) === 'AS') return i + 2;
  return isName(tokens[i]) ? i + 1 : i;
}

export function extractTables(sql: string): SqlTable[] {
  const text = sql.length > MAX_CHARS ? sql.slice(0, MAX_CHARS) : sql;
  // Backticks only mean identifiers in MySQL; elsewhere double quotes do.
  const tokens = significant(tokenize(text, text.includes('`') ? MYSQL_FLAVOR : ANSI_FLAVOR));
  const ctes = cteNames(tokens);
  const found = new Map<string, SqlTable>();
  for (let i = 0; i < tokens.length; i++) {
    const kw = keyword(tokens[i]);
    if (kw !== 'FROM' && !JOIN_WORDS.has(kw)) continue;
    let j = i + 1;
    for (;;) {
      const name = readName(tokens, j);
      if (!name) break;
      if (tokens[name.next]?.text === '(') break; // a table function, e.g. generate_series(…)
      const table = name.parts[name.parts.length - 1];
      const schema = name.parts.length > 1 ? name.parts[name.parts.length - 2] : null;
      const catalog = name.parts.length > 2 ? name.parts[name.parts.length - 3] : null;
      if (!(schema === null && ctes.has(table.toLowerCase()))) {
        found.set(`${catalog}.${schema}.${table}`, { catalog, schema, table });
      }
      j = skipAlias(tokens, name.next);
      if (kw !== 'FROM' || tokens[j]?.text !== ',') break;
      j++;
    }
  }
  return [...found.values()];
}
