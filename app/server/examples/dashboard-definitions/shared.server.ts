/**
 * What an example dashboard is made of: a fixed uuid and slug, its title and metadata, and its
 * layout as a tree of the layout components (dashboards.md section 3) naming charts by their
 * example definitions. The tree is turned into position_json once the charts have row ids
 * (dashboards.server.ts); component ids are derived from the slug and the place in the tree, so
 * the same definition always gives the same ids (a tab's id is given, since URLs name tabs).
 */
import type { ExampleChart } from '../chart-definitions/index.server';

export type HeaderSize = 'SMALL_HEADER' | 'MEDIUM_HEADER' | 'LARGE_HEADER';

export type LayoutNode =
  | { kind: 'chart'; chart: ExampleChart; width: number; height: number }
  | { kind: 'markdown'; code: string; width: number; height: number }
  | { kind: 'header'; text: string; size: HeaderSize; background: 'BACKGROUND_TRANSPARENT' | 'BACKGROUND_WHITE' }
  | { kind: 'divider' }
  | { kind: 'row'; children: LayoutNode[] }
  | { kind: 'column'; width: number; children: LayoutNode[] }
  | { kind: 'tabs'; tabs: ExampleTab[] };

export interface ExampleTab {
  /** The tab's id in the layout (`TAB-<key>`), which `?tab=` and permalinks name. */
  key: string;
  text: string;
  children: LayoutNode[];
}

export interface ExampleDashboard {
  uuid: string;
  slug: string;
  dashboard_title: string;
  description?: string;
  /** json_metadata; position_json is made from `layout`. */
  metadata: Record<string, unknown>;
  /** The grid's children; a single `tabs` node is the dashboard's top-level tabs. */
  layout: LayoutNode[];
}

export const chart = (c: ExampleChart, width = 4, height = 50): LayoutNode => ({ kind: 'chart', chart: c, width, height });
export const markdown = (code: string, width = 4, height = 50): LayoutNode => ({ kind: 'markdown', code, width, height });
export const header = (text: string, size: HeaderSize = 'MEDIUM_HEADER'): LayoutNode => ({ kind: 'header', text, size, background: 'BACKGROUND_TRANSPARENT' });
export const divider = (): LayoutNode => ({ kind: 'divider' });
export const row = (...children: LayoutNode[]): LayoutNode => ({ kind: 'row', children });
export const column = (width: number, ...children: LayoutNode[]): LayoutNode => ({ kind: 'column', width, children });
export const tabs = (...items: ExampleTab[]): LayoutNode => ({ kind: 'tabs', tabs: items });
export const tab = (key: string, text: string, ...children: LayoutNode[]): ExampleTab => ({ key, text, children });

/** The charts a layout names, in order. */
export function chartsOf(nodes: readonly LayoutNode[]): ExampleChart[] {
  return nodes.flatMap((node): ExampleChart[] => {
    switch (node.kind) {
      case 'chart':
        return [node.chart];
      case 'row':
      case 'column':
        return chartsOf(node.children);
      case 'tabs':
        return node.tabs.flatMap((t) => chartsOf(t.children));
      default:
        return [];
    }
  });
}

/** Metadata every example dashboard starts with: Superset's defaults, cross-filters on. */
export function exampleMetadata(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    color_scheme: 'supersetColors',
    refresh_frequency: 0,
    timed_refresh_immune_slices: [],
    expanded_slices: {},
    label_colors: {},
    shared_label_colors: [],
    color_scheme_domain: [],
    cross_filters_enabled: true,
    native_filter_configuration: [],
    default_filters: '{}',
    ...extra,
  };
}
