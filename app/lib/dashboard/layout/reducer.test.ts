import { describe, expect, it } from 'vitest';
import { MESSAGES } from './constants';
import { layoutReducer, type LayoutAction } from './reducer';
import { parseLayout } from './parse';
import { chart, column, gridLayout, row, tab, tabs, tabsLayout } from './fixtures/build-layout';
import salesPosition from './fixtures/sales-dashboard-position.json';
import type { DashboardLayout } from './types';

/** Freezes the whole layout, so a reducer that mutated its input would throw. */
function frozen(layout: DashboardLayout): DashboardLayout {
  for (const item of Object.values(layout)) {
    Object.freeze(item.children);
    Object.freeze(item.parents);
    Object.freeze(item.meta);
    Object.freeze(item);
  }
  return Object.freeze(layout);
}

function apply(layout: DashboardLayout, ...actions: LayoutAction[]) {
  return actions.reduce((result, action) => layoutReducer(result.layout, action), { layout: frozen(layout), error: null as string | null });
}

const addChart = (chartId: number, id: string, index: number, seed = 'new'): LayoutAction => ({
  type: 'addChart', chart: { chartId, sliceName: `Chart ${chartId}` }, destination: { id, index }, seed,
});

const move = (from: string, fromIndex: number, to: string, toIndex: number, seed = 'mv'): LayoutAction => ({
  type: 'move', source: { id: from, index: fromIndex }, destination: { id: to, index: toIndex }, seed,
});

describe('adding a chart from the side panel', () => {
  it('goes into a row with room at the index, with the default size, the chart reference and its parents', () => {
    const { layout, error } = apply(gridLayout(row('a', chart('x', 1), chart('y', 2))), addChart(3, 'ROW-a', 1));
    expect(error).toBeNull();
    expect(layout['ROW-a'].children).toEqual(['CHART-x', 'CHART-new', 'CHART-y']);
    expect(layout['CHART-new']).toEqual({
      id: 'CHART-new', type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-a'],
      meta: { width: 4, height: 50, chartId: 3, sliceName: 'Chart 3' },
    });
  });

  it('goes into a new row below when the row would pass 12 columns', () => {
    const full = gridLayout(row('a', chart('x', 1), chart('y', 2), chart('z', 3)), row('b', chart('w', 4)));
    const { layout, error } = apply(full, addChart(5, 'ROW-a', 3));
    expect(error).toBeNull();
    expect(layout['ROW-a'].children).toEqual(['CHART-x', 'CHART-y', 'CHART-z']);
    expect(layout.GRID_ID.children).toEqual(['ROW-a', 'ROW-new', 'ROW-b']);
    expect(layout['ROW-new']).toMatchObject({ type: 'ROW', children: ['CHART-new'], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } });
    expect(layout['CHART-new'].meta.width).toBe(4);
    expect(layout['CHART-new'].parents).toEqual(['ROOT_ID', 'GRID_ID', 'ROW-new']);
  });

  it('starts a new row rather than squeezing into the 2 columns left', () => {
    const { layout } = apply(gridLayout(row('a', chart('x', 1, 6), chart('y', 2, 4))), addChart(3, 'ROW-a', 0));
    expect(layout['ROW-a'].children).toEqual(['CHART-x', 'CHART-y']);
    expect(layout.GRID_ID.children).toEqual(['ROW-a', 'ROW-new']);
  });

  it('gets a row around it when dropped straight into the grid or a tab', () => {
    const grid = apply(gridLayout(row('a')), addChart(3, 'GRID_ID', 0)).layout;
    expect(grid.GRID_ID.children).toEqual(['ROW-new', 'ROW-a']);
    expect(grid['ROW-new'].children).toEqual(['CHART-new']);
    const inTab = apply(tabsLayout(tabs('t', tab('one', row('r')))), addChart(3, 'TAB-one', 1)).layout;
    expect(inTab['TAB-one'].children).toEqual(['ROW-r', 'ROW-new']);
    expect(inTab['CHART-new'].parents).toEqual(['ROOT_ID', 'TABS-t', 'TAB-one', 'ROW-new']);
  });

  it('takes the width of a narrower column', () => {
    const { layout } = apply(gridLayout(row('a', column('c', 3))), addChart(3, 'COLUMN-c', 0));
    expect(layout['COLUMN-c'].children).toEqual(['CHART-new']);
    expect(layout['CHART-new'].meta.width).toBe(3);
  });

  it('is refused with the spec message when there is no chart definition', () => {
    const start = gridLayout(row('a'));
    for (const chartRef of [null, undefined, { chartId: 0 }, { chartId: 1.5 }]) {
      const result = layoutReducer(start, { type: 'addChart', chart: chartRef, destination: { id: 'ROW-a', index: 0 }, seed: 's' });
      expect(result).toEqual({ layout: start, error: 'Sorry, there is no chart definition associated with the chart trying to be added.' });
    }
  });

  it('does not add a chart the dashboard already shows, nor reuse ids', () => {
    const start = gridLayout(row('a', chart('x', 1)));
    expect(layoutReducer(start, addChart(1, 'ROW-a', 0))).toEqual({ layout: start, error: null });
    expect(layoutReducer(start, addChart(2, 'ROW-a', 0, 'x')).layout).toBe(start);
  });
});

