/**
 * Where tab state lives. With backend persistence: a new tab is created on the server first (its
 * id is the tab's id), changes are PUT debounced, a switch activates the tab and loads it the
 * first time, a close deletes it; a 404 removes the tab silently (sql-lab.md §4). Tabs still kept
 * in this browser from before persistence was turned on are migrated to the server on load.
 * Without it: the tabs, their tables and queries are kept in localStorage (local-state.ts).
 */
import { useEffect, useRef, type Dispatch } from 'react';
import { getClientError } from '~/lib/client-error';
import { runMigration, type MigratedTab } from '~/lib/sqllab/local-migration';
import { LOCAL_KEY, LOCALSTORAGE_WARNING_THROTTLE_MS, localUsageWarning, parseLocalState, toJson, toLocalState } from '~/lib/sqllab/local-state';
import type { Action, QueryEditor, SqlLabState } from '~/lib/sqllab/reducer';
import { tablesFromServer, type ServerTable } from '~/lib/sqllab/server-tables';
import { dangerToast, warningToast } from '~/lib/toasts';
import { showToast } from '../toasts';
import { requestJson } from '~/ui/request-json';

export { LOCAL_KEY };
const PUT_DELAY_MS = 600;
/** Local writes are batched: a running query changes the state many times a second. */
const LOCAL_WRITE_DELAY_MS = 400;

type ServerTab = {
  id: number;
  label: string;
  sql: string | null;
  database_id: number | null;
  schema: string | null;
  query_limit: number | null;
  autorun: boolean;
  template_params: string | null;
  hide_left_bar: boolean;
  saved_query: { id: number } | null;
  latest_query: { id: string } | null;
  table_schemas?: ServerTable[];
};

export function editorFromServer(tab: ServerTab): Partial<QueryEditor> & { id: string } {
  return {
    id: String(tab.id),
    name: tab.label,
    sql: tab.sql ?? '',
    dbId: tab.database_id,
    schema: tab.schema,
    ...(tab.query_limit ? { queryLimit: tab.query_limit } : {}),
    autorun: tab.autorun,
    templateParams: tab.template_params ?? '',
    hideLeftBar: tab.hide_left_bar,
    remoteId: tab.saved_query?.id ?? null,
    latestQueryId: tab.latest_query?.id ?? null,
  };
}

function serverFields(tab: QueryEditor): Record<string, unknown> {
  return {
    label: tab.name,
    sql: tab.sql,
    database_id: tab.dbId,
    schema: tab.schema,
    query_limit: tab.queryLimit,
    autorun: tab.autorun,
    template_params: tab.templateParams,
    hide_left_bar: tab.hideLeftBar,
    latest_query_id: tab.latestQueryId,
    saved_query_id: tab.remoteId,
  };
}

const isNotFound = (error: unknown) => error instanceof Response && error.status === 404;

async function toast(error: unknown, what: string) {
  const e = await getClientError(error);
  showToast(dangerToast(`An error occurred while ${what}: ${e.error}`));
}

