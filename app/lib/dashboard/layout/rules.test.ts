import { describe, expect, it } from 'vitest';
import { canContain, componentDepth, findParentId, isValidChild, shouldWrapInRow, topLevelTabsId } from './rules';
import { chart, column, gridLayout, row, tab, tabs, tabsLayout } from './fixtures/build-layout';

describe('isValidChild', () => {
  it('lets the root hold the grid or tabs, and nothing else', () => {
    expect(isValidChild('ROOT', 'GRID', 0)).toBe(true);
    expect(isValidChild('ROOT', 'TABS', 0)).toBe(true);
    expect(isValidChild('ROOT', 'ROW', 0)).toBe(false);
    expect(isValidChild('ROOT', 'CHART', 0)).toBe(false);
  });
  it('lets rows hold charts, markdown and columns, never headers, dividers, rows or tabs', () => {
    for (const type of ['CHART', 'MARKDOWN', 'COLUMN', 'DYNAMIC'] as const) expect(isValidChild('ROW', type, 2)).toBe(true);
    for (const type of ['HEADER', 'DIVIDER', 'ROW', 'TABS', 'TAB'] as const) expect(isValidChild('ROW', type, 2)).toBe(false);
  });
  it('lets tabs hold only tabs, and leaves hold nothing', () => {
    expect(isValidChild('TABS', 'TAB', 2)).toBe(true);
    expect(isValidChild('TABS', 'ROW', 2)).toBe(false);
    expect(isValidChild('TAB', 'TAB', 2)).toBe(false);
    for (const leaf of ['CHART', 'MARKDOWN', 'HEADER', 'DIVIDER', 'DYNAMIC'] as const) expect(isValidChild(leaf, 'CHART', 2)).toBe(false);
  });
  it('limits nesting by the parent depth', () => {
    expect(isValidChild('COLUMN', 'ROW', 3)).toBe(true);
    expect(isValidChild('COLUMN', 'ROW', 5)).toBe(false);
    expect(isValidChild('ROW', 'COLUMN', 4)).toBe(true);
    expect(isValidChild('ROW', 'CHART', 5)).toBe(false);
    expect(isValidChild('TAB', 'TABS', 3)).toBe(true);
    expect(isValidChild('TAB', 'TABS', 4)).toBe(false);
    expect(isValidChild('TAB', 'CHART', 5)).toBe(true);
    expect(isValidChild('GRID', 'ROW', 2)).toBe(false);
  });
});

describe('componentDepth', () => {
  it('grows under the grid, rows and columns', () => {
    const layout = gridLayout(row('a', column('c', 4, row('b', chart('x', 1)))));
    expect(componentDepth(layout, 'ROOT_ID')).toBe(0);
    expect(componentDepth(layout, 'GRID_ID')).toBe(1);
    expect(componentDepth(layout, 'ROW-a')).toBe(2);
    expect(componentDepth(layout, 'COLUMN-c')).toBe(3);
    expect(componentDepth(layout, 'ROW-b')).toBe(4);
    expect(componentDepth(layout, 'CHART-x')).toBe(5);
  });
  it('does not grow through nested tabs', () => {
    const layout = gridLayout(tabs('t', tab('one', row('r', chart('x', 1)))));
    expect(componentDepth(layout, 'TABS-t')).toBe(2);
    expect(componentDepth(layout, 'TAB-one')).toBe(2);
    expect(componentDepth(layout, 'ROW-r')).toBe(2);
    expect(componentDepth(layout, 'CHART-x')).toBe(3);
  });
  it('puts a top-level tab where the grid is, and its content one below', () => {
    const layout = tabsLayout(tabs('top', tab('one', row('r', chart('x', 1)), tabs('inner', tab('two', row('s'))))));
    expect(componentDepth(layout, 'TABS-top')).toBe(1);
    expect(componentDepth(layout, 'TAB-one')).toBe(1);
    expect(componentDepth(layout, 'ROW-r')).toBe(2);
    expect(componentDepth(layout, 'TABS-inner')).toBe(2);
    expect(componentDepth(layout, 'ROW-s')).toBe(2);
    expect(componentDepth(layout, 'nope')).toBeNull();
  });
});

describe('canContain', () => {
  it('applies type and depth where the container is', () => {
    const layout = gridLayout(row('a', column('c', 4, row('b')), chart('x', 1)), tabs('t', tab('one')));
    expect(canContain(layout, 'ROW-a', 'CHART')).toBe(true);
    expect(canContain(layout, 'ROW-a', 'HEADER')).toBe(false);
    expect(canContain(layout, 'COLUMN-c', 'ROW')).toBe(true);
    expect(canContain(layout, 'ROW-b', 'COLUMN')).toBe(true);
    expect(canContain(layout, 'TAB-one', 'TABS')).toBe(true);
    expect(canContain(layout, 'CHART-x', 'CHART')).toBe(false);
    expect(canContain(layout, 'missing', 'CHART')).toBe(false);
    expect(canContain(layout, '__proto__', 'CHART')).toBe(false);
  });
  it('takes tabs on the root only while there are no top-level tabs', () => {
    expect(canContain(gridLayout(), 'ROOT_ID', 'TABS')).toBe(true);
    expect(canContain(gridLayout(), 'ROOT_ID', 'ROW')).toBe(false);
    expect(canContain(tabsLayout(tabs('top', tab('one'))), 'ROOT_ID', 'TABS')).toBe(false);
  });
});

describe('helpers', () => {
  it('wraps charts, markdown and columns in a row in the grid and in tabs only', () => {
    expect(shouldWrapInRow('GRID', 'CHART')).toBe(true);
    expect(shouldWrapInRow('TAB', 'MARKDOWN')).toBe(true);
    expect(shouldWrapInRow('TAB', 'COLUMN')).toBe(true);
    expect(shouldWrapInRow('GRID', 'HEADER')).toBe(false);
    expect(shouldWrapInRow('ROW', 'CHART')).toBe(false);
    expect(shouldWrapInRow('COLUMN', 'CHART')).toBe(false);
  });
  it('finds parents and top-level tabs', () => {
    const layout = tabsLayout(tabs('top', tab('one', row('r', chart('x', 1)))));
    expect(findParentId(layout, 'CHART-x')).toBe('ROW-r');
    expect(findParentId(layout, 'ROOT_ID')).toBeNull();
    expect(topLevelTabsId(layout)).toBe('TABS-top');
    expect(topLevelTabsId(gridLayout())).toBeNull();
  });
});
