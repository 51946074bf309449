/**
 * The autocomplete index: every name of one (database, schema), lower-cased and sorted once when
 * the schema's columns arrive, so that a keystroke costs a binary search for prefix matches and
 * one native `indexOf` pass over a joined string for substring matches, never a JavaScript loop
 * over 100k names. Only short lists (keywords, a table's columns, tables) get subsequence matching.
 */
import type { SqlDialect } from '../sql/dialects';
import { ANSI_KEYWORDS } from '../sql/dialects/keywords';
import { ANSI_FLAVOR, type SqlFlavor } from '../sql/lexer';

export type MatchKind = 'exact' | 'prefix' | 'substring' | 'fuzzy';

export interface Named {
  readonly name: string;
  readonly lower: string;
}

export interface ColumnEntry extends Named {
  readonly type: string;
  readonly table: string;
}

/** A column name across the schema: `id` once, however many tables have one. */
export interface DistinctColumn extends Named {
  readonly type: string;
  readonly tables: string[];
}

export interface TableEntry extends Named {
  readonly columns: SortedNames<ColumnEntry>;
}

/** Lists longer than this get prefix and substring matching only. */
const FUZZY_MAX = 5_000;
/** Between names in the joined string; never part of a name anyone types. */
const SEP = '\u0001';

export class SortedNames<T extends Named> {
  /** What an empty prefix lists: the order given (a table's columns) or alphabetical. */
  private readonly unfiltered: readonly T[];
  readonly sorted: readonly T[];
  private readonly lowers: string[];
  private readonly haystack: string;
  private readonly starts: Int32Array;