describe('adding new components', () => {
  it('adds a header to the grid with its defaults, and not to a row', () => {
    const start = gridLayout(row('a'));
    const { layout } = apply(start, { type: 'addComponent', componentType: 'HEADER', destination: { id: 'GRID_ID', index: 1 }, seed: 'h' });
    expect(layout.GRID_ID.children).toEqual(['ROW-a', 'HEADER-h']);
    expect(layout['HEADER-h'].meta).toEqual({ text: 'New header', headerSize: 'MEDIUM_HEADER', background: 'BACKGROUND_TRANSPARENT' });
    expect(layoutReducer(start, { type: 'addComponent', componentType: 'HEADER', destination: { id: 'ROW-a', index: 0 }, seed: 'h' }).layout).toBe(start);
  });

  it('adds tabs with a first tab, and a tab to tabs', () => {
    const { layout } = apply(
      gridLayout(),
      { type: 'addComponent', componentType: 'TABS', destination: { id: 'GRID_ID', index: 0 }, seed: 'a' },
      { type: 'addComponent', componentType: 'TAB', destination: { id: 'TABS-a', index: 1 }, seed: 'b' },
    );
    expect(layout['TABS-a'].children).toEqual(['TAB-a', 'TAB-b']);
    expect(layout['TAB-b'].parents).toEqual(['ROOT_ID', 'GRID_ID', 'TABS-a']);
  });

  it('turns tabs dropped on the root into top-level tabs holding the grid content', () => {
    const { layout } = apply(gridLayout(row('a', chart('x', 1))), { type: 'addComponent', componentType: 'TABS', destination: { id: 'ROOT_ID', index: 0 }, seed: 't' });
    expect(layout.ROOT_ID.children).toEqual(['TABS-t']);
    expect(layout.GRID_ID.children).toEqual([]);
    expect(layout['TAB-t'].children).toEqual(['ROW-a']);
    expect(layout['CHART-x'].parents).toEqual(['ROOT_ID', 'TABS-t', 'TAB-t', 'ROW-a']);
  });

  it('adds a column into a full row as a new row, and markdown with its size', () => {
    const full = gridLayout(row('a', chart('x', 1, 12)));
    const { layout } = apply(
      full,
      { type: 'addComponent', componentType: 'COLUMN', destination: { id: 'ROW-a', index: 1 }, seed: 'c' },
      { type: 'addComponent', componentType: 'MARKDOWN', destination: { id: 'COLUMN-c', index: 0 }, seed: 'm' },
    );
    expect(layout.GRID_ID.children).toEqual(['ROW-a', 'ROW-c']);
    expect(layout['COLUMN-c'].children).toEqual(['MARKDOWN-m']);
    expect(layout['MARKDOWN-m'].meta).toEqual({ width: 4, height: 50 });
  });
});

