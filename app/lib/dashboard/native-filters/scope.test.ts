import { describe, expect, it } from 'vitest';
import { chart, gridLayout, row, tab, tabs, tabsLayout } from '../layout/fixtures/build-layout';
import { chartsInScope, crossFilterChartsInScope, crossFilterScopeOf, tabsInScope, withCrossFilterScope, withScopesResolved } from './scope';
import { nativeFilter } from './fixtures/filters';

// ROOT > TABS-top > TAB-a (charts 1, 2, and TABS-inner > TAB-c (chart 3)), TAB-b (charts 4, 5)
const layout = tabsLayout(
  tabs('top',
    tab('a', row('1', chart('1', 1), chart('2', 2)), tabs('inner', tab('c', row('3', chart('3', 3))))),
    tab('b', row('2', chart('4', 4), chart('5', 5)))),
);

describe('chartsInScope', () => {
  it('takes every chart under a root path component, nested tabs included, minus the excluded', () => {
    expect(chartsInScope(layout, { rootPath: ['ROOT_ID'], excluded: [] })).toEqual([1, 2, 3, 4, 5]);
    expect(chartsInScope(layout, { rootPath: ['TAB-a'], excluded: [2] })).toEqual([1, 3]);
    expect(chartsInScope(layout, { rootPath: ['TAB-c', 'TAB-b'], excluded: [] })).toEqual([3, 4, 5]);
  });

  it('leaves filter boxes out, and uses the whole dashboard when there is no scope', () => {
    expect(chartsInScope(layout, undefined, { vizTypes: { 4: 'filter_box', 5: 'table' } })).toEqual([1, 2, 3, 5]);
  });

  it('ignores root path ids that are not in the layout', () => {
    expect(chartsInScope(layout, { rootPath: ['TAB-gone'], excluded: [] })).toEqual([]);
  });
});

describe('tabsInScope', () => {
  it('lists every tab on the way down to the charts', () => {
    expect(tabsInScope(layout, [3])).toEqual(['TAB-a', 'TAB-c']);
    expect(tabsInScope(layout, [4, 1])).toEqual(['TAB-a', 'TAB-b']);
    expect(tabsInScope(gridLayout(row('1', chart('1', 1))), [1])).toEqual([]);
  });

  it('is stored on each filter by withScopesResolved', () => {
    const [filter] = withScopesResolved([nativeFilter('F', 'filter_select', { column: 'x', scope: { rootPath: ['TAB-b'], excluded: [5] } })], layout);
    expect(filter).toMatchObject({ chartsInScope: [4], tabsInScope: ['TAB-b'] });
  });
});

describe('cross-filter scope', () => {
  it('is global by default and never holds the emitting chart', () => {
    expect(crossFilterScopeOf({}, 1)).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [] }, global: true });
    expect(crossFilterChartsInScope(layout, {}, 1)).toEqual([2, 3, 4, 5]);
  });

  it('follows global_chart_configuration when the chart says global or has no entry', () => {
    const metadata = {
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [5] } },
      chart_configuration: { 2: { id: 2, crossFilters: { scope: 'global' } } },
    };
    expect(crossFilterChartsInScope(layout, metadata, 2)).toEqual([1, 3, 4]);
    expect(crossFilterChartsInScope(layout, metadata, 3)).toEqual([1, 2, 4]);
  });

  it("uses a chart's own scope from chart_configuration", () => {
    const metadata = { chart_configuration: { 4: { id: 4, crossFilters: { scope: { rootPath: ['TAB-b'], excluded: [] } } } } };
    expect(crossFilterScopeOf(metadata, 4).global).toBe(false);
    expect(crossFilterChartsInScope(layout, metadata, 4)).toEqual([5]);
  });

  it('withCrossFilterScope saves one chart scope and recomputes every chartsInScope', () => {
    const saved = withCrossFilterScope(layout, { chart_configuration: { 9: { id: 9, crossFilters: { scope: 'global' }, extra: 1 } } }, 1, { rootPath: ['TAB-a'], excluded: [] });
    expect(saved.chart_configuration['1']).toEqual({ id: 1, crossFilters: { scope: { rootPath: ['TAB-a'], excluded: [] }, chartsInScope: [2, 3] } });
    expect(saved.chart_configuration['2'].crossFilters).toEqual({ scope: 'global', chartsInScope: [1, 3, 4, 5] });
    expect(saved.chart_configuration['9']).toMatchObject({ extra: 1, crossFilters: { scope: 'global' } });
    expect(saved.global_chart_configuration).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [1, 2, 3, 4, 5] });
  });
});
