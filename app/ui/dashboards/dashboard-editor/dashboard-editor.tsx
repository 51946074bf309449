/**
 * The dashboard in edit mode (decision 010), loaded with import() after hydration when the page
 * was opened with ?edit=true by someone who may edit. It holds the layout's history (the layout
 * module's reducer: every step undoable), the dashboard's properties, the charts and their
 * drawings, and gives them to the editable layout, the side panel, the toolbar and the dialogs
 * through DashboardEditorContext (contract.ts). The view's context is given again with the
 * edited layout, so components shared with view mode draw what is being edited.
 */
import { useLocation, useNavigate } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { activeTabsShowing, canRedo, canUndo, newIdSeed, resolveActiveTabs } from '~/lib/dashboard/layout';
import { createToast, type ToastType } from '~/lib/toasts';
import { CssEditorDialog } from '~/ui/dashboards/css/css-editor-dialog';
import { styleText } from '~/ui/dashboards/dashboard-view/chart-requests';
import { DashboardViewContext, useDashboardView, type DashboardView } from '~/ui/dashboards/dashboard-view/context';
import type { DashboardPageView } from '~/ui/dashboards/dashboard-view/dashboard-page';
import { useLazyDialog } from '~/ui/dashboards/dashboard-view/use-lazy-dialog';
import type { FilterConfigSaved } from '~/ui/dashboards/filter-config/filter-config-modal';
import { PropertiesDialog } from '~/ui/dashboards/properties/properties-dialog';
import { showToast } from '~/ui/toasts';
import { useShell } from '~/ui/use-shell';
import { DashboardEditorContext, type DashboardEditor as Editor, type DashboardProperties, type EditAction } from './contract';
import { DeleteDialog } from './delete-dialog';
import { DiscardDialog } from './discard-dialog';
import { EditableLayout } from './editable-layout';
import { historyKeyOf } from './editor-keys';
import { editorReducer, initEditorState, withSeed } from './editor-state';
import { EditorToolbar } from './editor-toolbar';
import { OverwriteDialog } from './overwrite-dialog';
import { SaveAsDialog } from './save-as-dialog';
import { dashboardPathAfterSave, propertiesChanged, titleToSave, withStoredNativeFilters } from './save-dashboard';
import { SidePanel } from './side-panel';
import { useDashboardActions } from './use-dashboard-actions';
import { useEditorCharts } from './use-editor-charts';

const TOAST_TYPES: Record<Parameters<Editor['toast']>[0], ToastType> = {
  success: 'SUCCESS_TOAST',
  info: 'INFO_TOAST',
  warning: 'WARNING_TOAST',
  danger: 'DANGER_TOAST',
};

type Dialog = 'properties' | 'css' | 'saveAs' | 'delete' | 'discard' | null;

/** The properties edit mode starts from: the loader's, or (should it have sent none) what the page knows. */
function startingProperties(page: DashboardPageView): DashboardProperties {
  return page.editing?.properties ?? {
    dashboard_title: page.dashboard.title,
    slug: page.dashboard.slug ?? '',
    owners: [],
    roles: [],
    certified_by: '',
    certification_details: '',
    json_metadata: '{}',
    css: page.css,
  };
}

