/**
 * The hydrated SQL Lab: tabs, left bar, ace editor, results. Mounted only after hydration (the
 * server renders the plain form), so its first state may read localStorage.
 */
import { useNavigate } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import type { PageError, RenderedResults, RequestedQuery } from '~/lib/sqllab/page-forms';
import {
  activeTab, emptyState, latestQuery, newClientId, newEditor, newTabName, sqlLabReducer, type Action, type QueryEditor, type SqlLabState, type Table,
} from '~/lib/sqllab/reducer';
import { saveRequest } from '~/lib/sqllab/saved-query-mapping';
import { dangerToast, successToast } from '~/lib/toasts';
import { showToast } from '../Toasts';
import { useShell } from '../use-shell';
import { requestJson } from './api';
import { Editor, type Completion } from './Editor';
import { LeftBar, type DatabaseInfo } from './LeftBar';
import { QueryPane } from './QueryPane';
import { SaveQueryDialog } from './SaveQueryDialog';
import { buttonClass, inputClass, secondaryButtonClass } from './StaticSqlLab';
import { TabsBar } from './TabsBar';
import { editorFromServer, LOCAL_KEY, useTabPersistence } from './use-tab-persistence';
import { useQueryRunner } from './use-query-runner';

type ServerTab = Parameters<typeof editorFromServer>[0];

export type EditorPage = {
  bootstrap: { databases: Record<string, DatabaseInfo>; active_tab: ServerTab | null; tab_state_ids: { id: number; label: string }[] };
  persistence: boolean;
  defaultLimit: number;
  limits: number[];
  canCsv: boolean;
  requested: RequestedQuery | null;
  openError: string | null;
};

type Opened = { query: { sql: string; dbId: number | null; schema: string | null }; results: RenderedResults | null; error: PageError | null };

function initialState(page: EditorPage, defaultDb: number | null): SqlLabState {
  let state = emptyState();
  const add = (tab: Partial<QueryEditor> & { id: string }) => {
    state = sqlLabReducer(state, { type: 'addTab', tab: { dbId: defaultDb, queryLimit: page.defaultLimit, ...tab } });
  };
  if (page.persistence) {
    const active = page.bootstrap.active_tab;
    for (const t of page.bootstrap.tab_state_ids) {
      if (active && t.id === active.id) add({ ...editorFromServer(active), loaded: true });
      else add({ id: String(t.id), name: t.label, loaded: false });
    }
    if (active) state = sqlLabReducer(state, { type: 'switchTab', id: String(active.id) });
    return state;
  }
  try {
    const saved = JSON.parse(window.localStorage.getItem(LOCAL_KEY) ?? 'null') as { tabs: QueryEditor[]; activeTabId: string | null } | null;
    for (const tab of saved?.tabs ?? []) add(tab);
    if (saved?.activeTabId) state = sqlLabReducer(state, { type: 'switchTab', id: saved.activeTabId });
  } catch {
    // unreadable local state: start fresh
  }
  return state;
}

