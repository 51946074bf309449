import { describe, expect, it } from 'vitest';
import { layoutToJson, layoutToPosition, parseLayout } from './parse';
import { chartIdsInLayout } from './selectors';
import salesPosition from './fixtures/sales-dashboard-position.json';
import fccPosition from './fixtures/fcc-survey-position.json';
import type { DashboardLayout } from './types';

/** Every reachable component once, each child listing its parent chain: the invariants parse promises. */
function expectConsistent(layout: DashboardLayout) {
  const seen = new Set<string>();
  const visit = (id: string, parents: string[]) => {
    expect(seen.has(id)).toBe(false);
    seen.add(id);
    expect(layout[id].parents).toEqual(parents);
    expect(layout[id].id).toBe(id);
    for (const child of layout[id].children) visit(child, [...parents, id]);
  };
  visit('ROOT_ID', []);
  for (const id of Object.keys(layout)) if (!seen.has(id)) expect(['GRID_ID', 'HEADER_ID']).toContain(id);
}

describe('parseLayout on Superset examples', () => {
  it('reads the Sales Dashboard export (top-level tabs, columns, no parents on the title) whole', () => {
    const layout = parseLayout(JSON.stringify(salesPosition));
    expectConsistent(layout);
    expect(layout.ROOT_ID.children).toEqual(['TABS-e5Ruro0cjP']);
    expect(layout['TABS-e5Ruro0cjP'].children).toEqual(['TAB-d-E0Zc1cTH', 'TAB-4fthLQmdX']);
    expect(layout['ROW-Tyv02UA_6W'].children).toEqual(['COLUMN-8Rp54B6ikC', 'CHART-vomBOiI7U9', 'MARKDOWN--AtDSWnapE']);
    expect(layout['CHART-1NOOLm5YPs']).toEqual({
      id: 'CHART-1NOOLm5YPs',
      type: 'CHART',
      children: [],
      parents: ['ROOT_ID', 'TABS-e5Ruro0cjP', 'TAB-d-E0Zc1cTH', 'ROW-Tyv02UA_6W', 'COLUMN-8Rp54B6ikC'],
      meta: { chartId: 115, height: 25, sliceName: 'Items Sold', sliceNameOverride: 'Total Products Sold', uuid: 'c3d643cd-fd6f-4659-a5b7-59402487a8d0', width: 2 },
    });
    expect(layout.HEADER_ID).toEqual({ id: 'HEADER_ID', type: 'HEADER', children: [], parents: [], meta: { text: 'Sales Dashboard' } });
    expect(layout['MARKDOWN--AtDSWnapE'].meta.code).toContain('Vehicle Sales');
    expect(chartIdsInLayout(layout)).toEqual([114, 115, 118, 111, 113, 120, 116, 112, 119, 117]);
    // Every stored component survives (the grid stays, detached, as Superset keeps it).
    expect(Object.keys(layout).sort()).toEqual(Object.keys(salesPosition).filter((k) => k !== 'DASHBOARD_VERSION_KEY').sort());
  });

  it('reads the parsed object as it reads the text, and round-trips through JSON', () => {
    const fromObject = parseLayout(fccPosition);
    expect(fromObject).toEqual(parseLayout(JSON.stringify(fccPosition)));
    expectConsistent(fromObject);
    const json = layoutToJson(fromObject);
    expect(JSON.parse(json).DASHBOARD_VERSION_KEY).toBe('v2');
    expect(parseLayout(json)).toEqual(fromObject);
    expect(layoutToPosition(fromObject)).toMatchObject({ DASHBOARD_VERSION_KEY: 'v2', ROOT_ID: { children: ['GRID_ID'] } });
  });
});