  constructor(items: readonly T[], keepOrder = false) {
    this.sorted = [...items].sort((a, b) => (a.lower < b.lower ? -1 : a.lower > b.lower ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.lowers = this.sorted.map((i) => i.lower);
    this.starts = new Int32Array(this.lowers.length);
    let at = 1;
    for (let i = 0; i < this.lowers.length; i++) {
      this.starts[i] = at;
      at += this.lowers[i].length + 1;
    }
    this.haystack = SEP + this.lowers.join(SEP);
    this.unfiltered = keepOrder ? items : this.sorted;
  }

  get size(): number {
    return this.sorted.length;
  }

  /** Matches of a lower-cased needle, best kinds first, at most `limit`. */
  find(needle: string, limit: number): { item: T; kind: MatchKind; at: number }[] {
    const out: { item: T; kind: MatchKind; at: number }[] = [];
    if (limit <= 0) return out;
    if (needle === '') {
      for (const item of this.unfiltered) {
        if (out.length >= limit) break;
        out.push({ item, kind: 'prefix', at: 0 });
      }
      return out;
    }
    const first = this.lowerBound(needle);
    let i = first;
    for (; i < this.lowers.length && out.length < limit && this.lowers[i].startsWith(needle); i++) {
      out.push({ item: this.sorted[i], kind: this.lowers[i].length === needle.length ? 'exact' : 'prefix', at: 0 });
    }
    if (out.length >= limit) return out;
    const prefixEnd = i;
    const isPrefixMatch = (index: number) => index >= first && index < prefixEnd;
    let pos = this.haystack.indexOf(needle, 1);
    const found = new Set<number>();
    while (pos !== -1 && out.length < limit) {
      const index = this.itemAt(pos);
      const end = this.starts[index] + this.lowers[index].length;
      if (pos + needle.length <= end && !isPrefixMatch(index)) {
        out.push({ item: this.sorted[index], kind: 'substring', at: pos - this.starts[index] });
        found.add(index);
      }
      // On to the next name: one hit per name is enough.
      pos = this.haystack.indexOf(needle, index + 1 < this.lowers.length ? this.starts[index + 1] : this.haystack.length);
    }
    if (out.length >= limit || this.lowers.length > FUZZY_MAX || needle.length < 2) return out;
    for (let k = 0; k < this.lowers.length && out.length < limit; k++) {
      if (isPrefixMatch(k) || found.has(k)) continue;
      const gap = subsequenceGap(this.lowers[k], needle);
      if (gap >= 0) out.push({ item: this.sorted[k], kind: 'fuzzy', at: gap });
    }
    return out;
  }

  private lowerBound(needle: string): number {
    let lo = 0;
    let hi = this.lowers.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.lowers[mid] < needle) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The item whose text contains haystack position `pos`. */
  private itemAt(pos: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** The letters skipped when `needle` is read as a subsequence of `text`, or -1 when it is not one. */
function subsequenceGap(text: string, needle: string): number {
  let from = 0;
  let gap = 0;
  for (let j = 0; j < needle.length; j++) {
    const at = text.indexOf(needle[j], from);
    if (at < 0) return -1;
    gap += at - from;
    from = at + 1;
  }
  return gap;
}

export interface SchemaTable {
  table: string;
  columns: readonly { name: string; type: string }[];
}

export interface IndexSource {
  /** The database's dialect; none (no database chosen, an engine no dialect knows) reads standard SQL. */
  dialect?: SqlDialect | null;
  /** The schema the tables belong to; `schema.` then offers them. */
  schema?: string | null;
  schemas?: readonly string[];
  tables?: readonly SchemaTable[];
  /** Column names known without their table (a flat list from elsewhere). */
  looseColumns?: readonly string[];
}

export interface AutocompleteIndex {
  readonly dialect: SqlDialect | null;
  readonly flavor: SqlFlavor;
  readonly schema: string | null;
  readonly keywords: SortedNames<Named>;
  readonly schemas: SortedNames<Named>;
  readonly tables: SortedNames<TableEntry>;
  readonly columns: SortedNames<DistinctColumn>;
  readonly tableByName: ReadonlyMap<string, TableEntry>;
  readonly tableByLower: ReadonlyMap<string, TableEntry>;
  readonly columnCount: number;
}

const named = (name: string): Named => ({ name, lower: name.toLowerCase() });

/** How the editor reads SQL: the dialect's flavour, or standard SQL without one. */
export function flavorOf(dialect: SqlDialect | null): SqlFlavor {
  return dialect?.flavor ?? ANSI_FLAVOR;
}

/** Builds the index once per (database, schema); every suggest() call reads it. */
export function buildIndex(source: IndexSource): AutocompleteIndex {
  const dialect = source.dialect ?? null;
  const tables: TableEntry[] = [];
  const distinct = new Map<string, { name: string; lower: string; type: string; tables: string[] }>();
  let columnCount = 0;
  for (const t of source.tables ?? []) {
    const columns = t.columns.map((c) => ({ name: c.name, lower: c.name.toLowerCase(), type: c.type, table: t.table }));
    columnCount += columns.length;
    tables.push({ ...named(t.table), columns: new SortedNames(columns, true) });
    for (const c of columns) {
      const entry = distinct.get(c.name);
      if (!entry) distinct.set(c.name, { name: c.name, lower: c.lower, type: c.type, tables: [t.table] });
      // A few table names are enough to describe where a common name comes from.
      else if (entry.tables.length < 3) entry.tables.push(t.table);
      else if (entry.tables.length === 3) entry.tables.push('…');
    }
  }
  for (const name of source.looseColumns ?? []) {
    if (!distinct.has(name)) distinct.set(name, { ...named(name), type: '', tables: [] });
  }
  const tableByName = new Map(tables.map((t) => [t.name, t]));
  const tableByLower = new Map<string, TableEntry>();
  for (const t of tables) if (!tableByLower.has(t.lower)) tableByLower.set(t.lower, t);
  return {
    dialect,
    flavor: flavorOf(dialect),
    schema: source.schema ?? null,
    keywords: new SortedNames((dialect?.keywords ?? ANSI_KEYWORDS).map(named)),
    schemas: new SortedNames((source.schemas ?? []).map(named)),
    tables: new SortedNames(tables),
    columns: new SortedNames([...distinct.values()]),
    tableByName,
    tableByLower,
    columnCount,
  };
}

/** A table by name: exactly as written first, then ignoring case (unquoted names fold). */
export function findTable(index: AutocompleteIndex, name: string): TableEntry | undefined {
  return index.tableByName.get(name) ?? index.tableByLower.get(name.toLowerCase());
}