describe('moving (drag and drop)', () => {
  const twoRows = () => gridLayout(row('a', chart('x', 1), chart('y', 2, 6)), row('b', chart('z', 3, 8)));

  it('reorders within a container, the index being the final one', () => {
    const { layout } = apply(gridLayout(row('a', chart('x', 1), chart('y', 2), chart('z', 3))), move('ROW-a', 0, 'ROW-a', 2));
    expect(layout['ROW-a'].children).toEqual(['CHART-y', 'CHART-z', 'CHART-x']);
  });

  it('moves between rows keeping the width when it fits, and fills the parents in', () => {
    const { layout, error } = apply(twoRows(), move('ROW-a', 0, 'ROW-b', 1));
    expect(error).toBeNull();
    expect(layout['ROW-b'].children).toEqual(['CHART-z', 'CHART-x']);
    expect(layout['CHART-x'].meta.width).toBe(4);
    expect(layout['CHART-x'].parents).toEqual(['ROOT_ID', 'GRID_ID', 'ROW-b']);
  });

  it('narrows a component to the space left when that is still at least its minimum', () => {
    const { layout } = apply(twoRows(), move('ROW-a', 1, 'ROW-b', 0));
    expect(layout['ROW-b'].children).toEqual(['CHART-y', 'CHART-z']);
    expect(layout['CHART-y'].meta.width).toBe(4);
  });

  it('refuses a drop where the destination lacks width, with the spec message', () => {
    const start = gridLayout(row('a', chart('x', 1)), row('b', chart('z', 3, 12)));
    const result = layoutReducer(start, move('ROW-a', 0, 'ROW-b', 0));
    expect(result.layout).toBe(start);
    expect(result.error).toBe('There is not enough space for this component. Try decreasing its width, or increasing the destination width.');
    expect(result.error).toBe(MESSAGES.noSpace);
  });

  it('refuses a row whose content is wider than the column it is dropped in', () => {
    const start = gridLayout(row('a', column('c', 4)), row('b', chart('x', 1, 6)));
    expect(layoutReducer(start, move('GRID_ID', 1, 'COLUMN-c', 0)).error).toBe(MESSAGES.noSpace);
  });

  it('wraps a chart dropped into the grid in a new row and removes the row it left empty', () => {
    const { layout } = apply(gridLayout(row('a', chart('x', 1)), row('b')), move('ROW-a', 0, 'GRID_ID', 2, 'w'));
    expect(layout.GRID_ID.children).toEqual(['ROW-b', 'ROW-w']);
    expect(layout['ROW-a']).toBeUndefined();
    expect(layout['ROW-w'].children).toEqual(['CHART-x']);
  });

  it('ignores drops no container allows, into itself, or of a different component', () => {
    const start = gridLayout(['HEADER-h', { text: 'H' }], row('a', column('c', 4, row('inner')), chart('x', 1)));
    expect(layoutReducer(start, move('GRID_ID', 0, 'ROW-a', 0)).layout).toBe(start);
    expect(layoutReducer(start, move('GRID_ID', 1, 'ROW-inner', 0)).layout).toBe(start);
    expect(layoutReducer(start, { ...move('ROW-a', 1, 'COLUMN-c', 0), componentId: 'CHART-other' } as LayoutAction).layout).toBe(start);
    expect(layoutReducer(start, move('ROW-a', 7, 'COLUMN-c', 0)).layout).toBe(start);
    expect(layoutReducer(start, move('ROW-a', 1, 'ROW-a', 1)).layout).toBe(start);
  });

  it('refuses a top-level tab into nested tabs, and lets a nested tab become top-level', () => {
    const start = tabsLayout(tabs('top', tab('one', tabs('inner', tab('a'), tab('b'))), tab('two')));
    const refused = layoutReducer(start, move('TABS-top', 1, 'TABS-inner', 0));
    expect(refused).toEqual({ layout: start, error: 'Can not move top level tab into nested tabs' });
    const { layout } = apply(start, move('TABS-inner', 1, 'TABS-top', 2));
    expect(layout['TABS-top'].children).toEqual(['TAB-one', 'TAB-two', 'TAB-b']);
    expect(layout['TAB-b'].parents).toEqual(['ROOT_ID', 'TABS-top']);
  });

  it('removes a nested tab group its last tab left', () => {
    const start = gridLayout(tabs('a', tab('one')), tabs('b', tab('two')));
    const { layout } = apply(start, move('TABS-a', 0, 'TABS-b', 1));
    expect(layout['TABS-b'].children).toEqual(['TAB-two', 'TAB-one']);
    expect(layout['TABS-a']).toBeUndefined();
    expect(layout.GRID_ID.children).toEqual(['TABS-b']);
  });

  it('makes tabs dragged onto the root the top-level tabs', () => {
    const { layout } = apply(gridLayout(row('a', chart('x', 1)), tabs('t', tab('one'))), move('GRID_ID', 1, 'ROOT_ID', 0));
    expect(layout.ROOT_ID.children).toEqual(['TABS-t']);
    expect(layout['TAB-one'].children).toEqual(['ROW-a']);
    expect(layout.GRID_ID.children).toEqual([]);
  });
});

