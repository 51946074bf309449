import { describe, expect, it } from 'vitest';
import { UNDO_LIMIT, undoLimitMessage } from './constants';
import { canRedo, canUndo, createLayoutHistory, layoutHistoryReducer, type LayoutHistory, type LayoutHistoryAction } from './history';
import { chart, gridLayout, row } from './fixtures/build-layout';

const run = (state: LayoutHistory, ...actions: LayoutHistoryAction[]) => actions.reduce(layoutHistoryReducer, state);
const resizeTo = (height: number): LayoutHistoryAction => ({ type: 'edit', action: { type: 'resize', id: 'CHART-x', height } });
const start = () => createLayoutHistory(gridLayout(row('a', chart('x', 1))));
/** `n` distinct edits (heights 6, 7, …). */
const edits = (n: number) => Array.from({ length: n }, (_, i) => resizeTo(6 + i));

describe('undo and redo', () => {
  it('undoes and redoes layout steps', () => {
    const initial = start();
    const edited = run(initial, resizeTo(60), resizeTo(70));
    expect(edited.present['CHART-x'].meta.height).toBe(70);
    expect(canUndo(edited)).toBe(true);
    const undone = run(edited, { type: 'undo' });
    expect(undone.present['CHART-x'].meta.height).toBe(60);
    expect(canRedo(undone)).toBe(true);
    const redone = run(undone, { type: 'redo' });
    expect(redone.present['CHART-x'].meta.height).toBe(70);
    expect(canRedo(redone)).toBe(false);
    expect(run(edited, { type: 'undo' }, { type: 'undo' }).present).toBe(initial.present);
  });

  it('drops the redo stack on a new step, and ignores undo and redo with nothing to do', () => {
    const state = run(start(), resizeTo(60), { type: 'undo' }, resizeTo(80));
    expect(canRedo(state)).toBe(false);
    const initial = start();
    expect(run(initial, { type: 'undo' }, { type: 'redo' })).toBe(initial);
  });

  it('records nothing for a refused or empty step, and passes the refusal on as the notice', () => {
    const initial = start();
    const refused = run(initial, { type: 'edit', action: { type: 'addChart', chart: null, destination: { id: 'ROW-a', index: 0 }, seed: 's' } });
    expect(refused.past).toHaveLength(0);
    expect(refused.hasUnsavedChanges).toBe(false);
    expect(refused.notice).toBe('Sorry, there is no chart definition associated with the chart trying to be added.');
    const next = run(refused, resizeTo(60));
    expect(next.notice).toBeNull();
    expect(run(initial, resizeTo(50))).toBe(initial);
  });
});

describe('the unsaved-changes flag', () => {
  it('is set by any change and by redo, cleared on save and when undo empties the history', () => {
    const edited = run(start(), resizeTo(60), resizeTo(70));
    expect(edited.hasUnsavedChanges).toBe(true);
    expect(run(edited, { type: 'undo' }).hasUnsavedChanges).toBe(true);
    const back = run(edited, { type: 'undo' }, { type: 'undo' });
    expect(back.hasUnsavedChanges).toBe(false);
    expect(run(back, { type: 'redo' }).hasUnsavedChanges).toBe(true);
    const saved = run(edited, { type: 'saved' });
    expect(saved).toMatchObject({ hasUnsavedChanges: false, past: [], future: [] });
    expect(saved.present).toBe(edited.present);
  });

  it('follows changes outside the layout and is cleared by discarding', () => {
    const changed = run(start(), { type: 'setUnsavedChanges', value: true });
    expect(changed.hasUnsavedChanges).toBe(true);
    const other = gridLayout();
    const reset = run(changed, resizeTo(70), { type: 'reset', layout: other });
    expect(reset).toMatchObject({ hasUnsavedChanges: false, past: [], future: [] });
    expect(reset.present).toBe(other);
  });
});

describe('the undo limit', () => {
  it('is 50 steps, the history holding 2 entries more', () => {
    expect(UNDO_LIMIT).toBe(50);
    const state = run(start(), ...edits(60));
    expect(state.past).toHaveLength(UNDO_LIMIT + 1);
    expect(state.past.length + 1).toBe(UNDO_LIMIT + 2);
    expect(state.present['CHART-x'].meta.height).toBe(65);
    expect(state.past[0]['CHART-x'].meta.height).toBe(14);
  });

  it('warns once, when the history fills, with the spec message', () => {
    const before = run(start(), ...edits(UNDO_LIMIT - 1));
    expect(before.notice).toBeNull();
    const full = run(before, resizeTo(200));
    expect(full.notice).toBe('You have used all 50 undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.');
    expect(full.notice).toBe(undoLimitMessage(50));
    expect(full.maxUndoHistoryExceeded).toBe(false);
    const after = run(full, resizeTo(201));
    expect(after.notice).toBeNull();
    expect(after.maxUndoHistoryExceeded).toBe(true);
  });

  it('keeps unsaved changes flagged when undo reaches the start of a history that forgot steps', () => {
    const over = run(start(), ...edits(UNDO_LIMIT + 5));
    const undoAll = run(over, ...Array.from({ length: UNDO_LIMIT + 1 }, (): LayoutHistoryAction => ({ type: 'undo' })));
    expect(undoAll.past).toHaveLength(0);
    expect(undoAll.hasUnsavedChanges).toBe(true);
    const saved = run(over, { type: 'saved' });
    expect(saved).toMatchObject({ maxUndoHistoryExceeded: false, undoLimitWarned: false });
  });

  it('takes a smaller limit and uses it in the message', () => {
    const state = run(createLayoutHistory(gridLayout(row('a', chart('x', 1))), { limit: 3 }), ...edits(3));
    expect(state.notice).toBe(undoLimitMessage(3));
    expect(run(state, ...edits(5)).past).toHaveLength(4);
  });
});
