/**
 * The editor's pure state helpers: the layout history with a count of the warnings it gave (so
 * the same refusal twice shows twice), the id seed added to steps that create components, where
 * the side panel's 'Add' buttons put things.
 */
import {
  createLayoutHistory, DASHBOARD_GRID_ID, getItem, layoutHistoryReducer, topLevelTabsId,
  type DashboardLayout, type DropLocation, type LayoutAction, type LayoutHistory, type LayoutHistoryAction,
} from '~/lib/dashboard/layout';
import type { EditAction } from './contract';

export type EditorState = {
  history: LayoutHistory;
  /** Counts the warnings the history gave (history.notice), so an equal notice twice is still two toasts. */
  noticeCount: number;
};

export function initEditorState(layout: DashboardLayout): EditorState {
  return { history: createLayoutHistory(layout), noticeCount: 0 };
}

export function editorReducer(state: EditorState, action: LayoutHistoryAction): EditorState {
  const history = layoutHistoryReducer(state.history, action);
  const noticed = action.type === 'edit' && history.notice !== null;
  if (history === state.history && !noticed) return state;
  return { history, noticeCount: state.noticeCount + (noticed ? 1 : 0) };
}

/** The layout action a component's step becomes: steps that may create components get the seed of their ids. */
export function withSeed(action: EditAction, seed: string): LayoutAction {
  switch (action.type) {
    case 'addComponent':
    case 'addChart':
    case 'move':
      return { ...action, seed } as LayoutAction;
    default:
      return action as LayoutAction;
  }
}

/**
 * Where an 'Add' button appends: the end of the grid, or of the active top-level tab when the
 * dashboard has tabs (the first tab when none of them is active).
 */
export function appendLocation(layout: DashboardLayout, activeTabs: readonly string[]): DropLocation {
  const tabsId = topLevelTabsId(layout);
  const tabIds = tabsId ? getItem(layout, tabsId)?.children ?? [] : [];
  const tabId = tabIds.find((id) => activeTabs.includes(id)) ?? tabIds[0];
  const target = (tabId && getItem(layout, tabId)) || getItem(layout, DASHBOARD_GRID_ID);
  return { id: target?.id ?? DASHBOARD_GRID_ID, index: target?.children.length ?? 0 };
}