export function SqlLabEditor({ page, opened }: { page: EditorPage; opened: Opened | null }) {
  const shell = useShell();
  const csrf = shell?.csrfToken ?? '';
  const dark = shell?.theme === 'dark';
  const navigate = useNavigate();
  const databases = useMemo(() => Object.values(page.bootstrap.databases), [page.bootstrap.databases]);
  const defaultDb = databases[0]?.id ?? null;
  const [state, dispatch] = useReducer(sqlLabReducer, page, (p) => initialState(p, defaultDb));
  const persist = useTabPersistence(page.persistence, csrf, state, dispatch);
  const runner = useQueryRunner(csrf, state, dispatch, (id) => Boolean(page.bootstrap.databases[String(id)]?.allow_run_async));
  const tab = activeTab(state);
  const query = latestQuery(state, tab);
  const [saving, setSaving] = useState(false);
  const stateRef = useRef(state);
  stateRef.current = state;

  const addTab = useCallback(async (fields: Partial<QueryEditor> = {}) => {
    const current = stateRef.current;
    const source = activeTab(current);
    const name = fields.name || newTabName(current.tabs.map((t) => t.name));
    const tabFields: Partial<QueryEditor> = { dbId: source?.dbId ?? defaultDb, schema: source?.schema ?? null, queryLimit: source?.queryLimit ?? page.defaultLimit, ...fields, name };
    const serverId = await persist.addTab({ ...tabFields, name }).catch(() => undefined);
    if (serverId === undefined) return null;
    const created = newEditor(serverId ?? newClientId(), stateRef.current.tabs, tabFields);
    dispatch({ type: 'addTab', tab: created });
    return created;
  }, [persist, defaultDb, page.defaultLimit]);

  // First visit, a query to open (saved, shared, past), or one posted and confirmed: a new tab.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (page.openError) showToast(dangerToast(page.openError));
    const requested = page.requested;
    if (opened) {
      void addTab({ sql: opened.query.sql, dbId: opened.query.dbId, schema: opened.query.schema }).then((created) => {
        if (created) void runner.run(created);
      });
    } else if (requested) {
      void addTab({ ...(requested.name ? { name: requested.name } : {}), sql: requested.sql, dbId: requested.dbId, schema: requested.schema, remoteId: requested.remoteId, templateParams: requested.templateParams ?? '' });
      navigate('/sqllab/', { replace: true, preventScrollReset: true });
    } else if (stateRef.current.tabs.length === 0) {
      void addTab();
    }
  }, [page, opened, addTab, navigate, runner]);

  const update = (changes: Partial<QueryEditor>) => tab && dispatch({ type: 'updateTab', id: tab.id, changes });
  const tables = state.tables.filter((t) => t.queryEditorId === tab?.id);
  const completions = useMemo<Completion[]>(() => tables.flatMap((t) => [{ value: t.name, meta: 'table' }, ...t.columns.map((c) => ({ value: c.name, meta: 'column' }))]), [tables]);

  const format = async () => {
    if (!tab) return;
    try {
      const { body } = await requestJson<{ result: string }>(csrf, '/api/v1/sqllab/format_sql/', { method: 'POST', body: { sql: tab.sql } });
      dispatch({ type: 'updateTab', id: tab.id, changes: { sql: body.result } });
    } catch (error) {
      showToast(dangerToast((await getClientError(error)).error));
    }
  };
  const commands = {
    run: () => tab && void runner.run(tab),
    format: () => void format(),
    stop: () => void runner.stop(query),
    newTab: () => void addTab(),
  };

  const switchTab = (id: string) => {
    const target = state.tabs.find((t) => t.id === id);
    dispatch({ type: 'switchTab', id });
    if (target) void persist.switchTab(target);
  };
  const closeTab = (id: string) => {
    persist.closeTab(id);
    dispatch({ type: 'closeTab', id });
  };
  const closeOthers = (id: string) => {
    for (const t of state.tabs) if (t.id !== id) persist.closeTab(t.id);
    dispatch({ type: 'closeOtherTabs', id });
  };

  const addTable = async (name: string) => {
    if (!tab?.dbId) return;
    const id = newClientId();
    const base = { id, dbId: tab.dbId, queryEditorId: tab.id, schema: tab.schema, name };
    dispatch({ type: 'mergeTable', table: base });
    try {
      const path = tab.schema ? `table/${encodeURIComponent(name)}/${encodeURIComponent(tab.schema)}/` : `table_metadata/?name=${encodeURIComponent(name)}`;
      const { body } = await requestJson<Pick<Table, 'columns' | 'selectStar' | 'primaryKey' | 'foreignKeys' | 'indexes'>>(csrf, `/api/v1/database/${tab.dbId}/${path}`);
      let previewId: string | null = null;
      if (!page.bootstrap.databases[String(tab.dbId)]?.disable_data_preview && body.selectStar) {
        previewId = await runner.run(tab, { sql: body.selectStar, isDataPreview: true, tableName: name });
      }
      const table = { ...base, ...body, isMetadataLoading: false, dataPreviewQueryId: previewId };
      dispatch({ type: 'mergeTable', table });
      if (page.persistence) {
        const { body: saved } = await requestJson<{ id: number }>(csrf, '/tableschemaview/', { method: 'POST', body: { table: { ...table, expanded: true } } });
        dispatch({ type: 'mergeTable', table: { ...table, remoteId: saved.id } });
      }
    } catch (error) {
      showToast(dangerToast(`An error occurred while fetching table metadata: ${(await getClientError(error)).error}`));
    }
  };
  const toggleTable = (t: Table) => {
    dispatch({ type: t.expanded ? 'collapseTable' : 'expandTable', id: t.id });
    if (page.persistence && t.remoteId) {
      requestJson(csrf, `/tableschemaview/${t.remoteId}/expanded`, { method: 'POST', body: { expanded: !t.expanded } })
        .catch(() => showToast(dangerToast(`An error occurred while ${t.expanded ? 'collapsing' : 'expanding'} the table schema`)));
    }
  };
  const removeTable = (t: Table) => {
    dispatch({ type: 'removeTables', ids: [t.id] });
    if (page.persistence && t.remoteId) {
      requestJson(csrf, `/tableschemaview/${t.remoteId}`, { method: 'DELETE' }).catch(() => showToast(dangerToast('An error occurred while removing the table schema')));
    }
  };
  const [previewId, setPreviewId] = useState<string | null>(null);
  const shownQuery = (previewId && state.queries[previewId]) || query;

  const save = async ({ name, description, asNew }: { name: string; description: string; asNew: boolean }) => {
    if (!tab) return;
    const request = saveRequest({ remoteId: asNew ? null : tab.remoteId, dbId: tab.dbId, name, sql: tab.sql, schema: tab.schema, description, templateParams: tab.templateParams || null });
    try {
      const { body } = await requestJson<{ id: number }>(csrf, request.url, { method: request.method, body: request.body });
      dispatch({ type: 'updateTab', id: tab.id, changes: { name, remoteId: request.method === 'POST' ? body.id : tab.remoteId } });
      showToast(successToast(request.method === 'POST' ? 'Your query was saved' : 'Your query was updated'));
      setSaving(false);
    } catch {
      showToast(dangerToast(request.method === 'POST' ? 'Your query could not be saved' : 'Your query could not be updated'));
    }
  };
  const share = async () => {
    if (!tab?.dbId) return;
    try {
      const { body } = await requestJson<{ url: string }>(csrf, '/api/v1/sqllab/permalink', {
        method: 'POST', body: { dbId: tab.dbId, name: tab.name, sql: tab.sql, schema: tab.schema, autorun: tab.autorun, templateParams: tab.templateParams || null },
      });
      await navigator.clipboard.writeText(body.url);
      showToast(successToast('Link Copied!'));
    } catch (error) {
      showToast(dangerToast(error instanceof Response ? (await getClientError(error)).error : 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!'));
    }
  };

  const running = query && ['running', 'pending', 'fetching'].includes(query.state);
  return (
    <section aria-labelledby="sqllab-title" className="space-y-3">
      <h1 id="sqllab-title" className="sr-only">SQL Lab</h1>
      <TabsBar tabs={state.tabs} activeId={state.activeTabId} onSwitch={switchTab} onAdd={commands.newTab} onClose={closeTab} onCloseOthers={closeOthers}
        onRename={(id, name) => dispatch({ type: 'renameTab', id, name })} />
      {tab && (
        <div className="flex gap-4">
          {!tab.hideLeftBar && (
            <LeftBar csrfToken={csrf} tab={tab} databases={databases} tables={tables} onChange={update} onAddTable={(n) => void addTable(n)}
              onToggleTable={toggleTable} onRemoveTable={removeTable} onPreview={(t) => setPreviewId(t.dataPreviewQueryId)} />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <Editor key={tab.id} tabId={tab.id} sql={tab.sql} dark={dark} completions={completions} commands={commands}
              onChange={(sql) => update({ sql })} onSelect={(selectedText) => update({ selectedText })} />
            <div className="flex flex-wrap items-center gap-2">
              {running ? (
                <button type="button" onClick={commands.stop} className={buttonClass}>Stop</button>
              ) : (
                <button type="button" onClick={() => { setPreviewId(null); commands.run(); }} className={buttonClass} title="Ctrl/Cmd+Enter">
                  {tab.selectedText ? 'Run selection' : 'Run'}
                </button>
              )}
              <label className="flex items-center gap-2 text-sm">
                <span>Limit</span>
                <select value={tab.queryLimit} onChange={(e) => update({ queryLimit: Number(e.target.value) })} className={inputClass.replace('mt-1 block w-full', '')}>
                  {page.limits.map((n) => <option key={n} value={n}>{n.toLocaleString('en-US')}</option>)}
                </select>
              </label>
              <button type="button" onClick={commands.format} className={secondaryButtonClass} title="Ctrl/Cmd+Shift+F">Format SQL</button>
              <button type="button" onClick={() => update({ hideLeftBar: !tab.hideLeftBar })} className={secondaryButtonClass}>{tab.hideLeftBar ? 'Show' : 'Hide'} left bar</button>
              <span className="flex-1" />
              <button type="button" onClick={() => setSaving(true)} className={secondaryButtonClass}>Save</button>
              <button type="button" onClick={() => void share()} className={secondaryButtonClass}>Copy link</button>
            </div>
            {shownQuery && <QueryPane query={shownQuery} canCsv={page.canCsv} />}
          </div>
        </div>
      )}
      {tab && <SaveQueryDialog open={saving} name={tab.name} isUpdate={Boolean(tab.remoteId)} onClose={() => setSaving(false)} onSave={save} />}
    </section>
  );
}

export type { Action };
