/**
 * The dashboard editor's contract (decision 010): what the editor shell (dashboard-editor.tsx)
 * gives the editable layout, the side panel, the toolbar and the dialogs through one context, and
 * the data attributes the drag and drop reads. The layout itself changes only through the layout
 * module's history reducer (app/lib/dashboard/layout), so every step is undoable and unit-tested
 * there; these components only turn gestures into its actions.
 */
import { createContext, useContext } from 'react';
import type { DashboardLayout, LayoutAction, LayoutHistory } from '~/lib/dashboard/layout';
import type { DashboardChartInfo, HeldChart } from '~/ui/dashboards/dashboard-view/context';

/** A layout action as a component sends it: the shell adds the id seed (newIdSeed) for steps that create components. */
export type EditAction = LayoutAction extends infer A ? (A extends { seed: string } ? Omit<A, 'seed'> : A) : never;

/** The dashboard's own fields the properties and CSS dialogs change; sent with the layout on Save. */
export type DashboardProperties = {
  dashboard_title: string;
  slug: string;
  owners: { id: number; label: string }[];
  roles: { id: number; label: string }[];
  certified_by: string;
  certification_details: string;
  /** The JSON metadata as text (without `positions`): what the JSON editor shows and PUT sends. */
  json_metadata: string;
  css: string;
};

export type DashboardEditor = {
  dashboardId: number;
  history: LayoutHistory;
  /** history.present. */
  layout: DashboardLayout;
  edit: (action: EditAction) => void;
  undo: () => void;
  redo: () => void;
  /** Charts known to the editor: the dashboard's, and those added from the side panel since. */
  charts: Readonly<Record<string, DashboardChartInfo>>;
  /** Drawn charts by chart id (the page's, and those drawn for the editor since). */
  rendered: Readonly<Record<string, HeldChart>>;
  failures: Readonly<Record<string, string>>;
  /** Each chart component's drawing box, by component id, as the layout now sizes it. */
  boxOf: (componentId: string) => { width: number; height: number };
  /** The side panel's charts: registers a chart the layout now names, so it can be drawn. */
  rememberChart: (chart: DashboardChartInfo) => void;
  properties: DashboardProperties;
  setProperties: (next: DashboardProperties) => void;
  activeTabs: readonly string[];
  selectTab: (tabId: string) => void;
  theme: 'light' | 'dark';
  /** A warning or confirmation for the user (the spec's toast texts). */
  toast: (kind: 'success' | 'info' | 'warning' | 'danger', text: string) => void;
};

export const DashboardEditorContext = createContext<DashboardEditor | null>(null);

export function useDashboardEditor(): DashboardEditor {
  const editor = useContext(DashboardEditorContext);
  if (!editor) throw new Error('useDashboardEditor outside a DashboardEditorContext');
  return editor;
}

/**
 * Drag and drop (sortablejs, one group): every container's list element carries
 * DND_CONTAINER (its component id) and each of its direct children DND_COMPONENT (the child's id).
 * The side panel's items are cloned into the group (pull: 'clone', put: false) and carry
 * DND_NEW_COMPONENT (a NewComponentType) or DND_CHART (a chart id, with DND_CHART_NAME). On a drop
 * the layout reverts sortablejs's DOM change and dispatches the layout action: React owns the DOM.
 */
export const DND_GROUP = 'dashboard-layout';
export const DND_CONTAINER = 'data-dnd-container';
export const DND_COMPONENT = 'data-dnd-component';
export const DND_NEW_COMPONENT = 'data-dnd-new';
export const DND_CHART = 'data-dnd-chart';
export const DND_CHART_NAME = 'data-dnd-chart-name';
/** The drop zone above the layout that makes dropped Tabs the dashboard's top-level tabs (its container id is ROOT_ID). */
export const DND_ROOT_ZONE = 'data-dnd-root';
