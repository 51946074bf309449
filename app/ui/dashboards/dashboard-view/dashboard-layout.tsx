/**
 * A dashboard's layout as HTML, view mode: the 12-column grid (CSS grid; a component spans its
 * width in columns, and below 768 px every component takes the full width), rows, columns, tabs
 * (only the active tab's content is drawn), headers, dividers, markdown and chart holders. The
 * same elements before and after hydration; only the tab links gain an instant switch.
 */
import type { CSSProperties, MouseEvent } from 'react';
import { renderMarkdown } from '~/lib/dashboard/markdown';
// The layout module's parts, not its index: the index brings the position parser and its schemas.
import { getItem } from '~/lib/dashboard/layout/components';
import { BACKGROUND_WHITE, DASHBOARD_ROOT_ID, GRID_BASE_UNIT, GRID_COLUMN_COUNT } from '~/lib/dashboard/layout/constants';
import { topLevelTabsId } from '~/lib/dashboard/layout/rules';
import type { LayoutItem } from '~/lib/dashboard/layout/types';
import { ChartHolder } from './chart-holder';
import { useDashboardView } from './context';

const UNTITLED_TAB = 'Untitled tab';

/** A grid of `columns` columns: children span their own width in it. */
const gridStyle = (columns: number) => ({ '--cols': String(columns) }) as CSSProperties;
const spanStyle = (width: number, columns: number) => ({ '--span': String(Math.min(Math.max(width, 1), columns)) }) as CSSProperties;
const GRID = 'grid gap-4 grid-cols-[repeat(var(--cols),minmax(0,1fr))] max-md:grid-cols-1';
const SPAN = 'col-span-(--span) max-md:col-span-1 min-w-0';

const backgroundClass = (item: LayoutItem) =>
  item.meta.background === BACKGROUND_WHITE ? 'rounded-md bg-white p-2 dark:bg-slate-900' : '';

/** A component and what it holds; `columns` is the width (in grid columns) of the grid it sits in. */
function LayoutNode({ id, columns }: { id: string; columns: number }) {
  const { layout } = useDashboardView();
  const item = getItem(layout, id);
  if (!item) return null;
  switch (item.type) {
    case 'GRID':
      return <Children item={item} columns={columns} />;
    case 'ROW':
      return <Row item={item} columns={columns} />;
    case 'COLUMN':
      return <Column item={item} columns={columns} />;
    case 'TABS':
      return <DashboardTabs item={item} columns={columns} />;
    case 'HEADER':
      return <Header item={item} />;
    case 'DIVIDER':
      return <hr className="col-span-full my-2 border-slate-300 dark:border-slate-700" />;
    case 'MARKDOWN':
      return <Markdown item={item} columns={columns} />;
    case 'CHART':
      return <ChartHolder item={item} style={spanStyle(item.meta.width ?? 4, columns)} className={SPAN} />;
    default:
      // TAB and ROOT are drawn by their parents; DYNAMIC components (Superset's plugins) have nothing to show here.
      return null;
  }
}

function Children({ item, columns }: { item: LayoutItem; columns: number }) {
  return <>{item.children.map((child) => <LayoutNode key={child} id={child} columns={columns} />)}</>;
}

/** A row lays its children side by side in the width it has. */
function Row({ item, columns }: { item: LayoutItem; columns: number }) {
  return (
    <div className={`col-span-full ${GRID} ${backgroundClass(item)}`} style={gridStyle(columns)} data-component="row">
      <Children item={item} columns={columns} />
    </div>
  );
}

/** A column stacks its children, each in the column's own width. */
function Column({ item, columns }: { item: LayoutItem; columns: number }) {
  const width = Math.min(item.meta.width ?? 4, columns);
  return (
    <div className={`${SPAN} ${backgroundClass(item)}`} style={spanStyle(width, columns)} data-component="column">
      <div className={`${GRID} content-start`} style={gridStyle(width)}>
        {item.children.map((child) => (
          <div key={child} className="col-span-full grid gap-4 grid-cols-subgrid max-md:grid-cols-1">
            <LayoutNode id={child} columns={width} />
          </div>
        ))}
      </div>
    </div>
  );
}

