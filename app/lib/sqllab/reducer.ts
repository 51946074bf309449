/**
 * The SQL editor's state machine (sql-lab.md §4): tabs (query editors), the queries they ran and
 * the tables shown in their left bar. Pure: time and ids come in with the actions, so the rules
 * are testable and the same on the server's first render and in the browser.
 */
import type { CtasMethod, QueryState } from '~/lib/sqllab-api';

export const DEFAULT_SQL = 'SELECT *\nFROM\nWHERE';
export const UNTITLED = 'Untitled Query';

export interface QueryEditor {
  id: string;
  name: string;
  sql: string;
  selectedText: string | null;
  dbId: number | null;
  schema: string | null;
  queryLimit: number;
  autorun: boolean;
  templateParams: string;
  /** Id of the saved query the tab is linked to. */
  remoteId: number | null;
  latestQueryId: string | null;
  /** Whether the tab's state was read from the backend (tabs load lazily on first switch). */
  loaded: boolean;
  hideLeftBar: boolean;
  northPercent: number;
  southPercent: number;
}

/** A result cell: big integers stay bigint (parsed with parseLossless). */
export type Cell = string | number | boolean | bigint | null;

export interface QueryResults {
  status: QueryState;
  columns: { name: string; type: string }[];
  data: Record<string, Cell>[];
  displayLimitReached?: boolean;
}

export interface QueryError {
  message: string;
  error_type?: string;
  /** The server's issue codes and documentation link for the error. */
  extra?: { issue_codes?: { code: number; message: string }[]; link?: string } | null;
}

export interface Query {
  id: string;
  dbId: number;
  sql: string;
  sqlEditorId: string | null;
  tab: string | null;
  schema: string | null;
  runAsync: boolean;
  ctas: boolean;
  templateParams: string;
  queryLimit: number;
  progress: number;
  startDttm: number;
  state: QueryState;
  cached: boolean;
  resultsKey: string | null;
  isDataPreview: boolean;
  tableName?: string;
  /** CREATE TABLE AS or CREATE VIEW AS, when ctas is set. */
  ctasMethod?: CtasMethod;
  /** The table or view a ctas query creates, and its schema once the server has said which. */
  tempTable?: string | null;
  tempSchema?: string | null;
  results?: QueryResults | null;
  rows?: number | null;
  endDttm?: number | null;
  errors?: QueryError[];
  errorMessage?: string | null;
  link?: string | null;
  limitingFactor?: string | null;
  changedOn?: number;
}

export interface TableColumn {
  name: string;
  type: string;
  keys?: { type: string }[];
}

export interface Table {
  id: string;
  /** The backend's table schema id, once stored. */
  remoteId?: number | null;
  dbId: number;
  queryEditorId: string;
  schema: string | null;
  name: string;
  expanded: boolean;
  dataPreviewQueryId: string | null;
  columns: TableColumn[];
  selectStar?: string;
  primaryKey?: { column_names: string[] } | null;
  foreignKeys?: unknown[];
  indexes?: unknown[];
  isMetadataLoading: boolean;
}

/** A tab's cost estimate (sql-lab.md §4): started, then returned or failed. One figure set per statement. */
export interface CostEstimate {
  state: 'started' | 'returned' | 'failed';
  cost: Record<string, number | string>[];
  error: string | null;
}

export interface SqlLabState {
  tabs: QueryEditor[];
  activeTabId: string | null;
  /** Most recent last: the tab to return to when the active one closes. */
  tabHistory: string[];
  queries: Record<string, Query>;
  tables: Table[];
  /** Epoch ms of the newest server change seen (for updated_since polling). */
  queriesLastUpdate: number;
  /** By tab id. */
  costEstimates: Record<string, CostEstimate>;
}

export type EditorChanges = Partial<Omit<QueryEditor, 'id'>>;

