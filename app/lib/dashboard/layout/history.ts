/**
 * Undo and redo of layout steps with a bounded history (dashboards.md §4), and the editor's
 * unsaved-changes and undo-limit flags. As Superset: UNDO_LIMIT steps can be undone, the history
 * holds two entries more (the present and one past the limit, which is how "exceeded" is seen),
 * the warning is given once when the history fills, and undoing back to an empty history clears
 * the unsaved-changes flag unless the limit was exceeded (older steps were forgotten, so the
 * oldest layout reached is not the saved one).
 */
import { UNDO_LIMIT, undoLimitMessage } from './constants';
import { layoutReducer, type LayoutAction } from './reducer';
import type { DashboardLayout } from './types';

export interface LayoutHistory {
  past: DashboardLayout[];
  present: DashboardLayout;
  future: DashboardLayout[];
  /** Steps that can be undone before the oldest are forgotten. */
  limit: number;
  hasUnsavedChanges: boolean;
  maxUndoHistoryExceeded: boolean;
  /** Whether the undo-limit warning was given since the last save. */
  undoLimitWarned: boolean;
  /** The warning the last action produced (a refused step, the undo limit), for a toast; null when none. */
  notice: string | null;
}

export type LayoutHistoryAction =
  | { type: 'edit'; action: LayoutAction }
  | { type: 'undo' }
  | { type: 'redo' }
  /** The dashboard was saved (with this layout, when the server normalised it): a fresh history. */
  | { type: 'saved'; layout?: DashboardLayout }
  /** Changes discarded, or a layout loaded: a fresh history with nothing unsaved. */
  | { type: 'reset'; layout: DashboardLayout }
  /** Changes outside the layout (properties, CSS, colours) set the same flag. */
  | { type: 'setUnsavedChanges'; value: boolean };

export function createLayoutHistory(layout: DashboardLayout, options: { limit?: number } = {}): LayoutHistory {
  return {
    past: [],
    present: layout,
    future: [],
    limit: Math.max(1, Math.floor(options.limit ?? UNDO_LIMIT)),
    hasUnsavedChanges: false,
    maxUndoHistoryExceeded: false,
    undoLimitWarned: false,
    notice: null,
  };
}

/** The past kept: the newest limit + 1 entries (with the present, limit + 2). */
function bounded(past: DashboardLayout[], limit: number): DashboardLayout[] {
  return past.length > limit + 1 ? past.slice(past.length - (limit + 1)) : past;
}

function withNotice(state: LayoutHistory, notice: string | null): LayoutHistory {
  return state.notice === notice ? state : { ...state, notice };
}

export function layoutHistoryReducer(state: LayoutHistory, action: LayoutHistoryAction): LayoutHistory {
  switch (action.type) {
    case 'edit': {
      const result = layoutReducer(state.present, action.action);
      if (result.layout === state.present) return withNotice(state, result.error);
      const past = bounded([...state.past, state.present], state.limit);
      const reachedLimit = past.length >= state.limit && !state.undoLimitWarned;
      return {
        ...state,
        past,
        present: result.layout,
        future: [],
        hasUnsavedChanges: true,
        maxUndoHistoryExceeded: state.maxUndoHistoryExceeded || past.length > state.limit,
        undoLimitWarned: state.undoLimitWarned || reachedLimit,
        notice: reachedLimit ? undoLimitMessage(past.length) : null,
      };
    }
    case 'undo': {
      if (!state.past.length) return withNotice(state, null);
      const past = state.past.slice(0, -1);
      return {
        ...state,
        past,
        present: state.past[state.past.length - 1],
        future: [state.present, ...state.future],
        hasUnsavedChanges: past.length === 0 && !state.maxUndoHistoryExceeded ? false : state.hasUnsavedChanges,
        notice: null,
      };
    }
    case 'redo': {
      if (!state.future.length) return withNotice(state, null);
      const past = bounded([...state.past, state.present], state.limit);
      return {
        ...state,
        past,
        maxUndoHistoryExceeded: state.maxUndoHistoryExceeded || past.length > state.limit,
        present: state.future[0],
        future: state.future.slice(1),
        hasUnsavedChanges: true,
        notice: null,
      };
    }
    case 'saved':
      return createLayoutHistory(action.layout ?? state.present, { limit: state.limit });
    case 'reset':
      return createLayoutHistory(action.layout, { limit: state.limit });
    case 'setUnsavedChanges':
      return state.hasUnsavedChanges === action.value && state.notice === null ? state : { ...state, hasUnsavedChanges: action.value, notice: null };
  }
}

export const canUndo = (state: LayoutHistory): boolean => state.past.length > 0;
export const canRedo = (state: LayoutHistory): boolean => state.future.length > 0;
