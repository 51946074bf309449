import { describe, expect, it } from 'vitest';
import { parseLayout } from './parse';
import {
  activeTabsShowing, chartIdsInLayout, chartIdsUnder, findChartComponentId, isComponentVisible, resolveActiveTabs, tabsPathTo, visibleChartIds,
} from './selectors';
import { chart, gridLayout, row, tab, tabs, tabsLayout } from './fixtures/build-layout';
import salesPosition from './fixtures/sales-dashboard-position.json';
import fccPosition from './fixtures/fcc-survey-position.json';

// ROOT > top tabs [one: chart 1, nested tabs [a: chart 2, b: chart 3]] [two: chart 4]
const nested = () => tabsLayout(tabs('top',
  tab('one', row('r1', chart('c1', 1)), tabs('inner', tab('a', row('r2', chart('c2', 2))), tab('b', row('r3', chart('c3', 3))))),
  tab('two', row('r4', chart('c4', 4)))));

describe('charts in a layout', () => {
  it('lists every chart once, in reading order, hidden tabs included', () => {
    expect(chartIdsInLayout(nested())).toEqual([1, 2, 3, 4]);
    expect(chartIdsInLayout(gridLayout(row('a', chart('x', 7), chart('y', 7))))).toEqual([7]);
    expect(chartIdsUnder(nested(), 'TAB-one')).toEqual([1, 2, 3]);
    expect(findChartComponentId(nested(), 3)).toBe('CHART-c3');
    expect(findChartComponentId(nested(), 99)).toBeNull();
  });
});

describe('tabs', () => {
  it('gives the tabs leading to a component', () => {
    expect(tabsPathTo(nested(), 'CHART-c3')).toEqual(['TAB-one', 'TAB-b']);
    expect(tabsPathTo(nested(), 'TAB-two')).toEqual(['TAB-two']);
    expect(tabsPathTo(gridLayout(row('a', chart('x', 1))), 'CHART-x')).toEqual([]);
    expect(tabsPathTo(nested(), 'missing')).toEqual([]);
  });

  it('resolves active tabs: the requested one per visible group, else the first', () => {
    expect(resolveActiveTabs(nested())).toEqual(['TAB-one', 'TAB-a']);
    expect(resolveActiveTabs(nested(), ['TAB-b'])).toEqual(['TAB-one', 'TAB-b']);
    // A nested group under an inactive tab is not on screen, so it has no active tab.
    expect(resolveActiveTabs(nested(), ['TAB-two', 'TAB-b', 'TAB-unknown'])).toEqual(['TAB-two']);
  });

  it('activates the tabs that show a component and keeps the other groups', () => {
    expect(activeTabsShowing(nested(), 'CHART-c3', ['TAB-one', 'TAB-a'])).toEqual(['TAB-one', 'TAB-b']);
    expect(activeTabsShowing(nested(), 'CHART-c4', ['TAB-one', 'TAB-b'])).toEqual(['TAB-two']);
  });
});

describe('visible charts', () => {
  it('leaves out charts inside inactive tabs', () => {
    expect(visibleChartIds(nested())).toEqual([1, 2]);
    expect(visibleChartIds(nested(), ['TAB-b'])).toEqual([1, 3]);
    expect(visibleChartIds(nested(), ['TAB-two'])).toEqual([4]);
    expect(isComponentVisible(nested(), 'CHART-c3', ['TAB-b'])).toBe(true);
    expect(isComponentVisible(nested(), 'CHART-c3')).toBe(false);
    expect(isComponentVisible(nested(), 'GRID_ID')).toBe(false);
  });

  it('shows every chart of a dashboard without tabs', () => {
    expect(visibleChartIds(gridLayout(row('a', chart('x', 1)), row('b', chart('y', 2))))).toEqual([1, 2]);
  });

  it('reads the examples: the first tab by default, the other by request', () => {
    const sales = parseLayout(salesPosition);
    expect(visibleChartIds(sales)).toEqual([114, 115, 118, 111, 113, 120]);
    expect(visibleChartIds(sales, ['TAB-4fthLQmdX'])).toEqual([116, 112, 119, 117]);
    const fcc = parseLayout(fccPosition);
    expect(visibleChartIds(fcc)).toEqual([1384, 1383, 1385, 3630, 1386, 1380, 1388]);
    expect(visibleChartIds(fcc, ['TAB-l_9I0aNYZ'])).toEqual([1361, 3632, 3631, 3633, 1376, 3634, 3635]);
  });
});
