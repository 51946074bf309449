import { describe, expect, it } from 'vitest';
import { DASHBOARD_GRID_ID, DASHBOARD_ROOT_ID, layoutReducer, MESSAGES, type LayoutAction } from '~/lib/dashboard/layout';
import { chart, gridLayout, row, tab, tabs } from '~/lib/dashboard/layout/fixtures/build-layout';
import { draggedType, dropAction, keyboardMove, type SortableDrop } from './drop-action';
import type { EditAction } from './contract';

const drop = (over: Partial<SortableDrop>): SortableDrop => ({ fromId: null, toId: null, oldIndex: null, newIndex: null, item: {}, ...over });
const seeded = (action: EditAction | null) => ({ ...action, seed: 'seed' }) as LayoutAction;

describe('dropAction: a component moved in the layout', () => {
  it('within one container is a move to its final index', () => {
    expect(dropAction(drop({ fromId: 'ROW-a', toId: 'ROW-a', oldIndex: 0, newIndex: 2, item: { componentId: 'CHART-x' } }))).toEqual({
      type: 'move', source: { id: 'ROW-a', index: 0 }, destination: { id: 'ROW-a', index: 2 }, componentId: 'CHART-x',
    });
  });

  it('between containers is a move to the insertion index of the destination', () => {
    expect(dropAction(drop({ fromId: 'ROW-a', toId: DASHBOARD_GRID_ID, oldIndex: 1, newIndex: 0, item: { componentId: 'CHART-y' } }))).toEqual({
      type: 'move', source: { id: 'ROW-a', index: 1 }, destination: { id: DASHBOARD_GRID_ID, index: 0 }, componentId: 'CHART-y',
    });
  });

  it('is nothing when it lands where it was, or when an index or container is missing', () => {
    expect(dropAction(drop({ fromId: 'ROW-a', toId: 'ROW-a', oldIndex: 1, newIndex: 1, item: { componentId: 'CHART-y' } }))).toBeNull();
    expect(dropAction(drop({ fromId: 'ROW-a', toId: null, oldIndex: 1, newIndex: 1, item: { componentId: 'CHART-y' } }))).toBeNull();
    expect(dropAction(drop({ fromId: 'ROW-a', toId: 'ROW-b', oldIndex: -1, newIndex: 0, item: { componentId: 'CHART-y' } }))).toBeNull();
    expect(dropAction(drop({ fromId: null, toId: 'ROW-b', oldIndex: 0, newIndex: 0, item: { componentId: 'CHART-y' } }))).toBeNull();
  });

  it('onto the root drop zone asks for top-level tabs, which the reducer makes', () => {
    const layout = gridLayout(row('a', chart('x', 1)), tabs('t', tab('one')));
    const action = dropAction(drop({ fromId: DASHBOARD_GRID_ID, toId: DASHBOARD_ROOT_ID, oldIndex: 1, newIndex: 0, item: { componentId: 'TABS-t' } }));
    expect(action).toMatchObject({ type: 'move', destination: { id: DASHBOARD_ROOT_ID } });
    const result = layoutReducer(layout, seeded(action));
    expect(result.layout[DASHBOARD_ROOT_ID].children).toEqual(['TABS-t']);
    expect(result.layout['TAB-one'].children).toEqual(['ROW-a']);
  });

  it('is the step the reducer applies: a chart dragged out of a row into the grid gets a row of its own', () => {
    const layout = gridLayout(row('a', chart('x', 1), chart('y', 2)));
    const action = dropAction(drop({ fromId: 'ROW-a', toId: DASHBOARD_GRID_ID, oldIndex: 1, newIndex: 1, item: { componentId: 'CHART-y' } }));
    const { layout: next, error } = layoutReducer(layout, seeded(action));
    expect(error).toBeNull();
    expect(next[DASHBOARD_GRID_ID].children).toEqual(['ROW-a', 'ROW-seed']);
    expect(next['ROW-seed'].children).toEqual(['CHART-y']);
  });
});