describe('parseLayout repairs', () => {
  it('reads empty, malformed and non-object values as an empty dashboard', () => {
    for (const stored of [null, undefined, '', '{"a":', '[1]', 42, 'null']) {
      const layout = parseLayout(stored, { title: 'T' });
      expect(layout).toEqual({
        ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [], meta: {} },
        GRID_ID: { id: 'GRID_ID', type: 'GRID', children: [], parents: ['ROOT_ID'], meta: {} },
        HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', children: [], parents: [], meta: { text: 'T' } },
      });
    }
  });

  it('drops dangling children, unknown types, unreachable components, a second parent, and children in the wrong container', () => {
    const stored = JSON.stringify({
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-a', 'ROW-b', 'gone', 'IFRAME-x', 'CHART-loose', '__proto__'] },
      'ROW-a': { id: 'ROW-a', type: 'ROW', children: ['CHART-1', 'HEADER-h', 'CHART-nochart'], meta: {} },
      'ROW-b': { id: 'ROW-b', type: 'ROW', children: ['CHART-1'], meta: {} },
      'CHART-1': { id: 'CHART-1', type: 'CHART', children: ['ROW-a'], meta: { chartId: 1, width: 'wide', height: -3 } },
      'CHART-loose': { id: 'CHART-loose', type: 'CHART', children: [], meta: { chartId: 2, width: 30 } },
      'CHART-nochart': { id: 'CHART-nochart', type: 'CHART', children: [], meta: {} },
      'HEADER-h': { id: 'HEADER-h', type: 'HEADER', children: [], meta: { text: 'x', headerSize: 'HUGE' } },
      'IFRAME-x': { id: 'IFRAME-x', type: 'IFRAME', children: [], meta: {} },
      'ROW-orphan': { id: 'ROW-orphan', type: 'ROW', children: [], meta: {} },
    });
    // A stored key that an object literal could not hold: JSON text can.
    const layout = parseLayout(stored.replace(/^\{/, '{"__proto__":{"id":"__proto__","type":"ROW","children":[]},'));
    expectConsistent(layout);
    expect(layout.GRID_ID.children).toEqual(['ROW-a', 'ROW-b', 'CHART-loose']);
    expect(layout['ROW-a'].children).toEqual(['CHART-1']);
    expect(layout['ROW-b'].children).toEqual([]);
    expect(layout['CHART-1']).toMatchObject({ children: [], meta: { chartId: 1, width: 4, height: 50 } });
    expect(layout['CHART-loose'].meta.width).toBe(12);
    for (const gone of ['HEADER-h', 'CHART-nochart', 'IFRAME-x', 'ROW-orphan']) expect(layout[gone]).toBeUndefined();
    expect(Object.hasOwn(layout, '__proto__')).toBe(false);
  });

  it('fills in parents that Superset exports leave out, and uses the key as the id', () => {
    const layout = parseLayout({
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-a'] },
      'ROW-a': { id: 'ROW-other', type: 'ROW', children: ['CHART-x'] },
      'CHART-x': { id: 'CHART-x', type: 'CHART', children: [], meta: { chartId: 9, width: 4, height: 50 }, parents: ['wrong'] },
    });
    expect(layout['ROW-a'].id).toBe('ROW-a');
    expect(layout['CHART-x'].parents).toEqual(['ROOT_ID', 'GRID_ID', 'ROW-a']);
  });
});

describe('charts the layout does not place', () => {
  it('lays out a dashboard without a layout in rows of three charts 4 wide', () => {
    const layout = parseLayout(null, { chartIds: [5, 6, 7, 8], chartNames: { 5: 'Five' } });
    expect(layout.GRID_ID.children).toEqual(['ROW-explore-5', 'ROW-explore-8']);
    expect(layout['ROW-explore-5'].children).toEqual(['CHART-explore-5-1', 'CHART-explore-6-1', 'CHART-explore-7-1']);
    expect(layout['ROW-explore-8'].children).toEqual(['CHART-explore-8-1']);
    expect(layout['CHART-explore-5-1'].meta).toEqual({ width: 4, height: 50, chartId: 5, sliceName: 'Five' });
    expect(layout['CHART-explore-8-1'].parents).toEqual(['ROOT_ID', 'GRID_ID', 'ROW-explore-8']);
  });

  it('appends only the missing ones, into the first top-level tab, and renames placed charts', () => {
    const layout = parseLayout(salesPosition, { chartIds: [111, 999, 112], chartNames: { 111: 'Renamed' } });
    expect(layout['TAB-d-E0Zc1cTH'].children).toEqual(['ROW-Tyv02UA_6W', 'ROW-oAtmu5grZ', 'ROW-explore-999']);
    expect(layout['ROW-explore-999'].children).toEqual(['CHART-explore-999-1']);
    expect(layout['CHART-id4RGv80N-'].meta.sliceName).toBe('Renamed');
    expect(chartIdsInLayout(layout)).toHaveLength(11);
  });

  it('brings back a chart whose holder had to be dropped', () => {
    const layout = parseLayout({
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-a'] },
      'ROW-a': { id: 'ROW-a', type: 'ROW', children: ['TABS-bad'] },
      'TABS-bad': { id: 'TABS-bad', type: 'TABS', children: ['CHART-x'] },
      'CHART-x': { id: 'CHART-x', type: 'CHART', children: [], meta: { chartId: 4 } },
    }, { chartIds: [4] });
    expect(chartIdsInLayout(layout)).toEqual([4]);
    expect(layout.GRID_ID.children).toEqual(['ROW-a', 'ROW-explore-4']);
  });
});
