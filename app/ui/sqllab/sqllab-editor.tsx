/**
 * The hydrated SQL Lab: tabs, left bar, ace editor, results. Mounted only after hydration (the
 * server renders the plain form), so its first state may read localStorage.
 */
import { useLocation, useNavigate } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { readConfirmedQuery } from '~/lib/sqllab/confirmed-query';
import type { MigratedTab } from '~/lib/sqllab/local-migration';
import { LOCAL_MODE_DEFAULT_SQL } from '~/lib/sqllab/local-state';
import type { PageError, RenderedResults, RequestedQuery } from '~/lib/sqllab/page-forms';
import { paneKey, paneSizes } from '~/lib/sqllab/pane-sizes';
import {
  activeTab, latestQuery, newClientId, newEditor, newTabName, sqlLabReducer, type Action, type Query, type QueryEditor,
} from '~/lib/sqllab/reducer';
import { dangerToast } from '~/lib/toasts';
import { showToast } from '../toasts';
import { useShell } from '../use-shell';
import { queryActions } from './query-actions';
import { tabTableActions } from './tab-tables';
import { requestJson } from './api';
import { CtasResult, ctasSelectSql } from './ctas-result';
import { Editor, type Completion, type EditorHandle } from './editor';
import { EditorToolbar } from './editor-toolbar';
import { EstimateDialog } from './estimate-dialog';
import { initialState, type InitialPage } from './initial-state';
import { LeftBar, type DatabaseInfo } from './left-bar';
import { QueryPane } from './query-pane';
import { SaveQueryDialog } from './save-query-dialog';
import { ScheduleDialog } from './schedule-dialog';
import { SplitPanes } from './split-panes';
import { TabsBar } from './tabs-bar';
import { TemplateParamsDialog } from './template-params-dialog';
import { useEditorShortcuts } from './use-editor-shortcuts';
import { useTabPersistence } from './use-tab-persistence';
import { useQueryRunner } from './use-query-runner';

export type EditorPage = InitialPage & {
  bootstrap: { databases: Record<string, DatabaseInfo> };
  limits: number[];
  canCsv: boolean;
  requested: RequestedQuery | null;
  openError: string | null;
};

type Opened = { query: { sql: string; dbId: number | null; schema: string | null }; results: RenderedResults | null; error: PageError | null };
type DialogName = 'save' | 'params' | 'estimate' | 'schedule';

function storePanes(tabId: string, northPercent: number | null) {
  try {
    if (northPercent === null) window.localStorage.removeItem(paneKey(tabId));
    else window.localStorage.setItem(paneKey(tabId), JSON.stringify(paneSizes(northPercent)));
  } catch {
    // storage disabled: the sizes last for this page only
  }
}