describe('deleting', () => {
  it('removes the component with everything under it', () => {
    const { layout } = apply(gridLayout(row('a', column('c', 4, chart('x', 1)), chart('y', 2))), { type: 'delete', id: 'COLUMN-c' });
    expect(layout['COLUMN-c']).toBeUndefined();
    expect(layout['CHART-x']).toBeUndefined();
    expect(layout['ROW-a'].children).toEqual(['CHART-y']);
  });

  it('removes a row left empty, as Superset', () => {
    const { layout } = apply(gridLayout(row('a', chart('x', 1)), row('b', chart('y', 2))), { type: 'delete', id: 'CHART-x' });
    expect(layout['ROW-a']).toBeUndefined();
    expect(layout.GRID_ID.children).toEqual(['ROW-b']);
  });

  it('removes a tab group with its last tab', () => {
    const { layout } = apply(gridLayout(tabs('t', tab('one', row('r', chart('x', 1))))), { type: 'delete', id: 'TAB-one' });
    expect(layout.GRID_ID.children).toEqual([]);
    expect(Object.keys(layout).sort()).toEqual(['GRID_ID', 'HEADER_ID', 'ROOT_ID']);
  });

  it('puts the content of deleted top-level tabs back in the grid', () => {
    const start = tabsLayout(tabs('top', tab('one', row('r', chart('x', 1))), tab('two', row('s', chart('y', 2)))));
    const { layout } = apply(start, { type: 'delete', id: 'TABS-top' });
    expect(layout.ROOT_ID.children).toEqual(['GRID_ID']);
    expect(layout.GRID_ID.children).toEqual(['ROW-r', 'ROW-s']);
    expect(layout['CHART-y'].parents).toEqual(['ROOT_ID', 'GRID_ID', 'ROW-s']);
    expect(layout['TAB-one']).toBeUndefined();
  });

  it('never deletes the root, the grid or the title', () => {
    const start = gridLayout(row('a'));
    for (const id of ['ROOT_ID', 'GRID_ID', 'HEADER_ID', 'missing', '__proto__']) expect(layoutReducer(start, { type: 'delete', id }).layout).toBe(start);
  });
});

describe('resizing', () => {
  const start = () => gridLayout(row('a', chart('x', 1, 4), chart('y', 2, 4), column('c', 3, row('inner', chart('z', 3, 2)))));

  it('sets width in columns and height in rows, rounded', () => {
    const { layout } = apply(start(), { type: 'resize', id: 'CHART-x', width: 4.6, height: 80.2 });
    expect(layout['CHART-x'].meta).toMatchObject({ width: 5, height: 80 });
  });

  it('clamps width to the space left in the row and to the minimum', () => {
    expect(apply(start(), { type: 'resize', id: 'CHART-x', width: 12 }).layout['CHART-x'].meta.width).toBe(5);
    expect(apply(start(), { type: 'resize', id: 'CHART-x', width: 0 }).layout['CHART-x'].meta.width).toBe(1);
  });

  it('clamps height to at least 5 rows', () => {
    expect(apply(start(), { type: 'resize', id: 'CHART-y', height: 1 }).layout['CHART-y'].meta.height).toBe(5);
  });

  it('keeps a column at least as wide as its widest row, and a chart in a column within it', () => {
    expect(apply(start(), { type: 'resize', id: 'COLUMN-c', width: 1 }).layout['COLUMN-c'].meta.width).toBe(2);
    expect(apply(start(), { type: 'resize', id: 'CHART-z', width: 9 }).layout['CHART-z'].meta.width).toBe(3);
  });

  it('leaves the layout alone for components that do not resize, or sizes that do not change', () => {
    const layout = start();
    expect(layoutReducer(layout, { type: 'resize', id: 'ROW-a', width: 3 }).layout).toBe(layout);
    expect(layoutReducer(layout, { type: 'resize', id: 'CHART-x', width: 4, height: 50 }).layout).toBe(layout);
    expect(layoutReducer(layout, { type: 'resize', id: 'COLUMN-c', height: 90 }).layout).toBe(layout);
  });
});