export type Action =
  | { type: 'addTab'; tab: Partial<QueryEditor> & { id: string } }
  | { type: 'switchTab'; id: string }
  | { type: 'closeTab'; id: string }
  | { type: 'closeOtherTabs'; id: string }
  | { type: 'renameTab'; id: string; name: string }
  | { type: 'updateTab'; id: string; changes: EditorChanges }
  | { type: 'tabLoaded'; id: string; changes: EditorChanges }
  | { type: 'startQuery'; query: Omit<Query, 'state' | 'progress' | 'cached'> }
  | { type: 'stopQuery'; id: string }
  | { type: 'requestResults'; id: string }
  | {
      type: 'querySuccess'; id: string; results: QueryResults; now: number; rows?: number | null; limitingFactor?: string | null;
      /**
       * How long the server says the query ran (its end minus its start): the elapsed time shown,
       * so it does not include the wait for the answer to arrive. Without it, `now` ends the query.
       */
      serverDurationMs?: number | null;
      /** Where a ctas query put its table, as the server answered. */
      created?: { tempTable: string | null; tempSchema: string | null };
    }
  | { type: 'queryFailed'; id: string; message: string; errors?: QueryError[]; link?: string | null; now: number }
  | { type: 'refreshQueries'; altered: Record<string, Partial<Query> & { state: QueryState }> }
  | { type: 'clearInactiveQueries'; now: number; interval: number }
  /** Queries kept from an earlier visit (local persistence); only those of known tabs (or previews) are taken. */
  | { type: 'restoreQueries'; queries: Record<string, Query> }
  | { type: 'estimateStarted'; tabId: string }
  | { type: 'estimateReturned'; tabId: string; cost: Record<string, number | string>[] }
  | { type: 'estimateFailed'; tabId: string; error: string }
  | { type: 'mergeTable'; table: Partial<Table> & Pick<Table, 'id' | 'dbId' | 'queryEditorId' | 'name'> }
  | { type: 'expandTable'; id: string }
  | { type: 'collapseTable'; id: string }
  | { type: 'removeTables'; ids: string[] };

export function emptyState(): SqlLabState {
  return { tabs: [], activeTabId: null, tabHistory: [], queries: {}, tables: [], queriesLastUpdate: 0, costEstimates: {} };
}

/** "Untitled Query N", N one more than the highest N among the names given (1 when there is none). */
export function newTabName(names: readonly string[]): string {
  const pattern = new RegExp(`^${UNTITLED} (\\d+)$`);
  const highest = names.reduce((max, name) => {
    const match = pattern.exec(name);
    return match ? Math.max(max, Number(match[1])) : max;
  }, 0);
  return `${UNTITLED} ${highest + 1}`;
}

export function newEditor(id: string, existing: readonly QueryEditor[], fields: Partial<QueryEditor> = {}): QueryEditor {
  return {
    id,
    name: fields.name || newTabName(existing.map((t) => t.name)),
    sql: fields.sql ?? DEFAULT_SQL,
    selectedText: fields.selectedText ?? null,
    dbId: fields.dbId ?? null,
    schema: fields.schema ?? null,
    queryLimit: fields.queryLimit ?? 1000,
    autorun: fields.autorun ?? false,
    templateParams: fields.templateParams ?? '',
    remoteId: fields.remoteId ?? null,
    latestQueryId: fields.latestQueryId ?? null,
    loaded: fields.loaded ?? true,
    hideLeftBar: fields.hideLeftBar ?? false,
    northPercent: fields.northPercent ?? 30,
    southPercent: fields.southPercent ?? 70,
  };
}

/** A client id like Superset's (11 characters of [A-Za-z0-9_-]). */
export function newClientId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const bytes = new Uint8Array(11);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % 64]).join('');
}

const STOPPED_OR_FAILED: readonly QueryState[] = ['stopped', 'failed'];
const KEPT_ON_SERVER_SUCCESS: readonly QueryState[] = ['fetching', 'success', 'running'];

function withTab(state: SqlLabState, id: string, update: (tab: QueryEditor) => QueryEditor): SqlLabState {
  if (!state.tabs.some((t) => t.id === id)) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.id === id ? update(t) : t)) };
}

function withQuery(state: SqlLabState, id: string, update: (query: Query) => Query | null): SqlLabState {
  const query = state.queries[id];
  if (!query) return state;
  const next = update(query);
  if (next === null || next === query) return state;
  return { ...state, queries: { ...state.queries, [id]: next } };
}