export function SqlLabEditor({ page, opened }: { page: EditorPage; opened: Opened | null }) {
  const shell = useShell();
  const csrf = shell?.csrfToken ?? '';
  const dark = shell?.theme === 'dark';
  const navigate = useNavigate();
  const location = useLocation();
  const databases = useMemo(() => Object.values(page.bootstrap.databases), [page.bootstrap.databases]);
  const defaultDb = databases[0]?.id ?? null;
  const [state, dispatch] = useReducer(sqlLabReducer, page, (p) => initialState(p, defaultDb));
  const persist = useTabPersistence(page.persistence, csrf, state, dispatch);
  const runner = useQueryRunner(csrf, state, dispatch, (id) => Boolean(page.bootstrap.databases[String(id)]?.allow_run_async));
  const tab = activeTab(state);
  const query = latestQuery(state, tab);
  const database = tab?.dbId ? (page.bootstrap.databases[String(tab.dbId)] ?? null) : null;
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const editorRef = useRef<EditorHandle>(null);

  const addTab = useCallback(async (fields: Partial<QueryEditor> = {}) => {
    const current = stateRef.current;
    const source = activeTab(current);
    const name = fields.name || newTabName(current.tabs.map((t) => t.name));
    // Without backend persistence a new tab says so in its SQL (sql-lab.md §1).
    const sql = fields.sql ?? (page.persistence ? undefined : LOCAL_MODE_DEFAULT_SQL);
    const tabFields: Partial<QueryEditor> = {
      dbId: source?.dbId ?? defaultDb, schema: source?.schema ?? null, queryLimit: source?.queryLimit ?? page.defaultLimit, ...fields, ...(sql === undefined ? {} : { sql }), name,
    };
    const serverId = await persist.addTab({ ...tabFields, name }).catch(() => undefined);
    if (serverId === undefined) return null;
    const created = newEditor(serverId ?? newClientId(), stateRef.current.tabs, tabFields);
    dispatch({ type: 'addTab', tab: created });
    return created;
  }, [persist, defaultDb, page.defaultLimit, page.persistence]);

  const onMigrated = useCallback((migrated: MigratedTab[]) => {
    const before = stateRef.current.activeTabId;
    for (const m of migrated) {
      const id = String(m.serverId);
      if (!stateRef.current.tabs.some((t) => t.id === id)) {
        const latest = m.queries.at(-1)?.id ?? null;
        const { serverTabId: _s, ...fields } = m.tab;
        const editor = newEditor(id, stateRef.current.tabs, { ...fields, id, loaded: true, latestQueryId: null });
        // The server has the tab as posted; only the latest query is left to store.
        persist.markSent(editor);
        dispatch({ type: 'addTab', tab: { ...editor, latestQueryId: latest } });
        if (typeof m.tab.northPercent === 'number') storePanes(id, m.tab.northPercent);
      }
      for (const table of m.tables) dispatch({ type: 'mergeTable', table });
      dispatch({ type: 'restoreQueries', queries: Object.fromEntries(m.queries.map((q) => [q.id, q])) });
    }
    const back = before ? stateRef.current.tabs.find((t) => t.id === before) : undefined;
    if (back && migrated.length) {
      dispatch({ type: 'switchTab', id: back.id });
      void persist.switchTab(back);
    }
  }, [persist]);

  // First visit, a query to open (saved, shared, past, or posted and confirmed): a new tab.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (page.openError) showToast(dangerToast(page.openError));
    const requested = page.requested;
    const confirmed = readConfirmedQuery(location.state);
    if (confirmed) {
      // Confirmed on the posted-query page: it runs here, once (the confirmation itself ran nothing).
      navigate('/sqllab/', { replace: true, preventScrollReset: true, state: null });
      void addTab({ sql: confirmed.sql, dbId: confirmed.dbId, schema: confirmed.schema }).then((created) => {
        if (created) void runner.run(created);
      });
    } else if (opened) {
      // The no-JavaScript form already ran it (posted before the page hydrated): show, do not run again.
      void addTab({ sql: opened.query.sql, dbId: opened.query.dbId, schema: opened.query.schema }).then((created) => {
        if (created) void runner.show(created, { sql: opened.query.sql, results: opened.results, error: opened.error?.message ?? null });
      });
    } else if (requested) {
      void addTab({
        ...(requested.name ? { name: requested.name } : {}), sql: requested.sql, dbId: requested.dbId, schema: requested.schema, remoteId: requested.remoteId,
        templateParams: requested.templateParams ?? '', autorun: requested.autorun,
      });
      navigate('/sqllab/', { replace: true, preventScrollReset: true });
    }
    // A first visit gets a tab, unless tabs kept in this browser move to the server instead.
    const needsTab = !confirmed && !opened && !requested && stateRef.current.tabs.length === 0;
    void persist.migrateLocalTabs(onMigrated).then((moved) => {
      if (needsTab && moved === 0) void addTab();
    });
  }, [page, opened, addTab, navigate, runner, location.state, persist, onMigrated]);

  // Autorun: a tab runs its query the first time it is open and loaded in this page (a lazily
  // loaded tab once its state has arrived); the flag stays on for the next visit.
  const seen = useRef(new Set<string>());
  useEffect(() => {
    if (!tab || !tab.loaded || seen.current.has(tab.id)) return;
    seen.current.add(tab.id);
    if (tab.autorun) void runner.run(tab);
  }, [tab, runner]);

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
  const [previewId, setPreviewId] = useState<string | null>(null);
  const run = (options: Parameters<typeof runner.run>[1] = {}) => {
    if (!tab) return;
    setPreviewId(null);
    void runner.run(tab, options);
  };
  const commands = {
    run: () => run(),
    format: () => void format(),
    stop: () => void runner.stop(query),
    newTab: () => void addTab(),
    runStatement: (statementSql: string) => run({ sql: statementSql }),
  };
  useEditorShortcuts(commands, dialog !== null);

  const switchTab = (id: string) => {
    const target = state.tabs.find((t) => t.id === id);
    dispatch({ type: 'switchTab', id });
    if (target) void persist.switchTab(target);
  };
  const closeTab = (id: string) => {
    persist.closeTab(id);
    storePanes(id, null);
    dispatch({ type: 'closeTab', id });
  };
  const closeOthers = (id: string) => {
    for (const t of state.tabs) {
      if (t.id === id) continue;
      persist.closeTab(t.id);
      storePanes(t.id, null);
    }
    dispatch({ type: 'closeOtherTabs', id });
  };
  const resize = (northPercent: number) => {
    if (!tab) return;
    update(paneSizes(northPercent));
    storePanes(tab.id, northPercent);
  };

  const tableActions = tabTableActions({ csrf, persistence: page.persistence, databases: page.bootstrap.databases, dispatch, run: runner.run });
  const shownQuery: Query | null = (previewId && state.queries[previewId]) || query;

  // Results dropped from local persistence (too old or too big) are fetched again by key when shown.
  const refetched = useRef(new Set<string>());
  useEffect(() => {
    if (!shownQuery || shownQuery.ctas || shownQuery.state !== 'success' || shownQuery.results || !shownQuery.resultsKey || refetched.current.has(shownQuery.id)) return;
    refetched.current.add(shownQuery.id);
    void runner.fetchResults(shownQuery);
  }, [shownQuery, runner]);

  const actions = queryActions(csrf, dispatch);
  const copyToNewTab = () => {
    if (!tab) return;
    void addTab({ name: `Copy of ${tab.name}`, sql: tab.sql, dbId: tab.dbId, schema: tab.schema, templateParams: tab.templateParams, queryLimit: tab.queryLimit });
  };
  const queryCreatedTable = (q: Query) => void addTab({ sql: ctasSelectSql(q), dbId: q.dbId, schema: q.tempSchema ?? q.schema });

  const running = Boolean(query && ['running', 'pending', 'fetching'].includes(query.state));
  const ctasDone = shownQuery?.ctas && shownQuery.state === 'success';
  return (
    <section aria-labelledby="sqllab-title" className="space-y-3">
      <h1 id="sqllab-title" className="sr-only">SQL Lab</h1>
      <TabsBar tabs={state.tabs} activeId={state.activeTabId} onSwitch={switchTab} onAdd={commands.newTab} onClose={closeTab} onCloseOthers={closeOthers}
        onRename={(id, name) => dispatch({ type: 'renameTab', id, name })} />
      {tab && (
        <div className="flex gap-4">
          {!tab.hideLeftBar && (
            <LeftBar csrfToken={csrf} tab={tab} databases={databases} tables={tables} onChange={update} onAddTable={(n) => void tableActions.addTable(tab, n)}
              onToggleTable={tableActions.toggleTable} onRemoveTable={tableActions.removeTable} onPreview={(t) => setPreviewId(t.dataPreviewQueryId)} />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <EditorToolbar tab={tab} database={database} running={running} limits={page.limits} onChange={update} actions={{
              run: commands.run, stop: commands.stop, format: commands.format, runStatement: () => editorRef.current?.runStatement(),
              runAs: (method, table) => run({ ctas: { method, table } }),
              estimate: () => {
                setDialog('estimate');
                void runner.estimate(tab);
              },
              editParams: () => setDialog('params'), save: () => setDialog('save'), schedule: () => setDialog('schedule'), share: () => void actions.share(tab), copyToNewTab,
            }} />
            <SplitPanes northPercent={tab.northPercent} onResize={resize}
              north={
                <div className="min-h-0 flex-1">
                  <Editor ref={editorRef} key={tab.id} tabId={tab.id} sql={tab.sql} dark={dark} completions={completions} commands={commands}
                    dbId={tab.dbId} schema={tab.schema} backend={database?.backend ?? null}
                    onChange={(sql) => update({ sql })} onSelect={(selectedText) => update({ selectedText })} />
                </div>
              }
              south={shownQuery && (
                ctasDone ? <CtasResult query={shownQuery} onQueryInNewTab={() => queryCreatedTable(shownQuery)} /> : <QueryPane query={shownQuery} canCsv={page.canCsv} tabName={tab.name} />
              )}
            />
          </div>
        </div>
      )}
      {tab && (
        <>
          <SaveQueryDialog open={dialog === 'save'} name={tab.name} isUpdate={Boolean(tab.remoteId)} onClose={() => setDialog(null)} onSave={async (fields) => {
            if (await actions.save(tab, fields)) setDialog(null);
          }} />
          <TemplateParamsDialog open={dialog === 'params'} value={tab.templateParams} onClose={() => setDialog(null)} onSave={(templateParams) => {
            update({ templateParams });
            setDialog(null);
          }} />
          <EstimateDialog estimate={dialog === 'estimate' ? (state.costEstimates[tab.id] ?? null) : null} onClose={() => setDialog(null)} />
          <ScheduleDialog open={dialog === 'schedule'} name={tab.name} onClose={() => setDialog(null)} onSchedule={(form) => actions.schedule(tab, form)} />
        </>
      )}
    </section>
  );
}

export type { Action };