const HEADER_LEVELS = {
  LARGE_HEADER: { Tag: 'h2', size: 'text-2xl' },
  MEDIUM_HEADER: { Tag: 'h3', size: 'text-xl' },
  SMALL_HEADER: { Tag: 'h4', size: 'text-base' },
} as const;

function Header({ item }: { item: LayoutItem }) {
  const { Tag, size } = HEADER_LEVELS[item.meta.headerSize ?? 'MEDIUM_HEADER'] ?? HEADER_LEVELS.MEDIUM_HEADER;
  return (
    <div className={`col-span-full ${item.meta.background === BACKGROUND_WHITE ? 'rounded-md bg-white px-3 py-2 dark:bg-slate-900' : 'py-1'}`}>
      <Tag className={`${size} font-semibold`}>{item.meta.text ?? ''}</Tag>
    </div>
  );
}

const MARKDOWN_CLASS = [
  'overflow-auto rounded-md bg-white p-3 text-sm dark:bg-slate-900',
  '[&_h1]:text-2xl [&_h2]:text-xl [&_h3]:text-lg [&_h4]:font-semibold [&_:is(h1,h2,h3)]:font-semibold [&_:is(h1,h2,h3,h4,h5,h6)]:mb-2',
  '[&_p]:mb-2 [&_ul]:mb-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:mb-2 [&_ol]:list-decimal [&_ol]:pl-5',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono dark:[&_code]:bg-slate-800 [&_pre]:mb-2 [&_pre]:overflow-auto',
  '[&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-100',
].join(' ');

function Markdown({ item, columns }: { item: LayoutItem; columns: number }) {
  const code = typeof item.meta.code === 'string' ? item.meta.code : '';
  return (
    <div
      className={`${SPAN} ${MARKDOWN_CLASS}`}
      style={{ ...spanStyle(item.meta.width ?? 4, columns), minHeight: (item.meta.height ?? 50) * GRID_BASE_UNIT }}
      data-component="markdown"
      // renderMarkdown escapes every character of the source and writes only its own tags (app/lib/dashboard/markdown.ts).
      dangerouslySetInnerHTML={{ __html: renderMarkdown(code) }}
    />
  );
}

/**
 * A tab group: links to its tabs (a nav, `aria-current` on the one shown), then the active tab's
 * content. Without JavaScript a link loads the page with that tab, drawn on the server; after
 * hydration the click shows it at once and its charts are fetched.
 */
function DashboardTabs({ item, columns }: { item: LayoutItem; columns: number }) {
  const { layout, activeTabs, hideTabs, tabHref, selectTab } = useDashboardView();
  const active = item.children.find((tabId) => activeTabs.includes(tabId)) ?? item.children[0];
  const activeTab = active ? getItem(layout, active) : undefined;
  const onClick = (tabId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!selectTab || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    selectTab(tabId);
  };
  const isTopLevel = topLevelTabsId(layout) === item.id;
  return (
    <div className="col-span-full min-w-0 space-y-4" data-component="tabs">
      {!hideTabs && (
        <nav aria-label={isTopLevel ? 'Dashboard tabs' : 'Tabs'} className="border-b border-slate-200 dark:border-slate-800">
          <ul className="-mb-px flex gap-1 overflow-x-auto">
            {item.children.map((tabId) => {
              const current = tabId === active;
              return (
                <li key={tabId} className="shrink-0">
                  <a href={tabHref(tabId)} aria-current={current ? 'page' : undefined} onClick={onClick(tabId)}
                    className={`block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${current
                      ? 'border-brand-600 text-brand-700 dark:text-white'
                      : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'}`}>
                    {getItem(layout, tabId)?.meta.text || UNTITLED_TAB}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {activeTab && (
        <div id={`panel-${activeTab.id}`} className={GRID} style={gridStyle(columns)} data-component="tab">
          <Children item={activeTab} columns={columns} />
        </div>
      )}
    </div>
  );
}

/** The whole layout: the root's children (the grid, or the top-level tabs that hold it). */
export function DashboardLayoutView() {
  const { layout } = useDashboardView();
  const root = getItem(layout, DASHBOARD_ROOT_ID);
  return (
    <div className={GRID} style={gridStyle(GRID_COLUMN_COUNT)}>
      {root && <Children item={root} columns={GRID_COLUMN_COUNT} />}
    </div>
  );
}
