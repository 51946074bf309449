/**
 * SQL Lab's autocomplete: `suggest(index, sql, cursor)` offers keywords, schemas, tables and
 * columns for the word at the cursor, knowing the tables and aliases of the statement under it.
 * Pure and synchronous; the index (autocomplete-index.ts) does the heavy work once per schema.
 *
 * Order: exact, then prefix, then substring, then subsequence matches; within each, columns of
 * the statement's tables, then keywords, then tables and schemas, then every other column. A
 * statement that names no table yet (`SELECT na|`) takes the tab's tables (the left bar's) as its
 * own, and past its first word ranks the schema's columns above keywords: `na` offers `name`
 * before NATURAL.
 */
import { statementBeingEdited } from '../sql/statement-at-cursor';
import { cursorContext, tableRefs, type CursorContext, type TableRef } from './autocomplete-context';
import { findTable, type AutocompleteIndex, type MatchKind, type Named, type SortedNames, type TableEntry } from './autocomplete-index';
import { CASE_KEEPING_NAME, quoteIfNeeded } from '../sql/dialects/base';

export { buildIndex, flavorOf, type AutocompleteIndex, type IndexSource, type SchemaTable } from './autocomplete-index';

export type SuggestionMeta = 'keyword' | 'schema' | 'table' | 'column';

export interface Suggestion {
  /** What is inserted: quoted when the name needs it. */
  value: string;
  /** What the list shows and matches against: the bare name. */
  caption: string;
  meta: SuggestionMeta;
  /** Higher first. */
  score: number;
  /** For columns the table(s) and type; for tables 'table'. */
  detail: string;
}

export const DEFAULT_LIMIT = 100;

const KIND_WEIGHT: Record<MatchKind, number> = { exact: 4000, prefix: 3000, substring: 2000, fuzzy: 1000 };
const RANK = { statementColumn: 400, tablelessColumn: 350, keyword: 300, table: 200, schema: 150, otherColumn: 100 } as const;

/** A name as it must be written: bare when the dialect reads it back unchanged, quoted otherwise (standard SQL without a dialect). */
export function quoteName(name: string, index: AutocompleteIndex): string {
  return index.dialect ? index.dialect.quoteIdentifierIfNeeded(name) : quoteIfNeeded(name, CASE_KEEPING_NAME);
}

type Candidate = { caption: string; value: string; meta: SuggestionMeta; detail: string; score: number };

function collect<T extends Named>(
  out: Candidate[],
  list: SortedNames<T>,
  needle: string,
  limit: number,
  rank: number,
  make: (item: T) => Omit<Candidate, 'score'>,
  skip?: Set<string>,
) {
  for (const { item, kind, at } of list.find(needle, limit + (skip?.size ?? 0))) {
    if (skip?.has(item.lower)) continue;
    // Earlier substring hits and tighter subsequences rank a little higher, as ace's own filter does.
    out.push({ ...make(item), score: KIND_WEIGHT[kind] + rank - Math.min(at, 99) / 100 });
  }
}

function resolveRef(index: AutocompleteIndex, refs: TableRef[], qualifier: string[]): TableEntry | undefined {
  if (qualifier.length >= 2) return findTable(index, qualifier[qualifier.length - 1]);
  const q = qualifier[0];
  const lower = q.toLowerCase();
  const byAlias = refs.find((r) => r.alias === q) ?? refs.find((r) => r.alias?.toLowerCase() === lower);
  if (byAlias) return findTable(index, byAlias.table);
  const byName = refs.find((r) => r.table === q) ?? refs.find((r) => r.table.toLowerCase() === lower);
  return findTable(index, byName?.table ?? q);
}

function columnsOf(index: AutocompleteIndex, refs: TableRef[]): TableEntry[] {
  const seen = new Set<TableEntry>();
  for (const ref of refs) {
    // Tables of another schema are not in this index; a same-named table here is not them.
    if (ref.schema && index.schema && ref.schema.toLowerCase() !== index.schema.toLowerCase()) continue;
    const table = findTable(index, ref.table);
    if (table) seen.add(table);
  }
  return [...seen];
}

