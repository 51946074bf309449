/**
 * The layout in edit mode (decision 010): view mode's 12-column grid, every container a sortablejs
 * list of the editor's drag-and-drop group (use-sortable-list.ts), every component with its drag
 * handle, delete button and its own controls. It keeps no layout state: each gesture is a layout
 * action sent to `editor.edit`, and the layout reducer decides (its refusals are the shell's toasts).
 */
import type { CSSProperties, ReactNode } from 'react';
import { DASHBOARD_GRID_ID, DASHBOARD_ROOT_ID, GRID_COLUMN_COUNT, getItem, topLevelTabsId, type LayoutItem } from '~/lib/dashboard/layout';
import { Icon } from '~/ui/primitives/icon';
import { ComponentItem, type Placement } from './component-item';
import { BackgroundToggle, CONTROL, DeleteButton, DragHandle, useResize } from './component-controls';
import { DND_COMPONENT, DND_CONTAINER, DND_ROOT_ZONE, useDashboardEditor } from './contract';
import { EditableChart } from './editable-chart';
import { EditableDivider, EditableHeader } from './editable-header';
import { EditableMarkdown } from './editable-markdown';
import { FRAME, GRID, gridStyle, isWhite, UNTITLED_TAB } from './editor-grid';
import { useCommittedText } from './use-committed-text';
import { useSortableList } from './use-sortable-list';

export const EMPTY_GRID_TEXT = 'Drag and drop components and charts to the dashboard';
export const EMPTY_TAB_TEXT = 'Drag and drop components to this tab';
export const ROOT_ZONE_TEXT = 'Drop Tabs here to give the dashboard top-level tabs';

const TOP_LEVEL: Placement = { columns: GRID_COLUMN_COUNT, inColumn: false };
const EMPTY_TARGET = 'col-span-full flex min-h-24 items-center justify-center rounded-md border-2 border-dashed border-slate-300 p-4 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400';

/**
 * A container's sortable list: its children in order, each one element carrying DND_COMPONENT.
 * Lists that stack (the grid, a tab) keep room below their last child: sortablejs appends there.
 */
function ComponentList({ item, placement, className, style, empty }: { item: LayoutItem; placement: Placement; className: string; style?: CSSProperties; empty?: ReactNode }) {
  const ref = useSortableList();
  return (
    <div ref={ref} {...{ [DND_CONTAINER]: item.id }} className={className} style={style}>
      {item.children.map((childId) => <LayoutNode key={childId} id={childId} placement={placement} />)}
      {item.children.length === 0 && empty}
    </div>
  );
}

function LayoutNode({ id, placement }: { id: string; placement: Placement }) {
  const { layout } = useDashboardEditor();
  const item = getItem(layout, id);
  switch (item?.type) {
    case 'ROW':
      return <Row item={item} placement={placement} />;
    case 'COLUMN':
      return <Column item={item} placement={placement} />;
    case 'TABS':
      return <EditableTabs item={item} placement={placement} />;
    case 'HEADER':
      return <EditableHeader item={item} placement={placement} />;
    case 'DIVIDER':
      return <EditableDivider item={item} placement={placement} />;
    case 'MARKDOWN':
      return <EditableMarkdown item={item} placement={placement} />;
    case 'CHART':
      return <EditableChart item={item} placement={placement} />;
    default:
      // Every child keeps its element, so the lists' indexes stay the layout's; what edit mode cannot draw can still go.
      return (
        <ComponentItem id={id} kind="other" placement={placement} className={`flex items-center gap-1 p-2 text-sm text-slate-500 ${FRAME}`}>
          <DragHandle id={id} what="component" />
          <span className="flex-1">This component cannot be edited here.</span>
          <DeleteButton id={id} what="component" />
        </ComponentItem>
      );
  }
}

/** A row lays its children side by side in the width it has. */
function Row({ item, placement }: { item: LayoutItem; placement: Placement }) {
  return (
    <ComponentItem id={item.id} kind="row" placement={placement} className={`space-y-1 p-1 ${FRAME} ${isWhite(item) ? 'bg-white dark:bg-slate-900' : ''}`}>
      <div className="flex items-center gap-1">
        <DragHandle id={item.id} what="row" />
        <span className="flex-1" />
        <BackgroundToggle item={item} what="row" />
        <DeleteButton id={item.id} what="row" />
      </div>
      <ComponentList item={item} placement={{ columns: placement.columns, inColumn: false }} className={`${GRID} min-h-16`} style={gridStyle(placement.columns)} />
    </ComponentItem>
  );
}

/** A column stacks its children, each in the column's own width. */
function Column({ item, placement }: { item: LayoutItem; placement: Placement }) {
  const { size, handle } = useResize(item, 'column', placement.columns);
  const width = Math.min(size.width, placement.columns);
  return (
    <ComponentItem id={item.id} kind="column" placement={placement} width={size.width}
      className={`relative space-y-1 p-1 pb-5 ${FRAME} border-slate-200 dark:border-slate-800 ${isWhite(item) ? 'bg-white dark:bg-slate-900' : ''}`}>
      <div className="flex items-center gap-1">
        <DragHandle id={item.id} what="column" />
        <span className="flex-1" />
        <BackgroundToggle item={item} what="column" />
        <DeleteButton id={item.id} what="column" />
      </div>
      <ComponentList item={item} placement={{ columns: width, inColumn: true }} className={`${GRID} min-h-16 content-start`} style={gridStyle(width)} />
      {handle}
    </ComponentItem>
  );
}