describe('dropAction: from the side panel', () => {
  it('a new component is added at the drop index', () => {
    expect(dropAction(drop({ toId: 'TAB-one', newIndex: 3, item: { newComponent: 'HEADER' } }))).toEqual({
      type: 'addComponent', componentType: 'HEADER', destination: { id: 'TAB-one', index: 3 },
    });
  });

  it('an unknown component type is nothing', () => {
    expect(dropAction(drop({ toId: DASHBOARD_GRID_ID, newIndex: 0, item: { newComponent: 'CHART' } }))).toBeNull();
    expect(dropAction(drop({ toId: DASHBOARD_GRID_ID, newIndex: 0, item: { newComponent: '__proto__' } }))).toBeNull();
  });

  it('a chart is added with its id and name', () => {
    expect(dropAction(drop({ toId: 'ROW-a', newIndex: 1, item: { chartId: '42', chartName: 'Sales by region' } }))).toEqual({
      type: 'addChart', chart: { chartId: 42, sliceName: 'Sales by region' }, destination: { id: 'ROW-a', index: 1 },
    });
  });

  it('a chart without a usable id is sent without a definition, so the reducer gives the spec message', () => {
    const action = dropAction(drop({ toId: DASHBOARD_GRID_ID, newIndex: 0, item: { chartId: 'abc', chartName: 'X' } }));
    expect(action).toEqual({ type: 'addChart', chart: null, destination: { id: DASHBOARD_GRID_ID, index: 0 } });
    expect(layoutReducer(gridLayout(), seeded(action)).error).toBe(MESSAGES.noChartDefinition);
  });

  it('an item carrying nothing the layout knows is nothing', () => {
    expect(dropAction(drop({ toId: DASHBOARD_GRID_ID, newIndex: 0, item: {} }))).toBeNull();
  });
});

describe('draggedType', () => {
  const layout = gridLayout(row('a', chart('x', 1)));
  it('reads a layout component, a new component and a chart', () => {
    expect(draggedType(layout, { componentId: 'ROW-a' })).toBe('ROW');
    expect(draggedType(layout, { newComponent: 'TABS' })).toBe('TABS');
    expect(draggedType(layout, { chartId: '7' })).toBe('CHART');
  });
  it('is null for what the layout does not know', () => {
    expect(draggedType(layout, { componentId: 'ROW-gone' })).toBeNull();
    expect(draggedType(layout, { newComponent: 'GRID' })).toBeNull();
    expect(draggedType(layout, {})).toBeNull();
  });
});

describe('keyboardMove', () => {
  it('moves one place back or forward, or to either end', () => {
    expect(keyboardMove('ArrowUp', 'GRID_ID', 2, 4, 'ROW-c')).toEqual({
      type: 'move', source: { id: 'GRID_ID', index: 2 }, destination: { id: 'GRID_ID', index: 1 }, componentId: 'ROW-c',
    });
    expect(keyboardMove('ArrowRight', 'ROW-a', 0, 3, 'CHART-x')?.type).toBe('move');
    expect(keyboardMove('ArrowRight', 'ROW-a', 0, 3, 'CHART-x')).toMatchObject({ destination: { index: 1 } });
    expect(keyboardMove('Home', 'GRID_ID', 3, 4, 'ROW-d')).toMatchObject({ destination: { index: 0 } });
    expect(keyboardMove('End', 'GRID_ID', 0, 4, 'ROW-a')).toMatchObject({ destination: { index: 3 } });
  });
  it('does nothing past either end or for other keys', () => {
    expect(keyboardMove('ArrowUp', 'GRID_ID', 0, 4, 'ROW-a')).toBeNull();
    expect(keyboardMove('ArrowDown', 'GRID_ID', 3, 4, 'ROW-d')).toBeNull();
    expect(keyboardMove('Enter', 'GRID_ID', 1, 4, 'ROW-b')).toBeNull();
  });
});
