/**
 * An example dashboard's layout tree as a stored layout (the layout module's types), with the
 * charts' row ids. Ids are `<TYPE>-<slug>-<n>` in tree order, tabs `TAB-<key>`, so a definition
 * always gives the same ids. A chart that is not in the store is left out. The result goes
 * through normalizeLayout, which drops what the layout rules do not allow and fills `parents`.
 */
import {
  DASHBOARD_GRID_ID, DASHBOARD_HEADER_ID, DASHBOARD_ROOT_ID, emptyLayout, newComponent, normalizeLayout,
  type DashboardLayout, type LayoutItem,
} from '~/lib/dashboard/layout';
import type { ExampleDashboard, LayoutNode } from './shared.server';

export function exampleLayout(def: ExampleDashboard, charts: ReadonlyMap<string, { id: number; slice_name: string }>): DashboardLayout {
  const items: Record<string, LayoutItem> = {};
  let counter = 0;
  const put = (item: LayoutItem, children: string[] = []): string => {
    items[item.id] = { ...item, children };
    return item.id;
  };
  const idOf = (type: string) => `${type}-${def.slug}-${++counter}`;

  const add = (node: LayoutNode): string | null => {
    switch (node.kind) {
      case 'chart': {
        const saved = charts.get(node.chart.uuid);
        if (!saved) return null;
        return put(newComponent('CHART', idOf('CHART'), { chartId: saved.id, sliceName: saved.slice_name, uuid: node.chart.uuid, width: node.width, height: node.height }));
      }
      case 'markdown':
        return put(newComponent('MARKDOWN', idOf('MARKDOWN'), { code: node.code, width: node.width, height: node.height }));
      case 'header':
        return put(newComponent('HEADER', idOf('HEADER'), { text: node.text, headerSize: node.size, background: node.background }));
      case 'divider':
        return put(newComponent('DIVIDER', idOf('DIVIDER')));
      case 'row': {
        const id = idOf('ROW');
        return put(newComponent('ROW', id), addAll(node.children));
      }
      case 'column': {
        const id = idOf('COLUMN');
        return put(newComponent('COLUMN', id, { width: node.width }), addAll(node.children));
      }
      case 'tabs': {
        const id = idOf('TABS');
        const tabIds = node.tabs.map((t) => put(newComponent('TAB', `TAB-${t.key}`, { text: t.text }), addAll(t.children)));
        return put(newComponent('TABS', id), tabIds);
      }
    }
  };
  const addAll = (nodes: readonly LayoutNode[]): string[] => nodes.map(add).filter((id): id is string => id !== null);

  const base = emptyLayout(def.dashboard_title);
  const topTabs = def.layout.length === 1 && def.layout[0].kind === 'tabs' ? add(def.layout[0]) : null;
  const gridChildren = topTabs ? [] : addAll(def.layout);
  return normalizeLayout({
    ...items,
    [DASHBOARD_ROOT_ID]: { ...base[DASHBOARD_ROOT_ID], children: [topTabs ?? DASHBOARD_GRID_ID] },
    [DASHBOARD_GRID_ID]: { ...base[DASHBOARD_GRID_ID], children: gridChildren },
    [DASHBOARD_HEADER_ID]: base[DASHBOARD_HEADER_ID],
  }, { title: def.dashboard_title });
}
