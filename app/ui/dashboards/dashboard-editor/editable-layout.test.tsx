/**
 * The edit-mode layout as React first draws it (before sortablejs binds its lists): every
 * container's list names its component and holds exactly its children's elements in layout
 * order (the drop indexes are counted on them), with the controls' names the e2e tests use.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createLayoutHistory, DASHBOARD_GRID_ID, emptyLayout, type DashboardLayout } from '~/lib/dashboard/layout';
import { chart, column, gridLayout, row, tab, tabs, tabsLayout } from '~/lib/dashboard/layout/fixtures/build-layout';
import { DashboardEditorContext, type DashboardEditor } from './contract';
import { EditableLayout, EMPTY_GRID_TEXT, EMPTY_TAB_TEXT, ROOT_ZONE_TEXT } from './editable-layout';

function render(layout: DashboardLayout, activeTabs: string[] = []) {
  const editor = {
    dashboardId: 1,
    history: createLayoutHistory(layout),
    layout,
    edit: () => {},
    charts: { 1: { id: 1, name: 'Sales by region', vizType: 'bar', description: null, editUrl: '/explore/?slice_id=1' } },
    rendered: {},
    failures: { 2: 'Chart 2 failed' },
    boxOf: () => ({ width: 384, height: 360 }),
    activeTabs,
    selectTab: () => {},
    theme: 'light',
  } as unknown as DashboardEditor;
  return renderToStaticMarkup(
    <DashboardEditorContext.Provider value={editor}>
      <EditableLayout />
    </DashboardEditorContext.Provider>,
  );
}

/** The ids of the DND_COMPONENT elements in document order. */
const componentOrder = (html: string) => [...html.matchAll(/data-dnd-component="([^"]+)"/g)].map((m) => m[1]);

describe('EditableLayout', () => {
  it('is a region named Dashboard layout with the grid as a list of its rows, in order', () => {
    const html = render(gridLayout(row('a', chart('x', 1), chart('y', 2)), ['HEADER-h', { text: 'Title' }], ['DIVIDER-d']));
    expect(html).toContain('<section aria-label="Dashboard layout"');
    expect(html).toContain(`data-dnd-container="${DASHBOARD_GRID_ID}"`);
    expect(html).toContain('data-dnd-container="ROW-a"');
    expect(componentOrder(html)).toEqual(['ROW-a', 'CHART-x', 'CHART-y', 'HEADER-h', 'DIVIDER-d']);
    // The root drop zone, while there are no top-level tabs.
    expect(html).toContain('data-dnd-container="ROOT_ID" data-dnd-root="true"');
    expect(html).toContain(ROOT_ZONE_TEXT);
  });

  it('names every control after what it acts on', () => {
    const html = render(gridLayout(row('a', chart('x', 1), column('c', 4, ['MARKDOWN-m', { width: 4, height: 50, code: '# Hi' }])), ['HEADER-h', { text: 'Title' }], ['DIVIDER-d']));
    for (const label of [
      'Move row', 'Delete row', 'White background for row',
      'Move chart Sales by region', 'Delete chart Sales by region', 'Resize chart Sales by region',
      'Move column', 'Delete column', 'Resize column', 'White background for column',
      'Move markdown', 'Delete markdown', 'Resize markdown', 'Edit markdown',
      'Move header', 'Delete header', 'Header text', 'Header options',
      'Move divider', 'Delete divider', 'Chart title',
    ]) expect(html).toContain(`aria-label="${label}"`);
    expect(html).toContain('value="Title"');
    expect(html).toContain('<h1>Hi</h1>');
    expect(html).toContain('Loading chart…');
  });

  it('shows a failed chart’s message and the missing chart text', () => {
    const html = render(gridLayout(row('a', chart('f', 2), chart('z', 99))));
    expect(html).toContain('Chart 2 failed');
    expect(html).toContain('There is no chart definition associated with this component');
  });

  it('shows the empty grid’s drop text', () => {
    expect(render(emptyLayout('x'))).toContain(EMPTY_GRID_TEXT);
  });

  it('draws top-level tabs with their bar as a list, the active tab’s content and no root zone', () => {
    const layout = tabsLayout(tabs('t', tab('one', row('a', chart('x', 1))), tab('two')));
    const first = render(layout);
    expect(first).not.toContain('data-dnd-root');
    expect(first).toContain('data-dnd-container="TABS-t"');
    expect(first).toContain('data-dnd-container="TAB-one"');
    expect(first).not.toContain('data-dnd-container="TAB-two"');
    expect(first).toContain('aria-label="Add tab"');
    expect(first).toContain('aria-label="Tab title"');
    expect(first).toContain('aria-label="Delete tab one"');
    expect(first).toContain('aria-label="Move tab two"');
    expect(first).toContain('aria-label="Delete tabs"');
    // Top-level tabs do not move.
    expect(first).not.toContain('aria-label="Move tabs"');
    expect(componentOrder(first)).toEqual(['TAB-one', 'TAB-two', 'ROW-a', 'CHART-x']);

    const second = render(layout, ['TAB-two']);
    expect(second).toContain('data-dnd-container="TAB-two"');
    expect(second).toContain(EMPTY_TAB_TEXT);
  });

  it('lets nested tabs move', () => {
    expect(render(gridLayout(tabs('n', tab('a')))).includes('aria-label="Move tabs"')).toBe(true);
  });
});