const columnDetail = (where: string, type: string) => [where, type].filter(Boolean).join(' · ');

function keywordValue(word: string, ctx: CursorContext): string {
  // Keep the case the user types in: `sel` becomes `select`, `SEL` becomes `SELECT`.
  return ctx.prefix !== '' && ctx.prefix === ctx.prefix.toLowerCase() ? word.toLowerCase() : word;
}

/** Suggestions for the word at `cursor` in `sql` (a whole script; the statement under the cursor counts). */
export function suggest(index: AutocompleteIndex, sql: string, cursor: number, limit = DEFAULT_LIMIT, tabTables: readonly string[] = []): Suggestion[] {
  const at = Math.max(0, Math.min(cursor, sql.length));
  const statement = statementBeingEdited(sql, at, index.flavor);
  const start = statement ? statement.start : at;
  const ctx = cursorContext(sql.slice(start, at), index.flavor);
  if (ctx.silent) return [];
  const refs = statement ? tableRefs(sql.slice(start, Math.max(statement.end, at)), index.flavor) : [];
  const needle = ctx.prefix.toLowerCase();
  const name = (n: string) => (ctx.quoted ? n : quoteName(n, index));
  const asTable = (t: TableEntry): Omit<Candidate, 'score'> => ({ caption: t.name, value: name(t.name), meta: 'table', detail: 'table' });
  const asSchema = (s: Named): Omit<Candidate, 'score'> => ({ caption: s.name, value: name(s.name), meta: 'schema', detail: 'schema' });
  const out: Candidate[] = [];

  const isThisSchema = (q: string) => index.schema !== null && (q === index.schema || q.toLowerCase() === index.schema.toLowerCase());
  if (ctx.qualifier.length > 0) {
    const q = ctx.qualifier;
    const table = ctx.expectsTable ? undefined : resolveRef(index, refs, q);
    if (table) {
      collect(out, table.columns, needle, limit, RANK.statementColumn, (c) => ({ caption: c.name, value: name(c.name), meta: 'column', detail: columnDetail(c.table, c.type) }));
    } else if (q.length === 1 && isThisSchema(q[0])) {
      collect(out, index.tables, needle, limit, RANK.table, asTable);
    }
  } else if (ctx.expectsTable) {
    collect(out, index.tables, needle, limit, RANK.table, asTable);
    collect(out, index.schemas, needle, limit, RANK.schema, asSchema);
  } else {
    const offered = new Set<string>();
    const named: TableRef[] = refs.length > 0 ? refs : tabTables.map((table) => ({ table, schema: null, alias: null }));
    for (const table of columnsOf(index, named)) {
      collect(out, table.columns, needle, limit, RANK.statementColumn, (c) => {
        offered.add(c.lower);
        return { caption: c.name, value: name(c.name), meta: 'column', detail: columnDetail(c.table, c.type) };
      });
    }
    if (!ctx.quoted) collect(out, index.keywords, needle, limit, RANK.keyword, (k) => ({ caption: k.name, value: keywordValue(k.name, ctx), meta: 'keyword', detail: 'keyword' }));
    collect(out, index.tables, needle, limit, RANK.table, asTable);
    collect(out, index.schemas, needle, limit, RANK.schema, asSchema);
    const pastFirstWord = sql.slice(start, at - ctx.prefix.length).trim() !== '';
    collect(
      out,
      index.columns,
      needle,
      limit,
      refs.length === 0 && pastFirstWord ? RANK.tablelessColumn : RANK.otherColumn,
      (c) => ({ caption: c.name, value: name(c.name), meta: 'column', detail: columnDetail(c.tables.join(', '), c.type) }),
      offered,
    );
  }
  // Stable: equal scores keep the index's alphabetical (or table) order.
  return dedupe(out)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

/** One suggestion per (meta, caption): the same column in two joined tables shows once. */
function dedupe(list: Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const key = `${c.meta}\u0000${c.caption}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
