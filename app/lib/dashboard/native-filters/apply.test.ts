import { describe, expect, it } from 'vitest';
import { chart, gridLayout, row } from '../layout/fixtures/build-layout';
import { filtersForChart, filtersForCharts, type FilterContext } from './apply';
import { buildDataMask, crossFilterDataMask } from './data-mask';
import { nativeFilter, regionFilter } from './fixtures/filters';

// Charts 1 and 2 on dataset 1 (region, country), chart 3 on dataset 2 which also has region, chart 4 on dataset 3 without it.
const layout = gridLayout(row('1', chart('1', 1), chart('2', 2)), row('2', chart('3', 3), chart('4', 4)));
const charts = [
  { id: 1, datasetId: 1, columns: ['region', 'country'] },
  { id: 2, datasetId: 1 },
  { id: 3, datasetId: 2, columns: ['region', 'sales'] },
  { id: 4, datasetId: 3, columns: ['age'] },
];

describe('filtersForChart', () => {
  const region = regionFilter({ scope: { rootPath: ['ROOT_ID'], excluded: [2] } });
  const time = nativeFilter('T', 'filter_time');
  const age = nativeFilter('A', 'filter_range', { column: 'age', datasetId: 3 });
  const context: FilterContext = {
    filters: [region, time, age],
    dataMask: { [region.id]: buildDataMask(region, ['Europe']), T: buildDataMask(time, 'Last week'), A: buildDataMask(age, [null, null]) },
    charts,
    layout,
  };

  it('merges the filters in scope that the chart can take', () => {
    expect(filtersForChart(1, context)).toEqual({
      chartId: 1,
      extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['Europe'] }], time_range: 'Last week' },
      applied: [{ id: region.id, kind: 'native', name: region.name }, { id: 'T', kind: 'native', name: 'T' }],
      unset: [],
      rejected: [{ id: 'A', kind: 'native', name: 'A', reason: "column 'age' is not in the chart's dataset" }],
    });
  });

  it('leaves out excluded charts, and takes a filter from another dataset that has the column', () => {
    expect(filtersForChart(2, context).applied.map((f) => f.id)).toEqual(['T']);
    expect(filtersForChart(3, context).extraFormData.filters).toEqual([{ col: 'region', op: 'IN', val: ['Europe'] }]);
  });

  it('rejects a filter on a column the chart lacks, and counts an unset one as unset', () => {
    const result = filtersForChart(4, context);
    expect(result.rejected).toEqual([{ id: region.id, kind: 'native', name: region.name, reason: "column 'region' is not in the chart's dataset" }]);
    expect(result.unset.map((f) => f.id)).toEqual(['A']);
    expect(result.extraFormData).toEqual({ time_range: 'Last week' });
  });

  it("rejects a filter from another dataset when the chart's columns are unknown", () => {
    const result = filtersForChart(2, { ...context, filters: [age] });
    expect(result.rejected[0].reason).toBe("the chart's dataset is not the filter's, and its columns are unknown");
  });

  it('uses the stored chartsInScope when no layout is given', () => {
    const stored = { ...region, chartsInScope: [3] };
    const result = filtersForCharts({ ...context, filters: [stored], layout: undefined });
    expect(result[1].applied).toEqual([]);
    expect(result[3].applied.map((f) => f.id)).toEqual([region.id]);
  });
});

describe('cross-filters', () => {
  const base: FilterContext = { filters: [], charts, layout, dataMask: { 1: crossFilterDataMask(1, { region: ['Asia'] }) } };

  it('reach the charts in scope but not the emitting chart', () => {
    const result = filtersForCharts(base);
    expect(result[1].applied).toEqual([]);
    expect(result[2].applied).toEqual([{ id: '1', kind: 'cross', name: '1' }]);
    expect(result[3].extraFormData.filters).toEqual([{ col: 'region', op: 'IN', val: ['Asia'] }]);
    expect(result[4].rejected.map((f) => f.id)).toEqual(['1']);
  });

  it("follow the emitting chart's scope, and are off when the dashboard turns them off", () => {
    const scoped = { ...base, metadata: { chart_configuration: { 1: { id: 1, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [3] } } } } } };
    expect(filtersForChart(3, scoped).applied).toEqual([]);
    expect(filtersForChart(2, scoped).applied).toHaveLength(1);
    expect(filtersForChart(2, { ...base, metadata: { cross_filters_enabled: false } }).applied).toEqual([]);
  });

  it('combine with native filters', () => {
    const region = regionFilter();
    const result = filtersForChart(2, { ...base, filters: [region], dataMask: { ...base.dataMask, [region.id]: buildDataMask(region, ['Asia', 'Europe']) } });
    expect(result.extraFormData.filters).toEqual([
      { col: 'region', op: 'IN', val: ['Asia', 'Europe'] },
      { col: 'region', op: 'IN', val: ['Asia'] },
    ]);
  });
});