export function useTabPersistence(persistence: boolean, csrfToken: string, state: SqlLabState, dispatch: Dispatch<Action>) {
  const sent = useRef(new Map<string, string>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  // Remember what the server already holds so the first render PUTs nothing.
  const seeded = useRef(false);
  if (!seeded.current) {
    seeded.current = true;
    for (const tab of state.tabs) if (tab.loaded) sent.current.set(tab.id, JSON.stringify(serverFields(tab)));
  }

  const latestState = useRef(state);
  latestState.current = state;
  const lastWarning = useRef(0);

  // Local persistence: written shortly after changes settle, and at once when the page goes away.
  useEffect(() => {
    if (persistence) return;
    const write = () => {
      const text = toJson(toLocalState(latestState.current, Date.now()));
      try {
        window.localStorage.setItem(LOCAL_KEY, text);
      } catch {
        // storage full or disabled: tabs then last for this page only
      }
      const warning = localUsageWarning(text.length);
      if (warning && Date.now() - lastWarning.current > LOCALSTORAGE_WARNING_THROTTLE_MS) {
        lastWarning.current = Date.now();
        showToast(warningToast(warning, { noDuplicate: true }));
      }
    };
    const timer = setTimeout(write, LOCAL_WRITE_DELAY_MS);
    window.addEventListener('pagehide', write);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', write);
    };
  }, [persistence, state.tabs, state.activeTabId, state.tables, state.queries]);

  useEffect(() => {
    if (!persistence) return;
    for (const tab of state.tabs) {
      if (!tab.loaded) continue;
      const fields = JSON.stringify(serverFields(tab));
      if (sent.current.get(tab.id) === fields) continue;
      const previous = timers.current.get(tab.id);
      if (previous) clearTimeout(previous);
      timers.current.set(tab.id, setTimeout(() => {
        timers.current.delete(tab.id);
        const old = JSON.parse(sent.current.get(tab.id) ?? '{}') as Record<string, unknown>;
        const now = serverFields(tab);
        const changes = Object.fromEntries(Object.entries(now).filter(([k, v]) => JSON.stringify(old[k]) !== JSON.stringify(v)));
        sent.current.set(tab.id, fields);
        requestJson(csrfToken, `/tabstateview/${tab.id}`, { method: 'PUT', body: changes }).catch((error: unknown) => {
          if (isNotFound(error)) dispatch({ type: 'closeTab', id: tab.id });
          else void toast(error, 'storing the tab');
        });
      }, PUT_DELAY_MS));
    }
  }, [persistence, csrfToken, state.tabs, state.activeTabId, dispatch]);

  useEffect(() => () => timers.current.forEach((t) => clearTimeout(t)), []);

  // Tabs left in this browser by local persistence move to the server, once per page load.
  const migrating = useRef(false);
  /** Answers how many tabs moved (0 without backend persistence or without local tabs). */
  const migrateLocalTabs = async (onMigrated: (tabs: MigratedTab[]) => void): Promise<number> => {
    if (!persistence || migrating.current) return 0;
    migrating.current = true;
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(LOCAL_KEY);
    } catch {
      return 0;
    }
    const local = parseLocalState(stored);
    if (!local || local.tabs.length === 0) return 0;
    const send = async (method: 'POST', url: string, body: unknown) => (await requestJson<unknown>(csrfToken, url, { method, body })).body;
    const { migrated, remaining } = await runMigration(local, send, (text) => showToast(warningToast(text)));
    try {
      if (remaining.tabs.length) window.localStorage.setItem(LOCAL_KEY, toJson(remaining));
      else window.localStorage.removeItem(LOCAL_KEY);
    } catch {
      // storage disabled: the next visit tries again
    }
    onMigrated(migrated);
    return migrated.length;
  };

  return {
    migrateLocalTabs,
    /** Marks what the server now holds for a tab, so it is not PUT back. */
    markSent(tab: QueryEditor) {
      sent.current.set(tab.id, JSON.stringify(serverFields(tab)));
    },
    async addTab(fields: Partial<QueryEditor> & { name: string }): Promise<string | null> {
      if (!persistence) return null;
      try {
        const { body } = await requestJson<{ id: number }>(csrfToken, '/tabstateview/', { method: 'POST', body: { queryEditor: { ...fields, title: fields.name } } });
        return String(body.id);
      } catch (error) {
        void toast(error, 'adding a tab');
        throw error;
      }
    },
    async switchTab(tab: QueryEditor) {
      if (!persistence) return;
      try {
        await requestJson(csrfToken, `/tabstateview/${tab.id}/activate`, { method: 'POST' });
        if (!tab.loaded) {
          const { body } = await requestJson<ServerTab>(csrfToken, `/tabstateview/${tab.id}`);
          const changes = editorFromServer(body);
          sent.current.set(tab.id, JSON.stringify(serverFields({ ...tab, ...changes, loaded: true })));
          dispatch({ type: 'tabLoaded', id: tab.id, changes });
          for (const table of tablesFromServer(body.table_schemas)) dispatch({ type: 'mergeTable', table });
        }
      } catch (error) {
        if (isNotFound(error)) dispatch({ type: 'closeTab', id: tab.id });
        else void toast(error, 'setting the active tab');
      }
    },
    closeTab(id: string) {
      if (!persistence) return;
      sent.current.delete(id);
      const timer = timers.current.get(id);
      if (timer) clearTimeout(timer);
      timers.current.delete(id);
      requestJson(csrfToken, `/tabstateview/${id}`, { method: 'DELETE' }).catch((error: unknown) => {
        if (!isNotFound(error)) void toast(error, 'removing a tab');
      });
    },
  };
}
