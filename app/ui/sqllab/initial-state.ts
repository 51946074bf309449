/**
 * The editor's first state, in the browser: with backend persistence the bootstrap's tabs (the
 * active one in full, the others to load on first switch) and the queries they ran; without it
 * what localStorage kept (tabs, their tables and queries). Either way a tab's latest query comes
 * back without its rows: the editor fetches them again by results key when it shows them, as
 * Superset does. Each tab's pane sizes come from their own localStorage key.
 */
import { parseLocalState, LOCAL_KEY, type LocalTab } from '~/lib/sqllab/local-state';
import { paneKey, parsePaneSizes } from '~/lib/sqllab/pane-sizes';
import { emptyState, sqlLabReducer, type QueryEditor, type SqlLabState } from '~/lib/sqllab/reducer';
import { tablesFromServer } from '~/lib/sqllab/server-tables';
import type { QueryResultDict } from '~/lib/sqllab-api';
import { queryFromServer } from './use-query-runner';
import { editorFromServer } from './use-tab-persistence';

type ServerTab = Parameters<typeof editorFromServer>[0];

export type InitialPage = {
  bootstrap: { active_tab: ServerTab | null; tab_state_ids: { id: number; label: string }[]; queries: Record<string, QueryResultDict> };
  persistence: boolean;
  defaultLimit: number;
};

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The tab's stored pane sizes, if any. */
export function storedPanes(tabId: string): Partial<QueryEditor> {
  return parsePaneSizes(readStorage(paneKey(tabId))) ?? {};
}

/** A stored local tab as editor fields: what it lacks takes the defaults. */
export function fieldsOfLocalTab(tab: LocalTab): Partial<QueryEditor> & { id: string } {
  const { serverTabId: _migrating, ...fields } = tab;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<QueryEditor> & { id: string };
}

export function initialState(page: InitialPage, defaultDb: number | null): SqlLabState {
  let state = emptyState();
  const add = (tab: Partial<QueryEditor> & { id: string }) => {
    state = sqlLabReducer(state, { type: 'addTab', tab: { dbId: defaultDb, queryLimit: page.defaultLimit, ...tab, ...storedPanes(tab.id) } });
  };
  if (page.persistence) {
    const active = page.bootstrap.active_tab;
    for (const t of page.bootstrap.tab_state_ids) {
      if (active && t.id === active.id) add({ ...editorFromServer(active), loaded: true });
      else add({ id: String(t.id), name: t.label, loaded: false });
    }
    // The active tab's tables first: their preview queries are kept by restoreQueries only once their tables are known.
    for (const table of tablesFromServer(active?.table_schemas)) state = sqlLabReducer(state, { type: 'mergeTable', table });
    const queries = Object.fromEntries(Object.values(page.bootstrap.queries).map((q) => [q.id, queryFromServer(q)]));
    state = sqlLabReducer(state, { type: 'restoreQueries', queries });
    if (active) state = sqlLabReducer(state, { type: 'switchTab', id: String(active.id) });
    return state;
  }
  const saved = parseLocalState(readStorage(LOCAL_KEY));
  if (!saved) return state;
  for (const tab of saved.tabs) add(fieldsOfLocalTab(tab));
  for (const table of saved.tables) state = sqlLabReducer(state, { type: 'mergeTable', table });
  state = sqlLabReducer(state, { type: 'restoreQueries', queries: saved.queries });
  if (saved.activeTabId) state = sqlLabReducer(state, { type: 'switchTab', id: saved.activeTabId });
  return state;
}
