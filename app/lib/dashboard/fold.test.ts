import { describe, expect, it } from 'vitest';
import { chartsBelowFold, DASHBOARD_HEADER_PX, DIVIDER_PX, estimateTops, FOLD_PX, HEADER_PX, TABS_BAR_PX } from './fold';
import type { DashboardLayout, LayoutItem } from './layout';

const GAP = 16;

function layoutOf(items: Array<[id: string, type: LayoutItem['type'], children: string[], meta?: LayoutItem['meta']]>): DashboardLayout {
  const layout: DashboardLayout = {};
  for (const [id, type, children, meta] of items) layout[id] = { id, type, children, parents: [], meta: meta ?? {} };
  layout.HEADER_ID ??= { id: 'HEADER_ID', type: 'HEADER', children: [], parents: [], meta: { text: 'Board' } };
  return layout;
}

const chart = (id: string, chartId: number, height = 50, width = 4): [string, LayoutItem['type'], string[], LayoutItem['meta']] => [id, 'CHART', [], { chartId, height, width }];

describe('estimateTops', () => {
  it('stacks rows under the title bar, each as tall as its tallest child, with the gap between them', () => {
    const tops = estimateTops(layoutOf([
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1', 'ROW-2']],
      ['ROW-1', 'ROW', ['C1', 'C2']],
      chart('C1', 1, 50),
      chart('C2', 2, 80),
      ['ROW-2', 'ROW', ['C3']],
      chart('C3', 3, 30),
    ]));
    expect(tops.get('C1')).toBe(DASHBOARD_HEADER_PX);
    expect(tops.get('C2')).toBe(DASHBOARD_HEADER_PX);
    expect(tops.get('C3')).toBe(DASHBOARD_HEADER_PX + 80 * 8 + GAP);
  });

  it('stacks a column’s children, and counts headers, dividers, markdown and tab bars', () => {
    const tops = estimateTops(layoutOf([
      ['ROOT_ID', 'ROOT', ['TABS-top']],
      ['TABS-top', 'TABS', ['TAB-a', 'TAB-b']],
      ['TAB-a', 'TAB', ['HEADER-1', 'DIVIDER-1', 'ROW-1']],
      ['HEADER-1', 'HEADER', [], { headerSize: 'LARGE_HEADER', text: 'Top' }],
      ['DIVIDER-1', 'DIVIDER', []],
      ['ROW-1', 'ROW', ['COLUMN-1', 'MARKDOWN-1']],
      ['COLUMN-1', 'COLUMN', ['C1', 'C2'], { width: 6 }],
      chart('C1', 1, 20),
      chart('C2', 2, 20),
      ['MARKDOWN-1', 'MARKDOWN', [], { height: 100, code: '#' }],
      ['TAB-b', 'TAB', ['ROW-b']],
      ['ROW-b', 'ROW', ['C3']],
      chart('C3', 3),
    ]));
    const rowTop = DASHBOARD_HEADER_PX + TABS_BAR_PX + HEADER_PX.LARGE_HEADER + GAP + DIVIDER_PX + GAP;
    expect(tops.get('ROW-1')).toBe(rowTop);
    expect(tops.get('C1')).toBe(rowTop);
    expect(tops.get('C2')).toBe(rowTop + 20 * 8 + GAP);
    expect(tops.get('MARKDOWN-1')).toBe(rowTop);
    // The inactive tab is not on screen.
    expect(tops.has('C3')).toBe(false);
    expect(estimateTops(layoutOf([
      ['ROOT_ID', 'ROOT', ['TABS-top']],
      ['TABS-top', 'TABS', ['TAB-a', 'TAB-b']],
      ['TAB-a', 'TAB', []],
      ['TAB-b', 'TAB', ['ROW-b']],
      ['ROW-b', 'ROW', ['C3']],
      chart('C3', 3),
    ]), ['TAB-b']).get('C3')).toBe(DASHBOARD_HEADER_PX + TABS_BAR_PX);
  });
});

describe('chartsBelowFold', () => {
  it('lists, in reading order, the charts on screen that start below the fold', () => {
    // Rows of 50 units (400 px): rows start at 72, 488, 904, 1320, 1736, 2152.
    const rows = Array.from({ length: 6 }, (_, i) => [`ROW-${i}`, 'ROW', [`C${i}a`, `C${i}b`]] as [string, LayoutItem['type'], string[]]);
    const charts = Array.from({ length: 6 }, (_, i) => [chart(`C${i}a`, 10 + 2 * i), chart(`C${i}b`, 11 + 2 * i)]).flat();
    const layout = layoutOf([['ROOT_ID', 'ROOT', ['GRID_ID']], ['GRID_ID', 'GRID', rows.map(([id]) => id)], ...rows, ...charts]);
    expect(chartsBelowFold(layout)).toEqual([18, 19, 20, 21]);
    expect(chartsBelowFold(layout, [], 10_000)).toEqual([]);
    expect(FOLD_PX).toBe(1600);
  });

  it('counts a chart placed twice where it first shows', () => {
    const layout = layoutOf([
      ['ROOT_ID', 'ROOT', ['GRID_ID']],
      ['GRID_ID', 'GRID', ['ROW-1', 'ROW-2']],
      ['ROW-1', 'ROW', ['C1']],
      chart('C1', 1, 300),
      ['ROW-2', 'ROW', ['C2', 'C3']],
      chart('C2', 2),
      chart('C3', 1),
    ]);
    expect(chartsBelowFold(layout)).toEqual([2]);
  });
});
