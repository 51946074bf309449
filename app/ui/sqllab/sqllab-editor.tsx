/**
 * The hydrated SQL Lab: tabs, left bar, ace editor, results, in the layout the server-rendered
 * page already showed (sqllab-frame.tsx). Mounted only after hydration, so its first state may
 * read localStorage; what was typed into the server's textarea before then becomes the active
 * tab's SQL.
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
  activeTab, latestQuery, newClientId, newEditor, sqlLabReducer, type Action, type Query, type QueryEditor,
} from '~/lib/sqllab/reducer';
import { dangerToast } from '~/lib/toasts';
import { showToast } from '../toasts';
import { useShell } from '../use-shell';
import { queryActions } from './query-actions';
import { tabTableActions } from './tab-tables';
import { requestJson } from '~/ui/request-json';
import { CtasResult, ctasSelectSql } from './ctas-result';
import { Editor, type Completion, type EditorHandle } from './editor';
import { EditorToolbar } from './editor-toolbar';
import { EstimateDialog } from './estimate-dialog';
import { initialState, type InitialPage } from './initial-state';
import { LeftBar, type DatabaseInfo } from './left-bar';
import { QueryPane, ResultsTabs } from './query-pane';
import { SaveQueryDialog } from './save-query-dialog';
import { ScheduleDialog } from './schedule-dialog';
import { SplitPanes } from './split-panes';
import { LEFT_BAR_OVERLAY_CLASS, SqlLabFrame } from './sqllab-frame';
import { takeTypedFields } from './static-sqllab';
import { nextTabName } from './tab-names';
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
  // Names of tabs asked for and not yet stored: a second Alt+T must not take the first one's name.
  const pendingNames = useRef<string[]>([]);
  const [typedFields] = useState(takeTypedFields);

  const addTab = useCallback(async (fields: Partial<QueryEditor> = {}) => {
    const current = stateRef.current;
    const source = activeTab(current);
    const name = nextTabName(fields.name, [...current.tabs.map((t) => t.name), ...pendingNames.current]);
    pendingNames.current.push(name);
    // Without backend persistence a new tab says so in its SQL (sql-lab.md §1).
    const sql = fields.sql ?? (page.persistence ? undefined : LOCAL_MODE_DEFAULT_SQL);
    const tabFields: Partial<QueryEditor> = {
      dbId: source?.dbId ?? defaultDb, schema: source?.schema ?? null, queryLimit: source?.queryLimit ?? page.defaultLimit, northPercent: NEW_TAB_NORTH_PERCENT,
      ...fields, ...(sql === undefined ? {} : { sql }), name,
    };
    const serverId = await persist.addTab({ ...tabFields, name }).catch(() => undefined);
    pendingNames.current = pendingNames.current.filter((n) => n !== name);
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
    // Typed before hydration into the server's textarea: the SQL of the tab the page opens on.
    const typed: Partial<QueryEditor> = typedFields ?? {};
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
        templateParams: requested.templateParams ?? '', autorun: requested.autorun, ...typed,
      });
      navigate('/sqllab/', { replace: true, preventScrollReset: true });
    }
    // A first visit gets a tab, unless tabs kept in this browser move to the server instead.
    const needsTab = !confirmed && !opened && !requested && stateRef.current.tabs.length === 0;
    const shown = activeTab(stateRef.current);
    if (typedFields !== null && !needsTab && !requested && !confirmed && !opened && shown) dispatch({ type: 'updateTab', id: shown.id, changes: typed });
    void persist.migrateLocalTabs(onMigrated).then((moved) => {
      if (needsTab && moved === 0) void addTab(typed);
    });
  }, [page, opened, addTab, navigate, runner, location.state, persist, onMigrated, typedFields]);

  // Autorun: a tab runs its query the first time it is open and loaded in this page (a lazily
  // loaded tab once its state has arrived); the flag stays on for the next visit.
  const seen = useRef(new Set<string>());
  useEffect(() => {
    if (!tab || !tab.loaded || seen.current.has(tab.id)) return;
    seen.current.add(tab.id);
    if (tab.autorun) void runner.run(tab);
  }, [tab, runner]);

  const update = (changes: Partial<QueryEditor>) => tab && dispatch({ type: 'updateTab', id: tab.id, changes });
  // Below 768 px the left bar starts closed whatever the tab says, and opens over the editor.
  const narrow = useNarrowScreen();
  const [narrowLeftBar, setNarrowLeftBar] = useState(false);
  const leftBarShown = Boolean(tab && !tab.hideLeftBar && (!narrow || narrowLeftBar));
  const toggleLeftBar = () => {
    if (!tab) return;
    if (narrow) {
      if (tab.hideLeftBar) update({ hideLeftBar: false });
      setNarrowLeftBar(!leftBarShown);
    } else {
      update({ hideLeftBar: !tab.hideLeftBar });
    }
  };
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

  // A previewed table whose preview query is gone (a tab loaded later, or a query removed): run
  // the preview again, as Superset does, and keep the new query's id with the table.
  const rerunPreviews = useRef(new Set<string>());
  useEffect(() => {
    if (!tab?.loaded) return;
    for (const t of tables) {
      if (!t.dataPreviewQueryId || state.queries[t.dataPreviewQueryId] || !t.selectStar || rerunPreviews.current.has(t.id)) continue;
      rerunPreviews.current.add(t.id);
      void runner.run(tab, { sql: t.selectStar, isDataPreview: true, tableName: t.name }).then(async (previewId) => {
        if (!previewId) return;
        const table = { ...t, dataPreviewQueryId: previewId };
        dispatch({ type: 'mergeTable', table });
        if (!page.persistence) return;
        const { remoteId: _old, ...posted } = table;
        const { body } = await requestJson<{ id: number }>(csrf, '/tableschemaview/', { method: 'POST', body: { table: posted } }).catch(() => ({ body: null }));
        if (body) dispatch({ type: 'mergeTable', table: { ...table, remoteId: body.id } });
      });
    }
  }, [tab, tables, state.queries, runner, csrf, page.persistence]);

  const actions = queryActions(csrf, dispatch);
  const copyToNewTab = () => {
    if (!tab) return;
    void addTab({ name: `Copy of ${tab.name}`, sql: tab.sql, dbId: tab.dbId, schema: tab.schema, templateParams: tab.templateParams, queryLimit: tab.queryLimit });
  };
  const queryCreatedTable = (q: Query) => void addTab({ sql: ctasSelectSql(q), dbId: q.dbId, schema: q.tempSchema ?? q.schema });

  const running = Boolean(query && ['running', 'pending', 'fetching'].includes(query.state));
  const ctasDone = query?.ctas && query.state === 'success';
  // Each previewed table gets a results tab of its own, labelled with its name (as Superset's "Preview: <table>").
  const previews = tables.flatMap((t) => (t.dataPreviewQueryId ? [{ id: t.dataPreviewQueryId, tableName: t.name, query: state.queries[t.dataPreviewQueryId] ?? null }] : []));
  const tabsBar = (
    <TabsBar tabs={state.tabs} activeId={state.activeTabId} onSwitch={switchTab} onAdd={commands.newTab} onClose={closeTab} onCloseOthers={closeOthers}
      onRename={(id, name) => dispatch({ type: 'renameTab', id, name })} />
  );
  return (
    <>
      <SqlLabFrame
        tabs={tabsBar}
        leftBar={tab && !tab.hideLeftBar ? (
          <LeftBar className={leftBarShown ? LEFT_BAR_OVERLAY_CLASS : 'hidden'} csrfToken={csrf} tab={tab} databases={databases} tables={tables} onChange={update}
            onAddTable={(n) => void tableActions.addTable(tab, n)} onToggleTable={tableActions.toggleTable} onRemoveTable={tableActions.removeTable}
            onPreview={(t) => setPreviewId(t.dataPreviewQueryId)} />
        ) : null}
        toolbar={tab ? (
          <EditorToolbar tab={tab} database={database} running={running} limits={page.limits} leftBarShown={leftBarShown} onChange={update} actions={{
            run: commands.run, stop: commands.stop, format: commands.format, runStatement: () => editorRef.current?.runStatement(),
            runAs: (method, table) => run({ ctas: { method, table } }),
            estimate: () => {
              setDialog('estimate');
              void runner.estimate(tab);
            },
            editParams: () => setDialog('params'), save: () => setDialog('save'), schedule: () => setDialog('schedule'), share: () => void actions.share(tab), copyToNewTab,
            toggleLeftBar,
          }} />
        ) : null}
        panes={tab ? (
          <SplitPanes northPercent={tab.northPercent} onResize={resize}
            north={
              <div className="min-h-0 flex-1">
                <Editor ref={editorRef} key={tab.id} tabId={tab.id} sql={tab.sql} dark={dark} completions={completions} commands={commands}
                  dbId={tab.dbId} schema={tab.schema} backend={database?.backend ?? null}
                  onChange={(sql) => update({ sql })} onSelect={(selectedText) => update({ selectedText })} />
              </div>
            }
            south={(query || previews.length > 0) && (
              <ResultsTabs previews={previews} selectedId={previewId} onSelect={setPreviewId} canCsv={page.canCsv} results={query && (
                ctasDone ? <CtasResult query={query} onQueryInNewTab={() => queryCreatedTable(query)} /> : <QueryPane query={query} canCsv={page.canCsv} tabName={tab.name} />
              )} />
            )}
          />
        ) : (
          // The first tab is being created: the panes keep their place meanwhile.
          <SplitPanes northPercent={NEW_TAB_NORTH_PERCENT} north={<div className="min-h-32 flex-1 rounded-md border border-slate-300 dark:border-slate-700" />} south={null} />
        )}
      />
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
    </>
  );
}

/** A new tab splits the window evenly between editor and results (the server-rendered page too). */
export const NEW_TAB_NORTH_PERCENT = 50;

const NARROW = '(max-width: 767px)';

/** Whether the window is narrower than Tailwind's md breakpoint, following it as it changes. */
function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const change = () => setNarrow(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return narrow;
}

export type { Action };