function withTable(state: SqlLabState, id: string, update: (table: Table) => Table): SqlLabState {
  if (!state.tables.some((t) => t.id === id)) return state;
  return { ...state, tables: state.tables.map((t) => (t.id === id ? update(t) : t)) };
}

function activate(state: SqlLabState, id: string): SqlLabState {
  return { ...state, activeTabId: id, tabHistory: [...state.tabHistory.filter((h) => h !== id), id] };
}

/** Drops tabs and everything that belongs to them (their tables and queries). */
function removeTabs(state: SqlLabState, ids: ReadonlySet<string>): SqlLabState {
  const tabs = state.tabs.filter((t) => !ids.has(t.id));
  const tabHistory = state.tabHistory.filter((h) => !ids.has(h));
  const activeTabId = state.activeTabId && !ids.has(state.activeTabId) ? state.activeTabId : (tabHistory.at(-1) ?? tabs.at(-1)?.id ?? null);
  const queries = Object.fromEntries(Object.entries(state.queries).filter(([, q]) => !q.sqlEditorId || !ids.has(q.sqlEditorId)));
  const tables = state.tables.filter((t) => !ids.has(t.queryEditorId));
  const costEstimates = Object.fromEntries(Object.entries(state.costEstimates).filter(([tabId]) => !ids.has(tabId)));
  return {
    ...state,
    costEstimates,
    tabs,
    tabHistory: activeTabId && !tabHistory.includes(activeTabId) ? [...tabHistory, activeTabId] : tabHistory,
    activeTabId,
    queries,
    tables,
  };
}

