/**
 * SQL Lab's state in the browser's localStorage when backend persistence is off (and what is left
 * there to migrate once it is turned on): the tabs with the fields sql-lab.md §3 lists, the tables
 * of their left bars and their queries. Query results are dropped from what is stored when they
 * are older or bigger than the limits below (sql-lab.md §4), so one large result cannot fill the
 * browser's quota; the query itself stays, and its results can be fetched again by key.
 * What is read back is validated: anything unreadable is ignored rather than trusted.
 */
import { z } from 'zod';
import { QUERY_STATES } from '~/lib/sqllab-api';
import { DEFAULT_SQL, type Query, type QueryEditor, type SqlLabState, type Table } from './reducer';

export const LOCAL_KEY = 'sightline.sqllab.v1';
/** Results older than this are not stored (Superset's LOCALSTORAGE_MAX_QUERY_AGE_MS: one day). */
export const LOCALSTORAGE_MAX_QUERY_AGE_MS = 24 * 60 * 60 * 1000;
/** Results bigger than this (JSON, in KB of characters) are not stored (Superset's LOCALSTORAGE_MAX_QUERY_RESULTS_KB). */
export const LOCALSTORAGE_MAX_QUERY_RESULTS_KB = 1024;

/** Prepended to a new tab's SQL when tabs live only in this browser (sql-lab.md §1). */
export const LOCAL_MODE_NOTE = '-- Note: Unless you save your query, these tabs will NOT persist if you clear your cookies or change browsers.';
export const LOCAL_MODE_DEFAULT_SQL = `${LOCAL_MODE_NOTE}\n\n${DEFAULT_SQL}`;

/** The tab fields kept in local persistence (sql-lab.md §3; `height` is not one of ours). */
const LOCAL_TAB_FIELDS = [
  'remoteId', 'autorun', 'dbId', 'id', 'latestQueryId', 'northPercent', 'queryLimit', 'schema', 'selectedText', 'southPercent', 'sql', 'templateParams', 'name', 'hideLeftBar',
] as const satisfies readonly (keyof QueryEditor)[];

export type LocalTab = Pick<QueryEditor, (typeof LOCAL_TAB_FIELDS)[number]> & {
  /** Set once the migration created the tab on the server but some of its tables or queries still have to follow. */
  serverTabId?: number;
};

export type LocalState = {
  tabs: LocalTab[];
  activeTabId: string | null;
  tables: Table[];
  queries: Record<string, Query>;
};

/** JSON that survives big integers in results (as their digits) instead of throwing. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** The query as it may be stored: without results once they are too old or too big. */
export function pruneQueryResults(query: Query, now: number): Query {
  if (!query.results) return query;
  const age = now - (query.endDttm ?? query.startDttm);
  const tooOld = age > LOCALSTORAGE_MAX_QUERY_AGE_MS;
  const tooBig = !tooOld && toJson(query.results).length / 1024 > LOCALSTORAGE_MAX_QUERY_RESULTS_KB;
  return tooOld || tooBig ? { ...query, results: null } : query;
}

export function localTab(tab: QueryEditor): LocalTab {
  return Object.fromEntries(LOCAL_TAB_FIELDS.map((k) => [k, tab[k]])) as LocalTab;
}

/** What local persistence stores of the editor's state. */
export function toLocalState(state: SqlLabState, now: number): LocalState {
  const tabIds = new Set(state.tabs.map((t) => t.id));
  const previews = new Set(state.tables.map((t) => t.dataPreviewQueryId));
  const queries = Object.fromEntries(
    Object.values(state.queries)
      .filter((q) => (q.sqlEditorId ? tabIds.has(q.sqlEditorId) : previews.has(q.id)))
      // A fetch cut short by leaving the page is a success whose results are fetched again by key.
      .map((q) => [q.id, pruneQueryResults(q.state === 'fetching' ? { ...q, state: 'success' } : q, now)]),
  );
  return { tabs: state.tabs.map(localTab), activeTabId: state.activeTabId, tables: state.tables.filter((t) => tabIds.has(t.queryEditorId)), queries };
}

const nullableText = z.string().nullable().catch(null);
const LocalTabSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  sql: z.string().catch(DEFAULT_SQL),
  dbId: z.number().nullable().catch(null),
  schema: nullableText,
  queryLimit: z.number().int().positive().optional().catch(undefined),
  autorun: z.boolean().catch(false),
  templateParams: z.string().catch(''),
  remoteId: z.number().nullable().catch(null),
  latestQueryId: nullableText,
  selectedText: nullableText,
  hideLeftBar: z.boolean().catch(false),
  northPercent: z.number().optional().catch(undefined),
  southPercent: z.number().optional().catch(undefined),
  serverTabId: z.number().int().positive().optional().catch(undefined),
});
const LocalTableSchema = z.looseObject({ id: z.string(), dbId: z.number(), queryEditorId: z.string(), name: z.string(), columns: z.array(z.unknown()).catch([]) });
const LocalQuerySchema = z.looseObject({
  id: z.string(),
  dbId: z.number(),
  sql: z.string(),
  sqlEditorId: z.string().nullable(),
  state: z.enum(QUERY_STATES),
  startDttm: z.number(),
  progress: z.number().catch(0),
});
const LocalStateSchema = z.object({
  tabs: z.array(z.unknown()).catch([]),
  activeTabId: z.string().nullable().catch(null),
  tables: z.array(z.unknown()).catch([]),
  queries: z.record(z.string(), z.unknown()).catch({}),
});

/** The stored state, keeping each tab, table and query that reads well and dropping the rest; null when there is none. */
export function parseLocalState(text: string | null): LocalState | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = LocalStateSchema.safeParse(raw);
  if (!parsed.success) return null;
  const keep = <T>(schema: z.ZodType, items: unknown[]) => items.flatMap((item) => {
    const one = schema.safeParse(item);
    return one.success ? [one.data as T] : [];
  });
  const tabs = keep<LocalTab>(LocalTabSchema, parsed.data.tabs);
  const tables = keep<Table>(LocalTableSchema, parsed.data.tables);
  const queries = Object.fromEntries(keep<Query>(LocalQuerySchema, Object.values(parsed.data.queries)).map((q) => [q.id, q]));
  return { tabs, activeTabId: parsed.data.activeTabId, tables, queries };
}

/** Browsers give a site about this much local storage (Superset's LOCALSTORAGE_MAX_USAGE_KB). */
export const LOCALSTORAGE_MAX_USAGE_KB = 5120;
/** Past this share of it, the user is warned (Superset's LOCALSTORAGE_WARNING_THRESHOLD). */
export const LOCALSTORAGE_WARNING_THRESHOLD = 0.9;
/** The warning is not repeated more often than this (Superset's LOCALSTORAGE_WARNING_MESSAGE_THROTTLE_MS). */
export const LOCALSTORAGE_WARNING_THROTTLE_MS = 8000;

/** The warning to show when the stored state (this many characters) nears the browser's quota; null while it is small enough. */
export function localUsageWarning(chars: number): string | null {
  const kb = Math.round(chars / 1024);
  if (kb < LOCALSTORAGE_MAX_USAGE_KB * LOCALSTORAGE_WARNING_THRESHOLD) return null;
  return `SQL Lab keeps its tabs and recent results in this browser, and they now take ${kb} KB of about ${LOCALSTORAGE_MAX_USAGE_KB} KB. ` +
    'Close some query tabs (save the queries you want to keep first) so that new results can still be kept.';
}
