import { describe, expect, it } from 'vitest';
import { MESSAGES } from '~/lib/dashboard/layout';
import { chart, gridLayout, row, tab, tabs, tabsLayout } from '~/lib/dashboard/layout/fixtures/build-layout';
import { appendLocation, editorReducer, initEditorState, withSeed } from './editor-state';

describe('editorReducer', () => {
  it('counts every warning, the same one twice too', () => {
    const full = gridLayout(row('a', chart('x', 1, 6), chart('y', 2, 6)));
    let state = initEditorState(full);
    const add = { type: 'edit', action: { type: 'addChart', chart: { chartId: 3 }, destination: { id: 'ROW-a', index: 0 }, seed: 's1' } } as const;
    state = editorReducer(state, add);
    expect(state.history.notice).toBeNull();
    expect(state.noticeCount).toBe(0);
    const refused = { type: 'edit', action: { type: 'addChart', chart: null, destination: { id: 'GRID_ID', index: 0 }, seed: 's2' } } as const;
    state = editorReducer(state, refused);
    expect(state.history.notice).toBe(MESSAGES.noChartDefinition);
    expect(state.noticeCount).toBe(1);
    state = editorReducer(state, refused);
    expect(state.noticeCount).toBe(2);
    state = editorReducer(state, { type: 'undo' });
    expect(state.noticeCount).toBe(2);
    expect(state.history.hasUnsavedChanges).toBe(false);
  });

  it('keeps the state when nothing changed', () => {
    const state = initEditorState(gridLayout());
    expect(editorReducer(state, { type: 'undo' })).toBe(state);
  });
});

describe('withSeed', () => {
  it('adds the seed to steps that create components only', () => {
    expect(withSeed({ type: 'addComponent', componentType: 'ROW', destination: { id: 'GRID_ID', index: 0 } }, 'abc')).toMatchObject({ seed: 'abc' });
    expect(withSeed({ type: 'move', source: { id: 'a', index: 0 }, destination: { id: 'b', index: 0 } }, 'abc')).toMatchObject({ seed: 'abc' });
    expect(withSeed({ type: 'delete', id: 'x' }, 'abc')).toEqual({ type: 'delete', id: 'x' });
  });
});

describe('appendLocation', () => {
  it('appends to the grid without tabs', () => {
    expect(appendLocation(gridLayout(row('a'), row('b')), [])).toEqual({ id: 'GRID_ID', index: 2 });
  });

  it('appends to the active top-level tab, else the first', () => {
    const layout = tabsLayout(tabs('t', tab('one', row('r')), tab('two')));
    expect(appendLocation(layout, ['TAB-two'])).toEqual({ id: 'TAB-two', index: 0 });
    expect(appendLocation(layout, [])).toEqual({ id: 'TAB-one', index: 1 });
  });
});