export default function DashboardEditor({ page }: { page: DashboardPageView }) {
  const view = useDashboardView();
  const shell = useShell();
  const csrfToken = shell?.csrfToken ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const dashboardId = page.dashboard.id;

  const [state, dispatch] = useReducer(editorReducer, page.layout, initEditorState);
  const { history } = state;
  const layout = history.present;
  const [properties, setProperties] = useState<DashboardProperties>(() => startingProperties(page));
  const [saved, setSaved] = useState(() => ({ properties: startingProperties(page), lastModifiedTime: page.editing?.lastModifiedTime ?? Number.NaN }));
  const [published, setPublishedState] = useState(page.dashboard.published);
  const [requestedTabs, setRequestedTabs] = useState<string[]>(() => [...view.activeTabs]);
  const activeTabs = useMemo(() => resolveActiveTabs(layout, requestedTabs), [layout, requestedTabs]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const unsaved = history.hasUnsavedChanges || propertiesChanged(properties, saved.properties);
  const filterConfig = useLazyDialog(() => import('~/ui/dashboards/filter-config/filter-config-modal'));
  // The modal stored the filters already: the editor's metadata (edited and saved copies alike) takes
  // them, and the stored time they match, so its own Save neither puts the loaded filters back nor
  // asks to overwrite the modal's save.
  const filtersSaved = useCallback((stored: FilterConfigSaved) => {
    const merge = (p: DashboardProperties) => ({ ...p, json_metadata: withStoredNativeFilters(p.json_metadata, stored.jsonMetadata) });
    setProperties(merge);
    setSaved((s) => ({ properties: merge(s.properties), lastModifiedTime: stored.lastModifiedTime ?? s.lastModifiedTime }));
  }, []);

  const toast = useCallback<Editor['toast']>((kind, text) => showToast(createToast(TOAST_TYPES[kind], text)), []);
  const charts = useEditorCharts({ page, view, layout, activeTabs, csrfToken });

  const edit = useCallback((action: EditAction) => dispatch({ type: 'edit', action: withSeed(action, newIdSeed()) }), []);
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const selectTab = useCallback((tabId: string) => setRequestedTabs((current) => activeTabsShowing(layout, tabId, resolveActiveTabs(layout, current))), [layout]);
  const onSaved = useCallback(() => dispatch({ type: 'saved' }), []);

  const actions = useDashboardActions({ dashboardId, csrfToken, location, saved, setSaved, onSaved, toast });

  // Each warning of the history (a refused step, the undo limit) once, even the same text twice in a row.
  const shownNotices = useRef(0);
  useEffect(() => {
    if (state.noticeCount === shownNotices.current) return;
    shownNotices.current = state.noticeCount;
    if (history.notice) toast('warning', history.notice);
  }, [state.noticeCount, history.notice, toast]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      const key = historyKeyOf(event);
      if (!key) return;
      event.preventDefault();
      dispatch({ type: key });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  const editor = useMemo<Editor>(() => ({
    dashboardId,
    history,
    layout,
    edit,
    undo,
    redo,
    charts: charts.charts,
    rendered: charts.rendered,
    failures: charts.failures,
    boxOf: charts.boxOf,
    rememberChart: charts.rememberChart,
    properties,
    setProperties,
    activeTabs,
    selectTab,
    theme: view.theme,
    toast,
  }), [dashboardId, history, layout, edit, undo, redo, charts, properties, activeTabs, selectTab, view.theme, toast]);

  const editedView = useMemo<DashboardView>(() => ({
    ...view,
    layout,
    charts: charts.charts,
    boxes: charts.boxes,
    rendered: charts.rendered,
    failures: charts.failures,
    activeTabs,
    selectTab,
    // The editor draws every chart on screen itself (at its edited box): the page's lazy fetching stays out.
    observeChart: null,
    deferredCharts: [],
  }), [view, layout, charts, activeTabs, selectTab]);

  const leave = () => navigate(dashboardPathAfterSave(location.pathname, location.search, { id: dashboardId, slug: page.dashboard.slug }), { replace: true });
  const title = titleToSave(properties.dashboard_title);

  return (
    <DashboardViewContext.Provider value={editedView}>
      <DashboardEditorContext.Provider value={editor}>
        <style>{styleText(properties.css)}</style>
        <div className="min-w-0">
          <h1 className="sr-only">Editing {title}</h1>
          <EditorToolbar
            title={properties.dashboard_title}
            onTitleChange={(dashboard_title) => setProperties((p) => ({ ...p, dashboard_title }))}
            canUndo={canUndo(history)}
            canRedo={canRedo(history)}
            onUndo={undo}
            onRedo={redo}
            unsaved={unsaved}
            saving={actions.saving}
            published={published}
            publishing={actions.publishing}
            onTogglePublished={() => void actions.setPublished(!published).then((done) => done && setPublishedState(!published))}
            onEditProperties={() => setDialog('properties')}
            onEditCss={() => setDialog('css')}
            onEditFilters={filterConfig.open}
            onDiscard={() => (unsaved ? setDialog('discard') : leave())}
            onSave={() => void actions.save(properties, layout)}
            onSaveAs={() => setDialog('saveAs')}
            onDelete={() => setDialog('delete')}
          />
          <div className="flex flex-col-reverse gap-4 lg:flex-row lg:items-start">
            <div className="min-w-0 flex-1">
              <EditableLayout />
            </div>
            <SidePanel />
          </div>
        </div>
        <PropertiesDialog open={dialog === 'properties'} onClose={() => setDialog(null)} value={properties}
          onApply={(next) => { setProperties(next); setDialog(null); }} />
        <CssEditorDialog open={dialog === 'css'} onClose={() => setDialog(null)} css={properties.css}
          onChange={(css) => setProperties((p) => ({ ...p, css }))} />
        <SaveAsDialog open={dialog === 'saveAs'} onClose={() => setDialog(null)} defaultTitle={`${title} [copy]`}
          onSave={(newTitle, duplicate) => actions.saveAs(newTitle, duplicate, properties, layout)} />
        {filterConfig.render({ dashboardId, onSaved: filtersSaved })}
        <DeleteDialog open={dialog === 'delete'} onClose={() => setDialog(null)} name={title} onDelete={() => actions.remove(title)} />
        <DiscardDialog open={dialog === 'discard'} onClose={() => setDialog(null)} onDiscard={() => { setDialog(null); leave(); }} />
        <OverwriteDialog open={actions.overwrite !== null} items={actions.overwrite?.items ?? []} changedOn={actions.overwrite?.changedOn ?? ''}
          changedByName={actions.overwrite?.changedByName ?? ''} onOverwrite={() => void actions.confirmOverwrite()} onCancel={actions.cancelOverwrite} />
      </DashboardEditorContext.Provider>
    </DashboardViewContext.Provider>
  );
}