describe('updating meta', () => {
  const start = () => gridLayout(['HEADER-h', { text: 'Old', headerSize: 'SMALL_HEADER' }], row('a', chart('x', 1), ['MARKDOWN-m', { width: 4, height: 50 }]));

  it('changes header text, size and background, and ignores invalid values', () => {
    const { layout } = apply(start(), { type: 'updateMeta', id: 'HEADER-h', meta: { text: 'Revenue', headerSize: 'LARGE_HEADER', background: 'BACKGROUND_WHITE' } });
    expect(layout['HEADER-h'].meta).toEqual({ text: 'Revenue', headerSize: 'LARGE_HEADER', background: 'BACKGROUND_WHITE' });
    const bad = start();
    // Values from an untyped caller: the reducer checks them itself.
    expect(layoutReducer(bad, { type: 'updateMeta', id: 'HEADER-h', meta: { headerSize: 'HUGE' as never } }).layout).toBe(bad);
  });

  it('sets markdown code, the dashboard title, and a chart name override that an empty value removes', () => {
    const { layout } = apply(
      start(),
      { type: 'updateMeta', id: 'MARKDOWN-m', meta: { code: '# Hi' } },
      { type: 'updateMeta', id: 'HEADER_ID', meta: { text: 'Sales' } },
      { type: 'updateMeta', id: 'CHART-x', meta: { sliceNameOverride: 'Shown' } },
    );
    expect(layout['MARKDOWN-m'].meta.code).toBe('# Hi');
    expect(layout.HEADER_ID.meta.text).toBe('Sales');
    expect(layout['CHART-x'].meta.sliceNameOverride).toBe('Shown');
    const cleared = layoutReducer(layout, { type: 'updateMeta', id: 'CHART-x', meta: { sliceNameOverride: '' } }).layout;
    expect('sliceNameOverride' in cleared['CHART-x'].meta).toBe(false);
  });

  it('changes only the keys a type has', () => {
    const layout = start();
    expect(layoutReducer(layout, { type: 'updateMeta', id: 'ROW-a', meta: { text: 'x' } }).layout).toBe(layout);
    expect(layoutReducer(layout, { type: 'updateMeta', id: 'MARKDOWN-m', meta: { background: 'BACKGROUND_WHITE' } }).layout).toBe(layout);
    expect(layoutReducer(layout, { type: 'updateMeta', id: 'HEADER-h', meta: { text: 'Old' } }).layout).toBe(layout);
  });
});

describe('editing a Superset example', () => {
  it('refuses a chart into a full row of another tab and wraps it in a row when dropped on the tab', () => {
    const sales = parseLayout(salesPosition);
    const from = sales['ROW-Tyv02UA_6W'].children.indexOf('CHART-vomBOiI7U9');
    expect(layoutReducer(sales, move('ROW-Tyv02UA_6W', from, 'ROW-0l1WcDzW3', 0)).error).toBe(MESSAGES.noSpace);
    const { layout } = apply(sales, move('ROW-Tyv02UA_6W', from, 'TAB-4fthLQmdX', 0, 'w'));
    expect(layout['TAB-4fthLQmdX'].children).toEqual(['ROW-w', 'ROW-0l1WcDzW3', 'ROW-E7MDSGfnm']);
    expect(layout['CHART-vomBOiI7U9'].parents).toEqual(['ROOT_ID', 'TABS-e5Ruro0cjP', 'TAB-4fthLQmdX', 'ROW-w']);
    expect(layout['ROW-Tyv02UA_6W'].children).toEqual(['COLUMN-8Rp54B6ikC', 'MARKDOWN--AtDSWnapE']);
  });
});