export function sqlLabReducer(state: SqlLabState, action: Action): SqlLabState {
  switch (action.type) {
    case 'addTab': {
      if (state.tabs.some((t) => t.id === action.tab.id)) return activate(state, action.tab.id);
      const tab = newEditor(action.tab.id, state.tabs, action.tab);
      return activate({ ...state, tabs: [...state.tabs, tab] }, tab.id);
    }
    case 'switchTab':
      return state.tabs.some((t) => t.id === action.id) ? activate(state, action.id) : state;
    case 'closeTab':
      return state.tabs.some((t) => t.id === action.id) ? removeTabs(state, new Set([action.id])) : state;
    case 'closeOtherTabs': {
      if (!state.tabs.some((t) => t.id === action.id)) return state;
      const others = new Set(state.tabs.filter((t) => t.id !== action.id).map((t) => t.id));
      return activate(removeTabs(state, others), action.id);
    }
    case 'renameTab': {
      const name = action.name.trim();
      return name ? withTab(state, action.id, (t) => ({ ...t, name })) : state;
    }
    case 'updateTab':
      return withTab(state, action.id, (t) => ({ ...t, ...action.changes }));
    case 'tabLoaded':
      return withTab(state, action.id, (t) => ({ ...t, ...action.changes, loaded: true }));

    case 'startQuery': {
      const query: Query = { ...action.query, state: action.query.runAsync ? 'pending' : 'running', progress: 0, cached: false };
      const next = { ...state, queries: { ...state.queries, [query.id]: query } };
      return query.sqlEditorId ? withTab(next, query.sqlEditorId, (t) => ({ ...t, latestQueryId: query.id })) : next;
    }
    case 'stopQuery':
      return withQuery(state, action.id, (q) => ({ ...q, state: 'stopped' }));
    case 'requestResults':
      return withQuery(state, action.id, (q) => ({ ...q, state: 'fetching' }));
    case 'querySuccess':
      return withQuery(state, action.id, (q) => {
        if (q.state === 'stopped' || action.results.status !== 'success') return null;
        return {
          ...q,
          state: 'success',
          progress: 100,
          endDttm: action.serverDurationMs != null ? q.startDttm + action.serverDurationMs : action.now,
          results: action.results,
          rows: action.rows ?? action.results.data.length,
          limitingFactor: action.limitingFactor ?? null,
          ...(action.created ? { tempTable: action.created.tempTable ?? q.tempTable ?? null, tempSchema: action.created.tempSchema } : {}),
          errorMessage: null,
          errors: [],
          cached: false,
        };
      });
    case 'queryFailed':
      return withQuery(state, action.id, (q) => {
        if (q.state === 'stopped') return null;
        return {
          ...q,
          state: 'failed',
          errorMessage: action.message,
          errors: action.errors ?? [{ message: action.message }],
          link: action.link ?? null,
          endDttm: action.now,
          progress: 100,
        };
      });
    case 'refreshQueries': {
      const queries = { ...state.queries };
      let last = state.queriesLastUpdate;
      let changed = false;
      for (const [id, server] of Object.entries(action.altered)) {
        const local = state.queries[id];
        if (local && STOPPED_OR_FAILED.includes(local.state)) continue;
        if (server.changedOn && server.changedOn > last) last = server.changedOn;
        const keepLocal = local !== undefined && server.state === 'success' && KEPT_ON_SERVER_SUCCESS.includes(local.state);
        queries[id] = { ...(local ?? ({} as Query)), ...server, state: keepLocal ? local.state : server.state };
        changed = true;
      }
      return changed || last !== state.queriesLastUpdate ? { ...state, queries, queriesLastUpdate: last } : state;
    }
    case 'clearInactiveQueries': {
      const queries: Record<string, Query> = {};
      let changed = false;
      for (const [id, q] of Object.entries(state.queries)) {
        const stale = (q.state === 'running' || q.state === 'pending') && q.progress === 0 && action.now - q.startDttm > action.interval;
        if (stale) {
          changed = true;
          continue;
        }
        const settled = q.results?.status && q.results.status !== q.state;
        if (settled) changed = true;
        queries[id] = settled && q.results ? { ...q, state: q.results.status } : q;
      }
      // Run every few seconds: an unchanged state keeps its identity, so nothing re-renders or is stored again.
      return changed ? { ...state, queries } : state;
    }
    case 'restoreQueries': {
      const tabIds = new Set(state.tabs.map((t) => t.id));
      const previews = new Set(state.tables.map((t) => t.dataPreviewQueryId));
      const kept = Object.entries(action.queries).filter(([id, q]) => !state.queries[id] && (q.sqlEditorId ? tabIds.has(q.sqlEditorId) : previews.has(id)));
      return kept.length ? { ...state, queries: { ...state.queries, ...Object.fromEntries(kept) } } : state;
    }
    case 'estimateStarted':
      return { ...state, costEstimates: { ...state.costEstimates, [action.tabId]: { state: 'started', cost: [], error: null } } };
    case 'estimateReturned':
      return { ...state, costEstimates: { ...state.costEstimates, [action.tabId]: { state: 'returned', cost: action.cost, error: null } } };
    case 'estimateFailed':
      return { ...state, costEstimates: { ...state.costEstimates, [action.tabId]: { state: 'failed', cost: [], error: action.error } } };

    case 'mergeTable': {
      const incoming = action.table;
      const existing = state.tables.find(
        (t) => t.id === incoming.id || (t.queryEditorId === incoming.queryEditorId && t.dbId === incoming.dbId && t.schema === (incoming.schema ?? null) && t.name === incoming.name),
      );
      if (existing) return { ...state, tables: state.tables.map((t) => (t === existing ? { ...t, ...incoming, id: existing.id } : t)) };
      const table: Table = {
        schema: null,
        expanded: true,
        dataPreviewQueryId: null,
        columns: [],
        isMetadataLoading: true,
        ...incoming,
      };
      return { ...state, tables: [...state.tables, table] };
    }
    case 'expandTable':
      return withTable(state, action.id, (t) => ({ ...t, expanded: true }));
    case 'collapseTable':
      return withTable(state, action.id, (t) => ({ ...t, expanded: false }));
    case 'removeTables': {
      const ids = new Set(action.ids);
      return { ...state, tables: state.tables.filter((t) => !ids.has(t.id)) };
    }
  }
}

export function activeTab(state: SqlLabState): QueryEditor | null {
  return state.tabs.find((t) => t.id === state.activeTabId) ?? null;
}

export function latestQuery(state: SqlLabState, tab: QueryEditor | null): Query | null {
  return tab?.latestQueryId ? (state.queries[tab.latestQueryId] ?? null) : null;
}
