/**
 * A dashboard's layout (dashboards.md §3 "Layout components"), as Superset's position_json holds
 * it: a flat map from id to component, each listing its children by id and its ancestors in
 * `parents` (root first).
 */
import type { BACKGROUNDS, COMPONENT_TYPES, HEADER_SIZES } from './constants';

export type ComponentType = (typeof COMPONENT_TYPES)[number];
export type HeaderSize = (typeof HEADER_SIZES)[number];
export type Background = (typeof BACKGROUNDS)[number];

export interface LayoutMeta {
  /** Grid columns (1 to 12) for charts, markdown, columns and dynamic components. */
  width?: number;
  /** Height units of GRID_BASE_UNIT pixels, for charts and markdown. */
  height?: number;
  background?: Background;
  /** Headers' and tabs' text; the dashboard title on HEADER_ID. */
  text?: string;
  headerSize?: HeaderSize;
  chartId?: number;
  sliceName?: string;
  /** The name shown instead of the chart's own on this dashboard. */
  sliceNameOverride?: string;
  uuid?: string;
  /** Markdown source of a MARKDOWN component. */
  code?: string;
  /** Keys we do not use (Superset's `defaultText`, `placeholder`, `dashboardComponentId`) are kept for round trips. */
  [key: string]: unknown;
}

export interface LayoutItem {
  id: string;
  type: ComponentType;
  children: string[];
  /** Ancestors' ids from ROOT_ID down to the direct parent. */
  parents: string[];
  meta: LayoutMeta;
}

/** Component id → component. Always holds ROOT_ID, GRID_ID and HEADER_ID. */
export type DashboardLayout = Record<string, LayoutItem>;

/** A place in a container: its id and the index among its children. */
export interface DropLocation {
  id: string;
  index: number;
}

/** What the side panel drags in: a saved chart. */
export interface ChartRef {
  chartId: number;
  sliceName?: string;
  uuid?: string;
}

/** Component types the editor's "new components" panel and the tabs' "+" create. */
export type NewComponentType = 'ROW' | 'COLUMN' | 'HEADER' | 'DIVIDER' | 'MARKDOWN' | 'TABS' | 'TAB';

/**
 * What a layout step returns. `error` is the warning to show when the step was refused; a step
 * that changes nothing (refused or not) returns the very layout it was given.
 */
export interface LayoutResult {
  layout: DashboardLayout;
  error: string | null;
}
