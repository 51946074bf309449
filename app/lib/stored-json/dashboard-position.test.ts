import { describe, expect, it } from 'vitest';
import { chartIdsIn, readDashboardPosition } from './dashboard-position';

const layout = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-a', 'CHART-b'], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
  'CHART-a': { id: 'CHART-a', type: 'CHART', children: [], meta: { chartId: 7, width: 4, height: 50, sliceName: 'Births' } },
  'CHART-b': { id: 'CHART-b', type: 'CHART', children: [], meta: { chartId: 9, width: 'wide' } },
  'DYNAMIC-1': { id: 'DYNAMIC-1', type: 'DYNAMIC', children: [], meta: { dashboardComponentId: 'x' } },
};

describe('readDashboardPosition', () => {
  it('reads the version and every component, keeping unknown types and meta keys', () => {
    const position = readDashboardPosition(JSON.stringify(layout));
    expect(position.version).toBe('v2');
    expect(Object.keys(position.components)).toEqual(['ROOT_ID', 'GRID_ID', 'ROW-1', 'CHART-a', 'CHART-b', 'DYNAMIC-1']);
    expect(position.components['CHART-a'].meta).toMatchObject({ chartId: 7, width: 4, sliceName: 'Births' });
    expect(position.components['CHART-b'].meta.width).toBeUndefined();
    expect(position.components['DYNAMIC-1'].meta).toMatchObject({ dashboardComponentId: 'x' });
    expect(position.components.ROOT_ID).toMatchObject({ children: ['GRID_ID'], meta: {} });
    expect(chartIdsIn(position)).toEqual([7, 9]);
  });

  it('leaves out entries that are not components', () => {
    const position = readDashboardPosition(JSON.stringify({ a: { type: 'ROW' }, b: 'x', c: { id: 'c', type: 'HEADER', children: 'no' } }));
    expect(position).toEqual({ version: null, components: { c: { id: 'c', type: 'HEADER', children: [], meta: {} } } });
  });

  it('reads a missing or malformed layout as empty', () => {
    for (const text of [null, '', '{"a":', '[1]', 'true']) expect(readDashboardPosition(text)).toEqual({ version: null, components: {} });
  });
});
