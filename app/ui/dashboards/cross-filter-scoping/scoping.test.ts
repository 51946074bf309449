import { describe, expect, it } from 'vitest';
import { chart, gridLayout, row, tab, tabs, tabsLayout } from '~/lib/dashboard/layout/fixtures/build-layout';
import { crossFilterChartsInScope } from '~/lib/dashboard/native-filters/scope';
import { reachedBy, readScoping, scopingMetadata } from './scoping';

const layout = gridLayout(row('1', chart('1', 1), chart('2', 2), chart('3', 3)));
const ids = [1, 2, 3];

describe('reading the cross-filter scoping', () => {
  it('is global over every chart by default', () => {
    expect(readScoping(layout, {}, ids)).toEqual({ globalExcluded: [], custom: {} });
  });

  it('reads the global exclusions and each chart’s own scope (a chart saying "global" follows it)', () => {
    const metadata = {
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [3] }, chartsInScope: [1, 2] },
      chart_configuration: {
        1: { id: 1, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [1, 2] } } },
        2: { id: 2, crossFilters: { scope: 'global' } },
      },
    };
    expect(readScoping(layout, metadata, ids)).toEqual({ globalExcluded: [3], custom: { 1: [2] } });
  });

  it('reads a scope under a tab as the charts outside it left out', () => {
    const tabbed = tabsLayout(tabs('t', tab('a', row('1', chart('1', 1), chart('2', 2))), tab('b', row('2', chart('3', 3)))));
    const metadata = { chart_configuration: { 3: { id: 3, crossFilters: { scope: { rootPath: ['TAB-a'], excluded: [] } } } } };
    expect(readScoping(tabbed, metadata, ids).custom).toEqual({ 3: [] });
    expect(readScoping(tabbed, { global_chart_configuration: { scope: { rootPath: ['TAB-b'], excluded: [] } } }, ids).globalExcluded).toEqual([1, 2]);
  });
});

describe('the json_metadata saved', () => {
  it('keeps the other keys, writes the global scope and every chart’s, with the charts each reaches', () => {
    const metadata = { color_scheme: 'bnbColors', native_filter_configuration: [{ id: 'F' }], chart_configuration: { 9: { id: 9, crossFilters: { scope: 'global' }, extra: true } } };
    const saved = scopingMetadata(layout, metadata, { globalExcluded: [3], custom: { 2: [1] } }, ids);
    expect(saved.color_scheme).toBe('bnbColors');
    expect(saved.native_filter_configuration).toEqual([{ id: 'F' }]);
    expect(saved.global_chart_configuration).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [3] }, chartsInScope: [1, 2] });
    expect(saved.chart_configuration).toEqual({
      1: { id: 1, crossFilters: { scope: 'global', chartsInScope: [2] } },
      2: { id: 2, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [2, 1] }, chartsInScope: [3] } },
      3: { id: 3, crossFilters: { scope: 'global', chartsInScope: [1, 2] } },
      9: { id: 9, crossFilters: { scope: 'global', chartsInScope: [1, 2] }, extra: true },
    });
    expect(metadata.chart_configuration[9].crossFilters).toEqual({ scope: 'global' });
  });

  it('is what the cross-filter engine reads back', () => {
    const saved = scopingMetadata(layout, {}, { globalExcluded: [2], custom: { 3: [] } }, ids);
    expect(crossFilterChartsInScope(layout, saved, 1)).toEqual([3]);
    expect(crossFilterChartsInScope(layout, saved, 3)).toEqual([1, 2]);
    expect(readScoping(layout, saved, ids)).toEqual({ globalExcluded: [2], custom: { 3: [] } });
  });

  it('lists the charts a chart reaches, by its own scope or the global one', () => {
    const scoping = { globalExcluded: [2], custom: { 3: [1] } };
    expect(reachedBy(scoping, 1, ids)).toEqual([3]);
    expect(reachedBy(scoping, 3, ids)).toEqual([2]);
  });
});