function TabTitle({ tab, active, onSelect }: { tab: LayoutItem; active: boolean; onSelect: () => void }) {
  const { edit } = useDashboardEditor();
  const title = useCommittedText(tab.meta.text ?? '', (text) => edit({ type: 'updateMeta', id: tab.id, meta: { text } }));
  const shown = tab.meta.text || UNTITLED_TAB;
  const placeholder = typeof tab.meta.placeholder === 'string' ? tab.meta.placeholder : UNTITLED_TAB;
  return (
    <li {...{ [DND_COMPONENT]: tab.id }} aria-current={active ? 'true' : undefined} data-component="tab-title" onClick={onSelect}
      className={`flex shrink-0 items-center gap-0.5 border-b-2 px-1 py-1 ${active ? 'border-brand-600' : 'border-transparent'}`}>
      <DragHandle id={tab.id} what={`tab ${shown}`} />
      <input aria-label="Tab title" value={title.value} placeholder={placeholder} size={Math.max(title.value.length, placeholder.length, 4)}
        onFocus={onSelect} onChange={(event) => title.onChange(event.target.value)} onBlur={title.flush}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') title.revert();
        }}
        className={`rounded bg-transparent px-1 py-0.5 text-sm font-medium hover:bg-slate-50 focus:bg-white dark:hover:bg-slate-800 dark:focus:bg-slate-900 ${active ? 'text-brand-700 dark:text-white' : 'text-slate-600 dark:text-slate-300'}`} />
      <DeleteButton id={tab.id} what={`tab ${shown}`} />
    </li>
  );
}

/** The tab bar's list: tabs reorder among themselves (and move to other tab groups) by their handles. */
function TabBar({ item, active }: { item: LayoutItem; active: string | undefined }) {
  const { layout, selectTab } = useDashboardEditor();
  const ref = useSortableList();
  return (
    <ul ref={ref} {...{ [DND_CONTAINER]: item.id }} aria-label="Tabs" className="flex min-w-0 flex-wrap items-end gap-1">
      {item.children.map((tabId) => {
        const tab = getItem(layout, tabId);
        if (!tab) return <li key={tabId} {...{ [DND_COMPONENT]: tabId }} hidden />;
        return <TabTitle key={tabId} tab={tab} active={tabId === active} onSelect={() => selectTab(tabId)} />;
      })}
    </ul>
  );
}

/** A tab group: its tab bar (titles typed in place, "+" adds a tab), then the active tab's content. */
function EditableTabs({ item, placement, topLevel = false }: { item: LayoutItem; placement: Placement; topLevel?: boolean }) {
  const { layout, activeTabs, edit } = useDashboardEditor();
  const active = item.children.find((tabId) => activeTabs.includes(tabId)) ?? item.children[0];
  const activeTab = active ? getItem(layout, active) : undefined;
  const columns = placement.columns;
  const body = (
    <>
      <div className="flex items-center gap-1 border-b border-slate-200 dark:border-slate-800">
        {!topLevel && <DragHandle id={item.id} what="tabs" />}
        <TabBar item={item} active={active} />
        <button type="button" aria-label="Add tab" title="Add tab" className={CONTROL}
          onClick={() => edit({ type: 'addComponent', componentType: 'TAB', destination: { id: item.id, index: item.children.length } })}>
          <Icon name="plus" />
        </button>
        <span className="flex-1" />
        <DeleteButton id={item.id} what="tabs" />
      </div>
      {activeTab && (
        <ComponentList key={activeTab.id} item={activeTab} placement={{ columns, inColumn: false }} className={`${GRID} min-h-24 pt-2 pb-10`} style={gridStyle(columns)}
          empty={<p className={EMPTY_TARGET}>{EMPTY_TAB_TEXT}</p>} />
      )}
    </>
  );
  if (topLevel) return <div className="col-span-full min-w-0" data-component="tabs">{body}</div>;
  return <ComponentItem id={item.id} kind="tabs" placement={placement} className={`p-1 ${FRAME}`}>{body}</ComponentItem>;
}

/** Above the layout while it has no top-level tabs: Tabs dropped here become them. */
function RootDropZone() {
  const ref = useSortableList();
  return (
    <div ref={ref} {...{ [DND_CONTAINER]: DASHBOARD_ROOT_ID, [DND_ROOT_ZONE]: 'true' }}
      className="mb-3 flex min-h-10 items-center justify-center rounded-md border border-dashed border-slate-300 px-3 py-2 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
      <p>{ROOT_ZONE_TEXT}</p>
    </div>
  );
}

/** The whole layout in edit mode: the root drop zone, then the grid or the top-level tabs. */
export function EditableLayout() {
  const { layout } = useDashboardEditor();
  const topTabsId = topLevelTabsId(layout);
  const topTabs = topTabsId ? getItem(layout, topTabsId) : undefined;
  const grid = getItem(layout, DASHBOARD_GRID_ID);
  return (
    <section aria-label="Dashboard layout" className="min-w-0">
      {!topTabs && <RootDropZone />}
      {topTabs ? (
        <div className={GRID} style={gridStyle(GRID_COLUMN_COUNT)}>
          <EditableTabs item={topTabs} placement={TOP_LEVEL} topLevel />
        </div>
      ) : grid ? (
        <ComponentList item={grid} placement={TOP_LEVEL} className={`${GRID} min-h-40 pb-10`} style={gridStyle(GRID_COLUMN_COUNT)}
          empty={<p className={EMPTY_TARGET}>{EMPTY_GRID_TEXT}</p>} />
      ) : null}
    </section>
  );
}
