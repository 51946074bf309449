import { describe, expect, it } from 'vitest';
import { GenericDataType } from '../chart-data/types';
import {
  DIMMED_OPACITY, TABLE_CELL, clickedSelection, crossFilterSelection, emitsCrossFilters, markCrossFilter, nextSelection, sameSelection, selectionIncludes,
  type CrossFilterChart,
} from './cross-filter-selection';

const { STRING, TEMPORAL, NUMERIC } = GenericDataType;

const regionBar = (formData: Record<string, unknown> = {}): CrossFilterChart => ({
  vizType: 'echarts_timeseries_bar',
  formData: { x_axis: 'region', metrics: ['sum__SP_DYN_IMRT_IN'], groupby: [], orientation: 'horizontal', ...formData },
  queriesData: [{ data: [{ region: 'Europe', x: 1 }], colnames: ['region', 'sum__SP_DYN_IMRT_IN'], coltypes: [STRING, NUMERIC] }],
});

const lineByRegion: CrossFilterChart = {
  vizType: 'echarts_timeseries_line',
  formData: { x_axis: 'year', time_grain_sqla: 'P1Y', metrics: ['life'], groupby: ['region'] },
  queriesData: [{ data: [], colnames: ['year', 'Europe', 'South Asia'], coltypes: [TEMPORAL, NUMERIC, NUMERIC] }],
};

const pie: CrossFilterChart = {
  vizType: 'pie',
  formData: { metric: 'pop', groupby: ['region', 'income'] },
  queriesData: [{
    data: [{ region: 'Europe', income: 'High', pop: 10 }, { region: null, income: 'Low', pop: 5 }],
    colnames: ['region', 'income', 'pop'],
    coltypes: [STRING, STRING, NUMERIC],
  }],
};

const heatmap = (xType: GenericDataType): CrossFilterChart => ({
  vizType: 'heatmap_v2',
  formData: { x_axis: 'year', groupby: 'region', metric: 'life' },
  queriesData: [{
    data: [{ year: 2000, region: 'Europe', life: 70 }, { year: 2001, region: 'Asia', life: 60 }],
    colnames: ['year', 'region', 'life'],
    coltypes: [xType, STRING, NUMERIC],
  }],
});

const treemap: CrossFilterChart = {
  vizType: 'treemap_v2',
  formData: { metric: 'pop', groupby: ['region', 'year_num'] },
  queriesData: [{
    data: [{ region: 'Europe', year_num: 2014, pop: 1 }, { region: 'Asia', year_num: 2014, pop: 2 }, { region: 'Asia', year_num: 2015, pop: 3 }],
    colnames: ['region', 'year_num', 'pop'],
    coltypes: [STRING, NUMERIC, NUMERIC],
  }],
};

const table = (formData: Record<string, unknown> = {}): CrossFilterChart => ({
  vizType: 'table',
  formData: { query_mode: 'aggregate', groupby: ['country_name', 'region'], metrics: ['pop'], ...formData },
  queriesData: [{ data: [], colnames: ['country_name', 'region', 'pop', 'ds'], coltypes: [STRING, STRING, NUMERIC, TEMPORAL] }],
});

describe('the selection a click emits', () => {
  it('takes a bar chart’s x-axis value when it has no group-by and the x-axis is a column (horizontal bars give [value, category])', () => {
    const point = { componentType: 'series', seriesName: 'sum__SP_DYN_IMRT_IN', name: 'Europe', data: [12.5, 'Europe'] };
    expect(crossFilterSelection(regionBar(), point)).toEqual({ region: ['Europe'] });
    expect(crossFilterSelection(regionBar({ orientation: 'vertical' }), { ...point, data: ['Europe', 12.5] })).toEqual({ region: ['Europe'] });
  });

  it('leaves a temporal or adhoc x-axis alone', () => {
    const temporal = { ...regionBar({ x_axis: 'ds' }), queriesData: [{ data: [], colnames: ['ds', 'm'], coltypes: [TEMPORAL, NUMERIC] }] };
    expect(crossFilterSelection(temporal, { componentType: 'series', seriesName: 'm', data: [Date.UTC(2008, 0, 1), 3] })).toBeNull();
    const adhoc = regionBar({ x_axis: { label: 'r', sqlExpression: 'lower(region)' } });
    expect(crossFilterSelection(adhoc, { componentType: 'series', seriesName: 'm', data: [3, 'europe'] })).toBeNull();
  });

  it('takes a series’ group-by value, not the time of the point', () => {
    const point = { componentType: 'series', seriesName: 'South Asia', data: [Date.UTC(2008, 0, 1), 61] };
    expect(crossFilterSelection(lineByRegion, point)).toEqual({ region: ['South Asia'] });
    expect(crossFilterSelection(lineByRegion, { componentType: 'markLine', seriesName: 'South Asia' })).toBeNull();
  });

  it('takes a pie slice’s row values (NULL kept as null)', () => {
    expect(crossFilterSelection(pie, { componentType: 'series', name: 'Europe, High', dataIndex: 0 })).toEqual({ region: ['Europe'], income: ['High'] });
    expect(crossFilterSelection(pie, { componentType: 'series', name: '<NULL>, Low', dataIndex: 1 })).toEqual({ region: [null], income: ['Low'] });
    expect(crossFilterSelection(pie, { componentType: 'series', name: 'nothing' })).toBeNull();
  });

  it('takes a heatmap cell’s x and y values, a temporal axis left out', () => {
    expect(crossFilterSelection(heatmap(NUMERIC), { dataIndex: 1, data: ['2001', 'Asia', 60] })).toEqual({ year: [2001], region: ['Asia'] });
    expect(crossFilterSelection(heatmap(TEMPORAL), { dataIndex: 1, data: ['2001', 'Asia', 60] })).toEqual({ region: ['Asia'] });
  });

  it('takes a treemap node’s path, as the rows’ values', () => {
    expect(crossFilterSelection(treemap, { treePathInfo: [{ name: 'pop' }, { name: 'Asia' }, { name: '2015' }] })).toEqual({ region: ['Asia'], year_num: [2015] });
    expect(crossFilterSelection(treemap, { treePathInfo: [{ name: 'pop' }, { name: 'Europe' }] })).toEqual({ region: ['Europe'] });
    expect(crossFilterSelection(treemap, { treePathInfo: [{ name: 'pop' }] })).toBeNull();
  });

  it('takes a table cell of a group-by column only (not a metric, nor a temporal column)', () => {
    expect(crossFilterSelection(table(), { componentType: TABLE_CELL, name: 'region', value: 'Europe' })).toEqual({ region: ['Europe'] });
    expect(crossFilterSelection(table(), { componentType: TABLE_CELL, name: 'pop', value: 12 })).toBeNull();
    expect(crossFilterSelection(table({ groupby: ['ds'] }), { componentType: TABLE_CELL, name: 'ds', value: 0 })).toBeNull();
    expect(crossFilterSelection(table({ query_mode: 'raw', all_columns: ['pop'] }), { componentType: TABLE_CELL, name: 'pop', value: 12 })).toEqual({ pop: [12] });
  });

  it('emits nothing for chart types without cross-filters', () => {
    expect(emitsCrossFilters('big_number_total')).toBe(false);
    expect(crossFilterSelection({ vizType: 'big_number_total', formData: {} }, { name: 'x' })).toBeNull();
    expect(emitsCrossFilters('pie')).toBe(true);
  });
});

describe('clicking again', () => {
  it('removes the selection in force, and replaces another', () => {
    expect(nextSelection({ region: ['Europe'] }, { region: ['Europe'] })).toBeNull();
    expect(nextSelection({ region: ['Europe'] }, { region: ['Asia'] })).toEqual({ region: ['Asia'] });
    expect(nextSelection(undefined, { region: ['Asia'] })).toEqual({ region: ['Asia'] });
  });

  it('tells a click that selects nothing from one that removes the selection', () => {
    const bar = { componentType: 'series', seriesName: 'm', data: [3, 'Europe'] };
    expect(clickedSelection(regionBar(), bar, null)).toEqual({ region: ['Europe'] });
    expect(clickedSelection(regionBar(), bar, { region: ['Europe'] })).toBeNull();
    expect(clickedSelection(regionBar(), { componentType: 'markLine' }, { region: ['Europe'] })).toBeUndefined();
  });

  it('compares values in any order, numbers and their text alike', () => {
    expect(sameSelection({ a: [1, 'x'] }, { a: ['x', '1'] })).toBe(true);
    expect(sameSelection({ a: [null] }, { a: ['null'] })).toBe(false);
    expect(sameSelection({ a: ['x'] }, { b: ['x'] })).toBe(false);
    expect(selectionIncludes({ region: ['Asia', 'Europe'] }, { region: ['Asia'], year: [1] })).toBe(true);
    expect(selectionIncludes({ region: ['Asia'] }, { year: [1] })).toBe(false);
  });

});

describe('marking the selection on the emitting chart', () => {
  it('dims the bars of the other x-axis values', () => {
    const option = { series: [{ type: 'bar', name: 'm', data: [[3, 'Europe'], [4, 'Asia']] }] };
    const marked = markCrossFilter(regionBar(), option, { region: ['Asia'] });
    const [series] = marked.series as { data: unknown[] }[];
    expect(series.data[0]).toEqual({ value: [3, 'Europe'], itemStyle: { opacity: DIMMED_OPACITY } });
    expect(series.data[1]).toEqual([4, 'Asia']);
    expect(option.series[0].data[0]).toEqual([3, 'Europe']);
  });

  it('dims the other series of a grouped time series, lines included', () => {
    const option = { series: [{ type: 'line', name: 'Europe', data: [], itemStyle: { color: 'red', opacity: 1 } }, { type: 'line', name: 'South Asia', data: [] }] };
    const [europe, asia] = markCrossFilter(lineByRegion, option, { region: ['South Asia'] }).series as Record<string, Record<string, unknown>>[];
    expect(europe.itemStyle).toEqual({ color: 'red', opacity: DIMMED_OPACITY });
    expect(europe.lineStyle).toEqual({ opacity: DIMMED_OPACITY });
    expect(asia).toBe(option.series[1]);
  });

  it('dims the other pie slices and heatmap cells by their rows', () => {
    const pieOption = { series: [{ type: 'pie', data: [{ name: 'Europe, High', itemStyle: { opacity: 1 } }, { name: '<NULL>, Low', itemStyle: { opacity: 1 } }] }] };
    const slices = (markCrossFilter(pie, pieOption, { region: ['Europe'] }).series as { data: { itemStyle: { opacity: number } }[] }[])[0].data;
    expect(slices.map((s) => s.itemStyle.opacity)).toEqual([1, DIMMED_OPACITY]);
    const cells = { series: [{ type: 'heatmap', data: [['2000', 'Europe', 70], ['2001', 'Asia', 60]] }] };
    const marked = (markCrossFilter(heatmap(TEMPORAL), cells, { region: ['Europe'] }).series as { data: unknown[] }[])[0].data;
    expect(marked).toEqual([['2000', 'Europe', 70], { value: ['2001', 'Asia', 60], itemStyle: { opacity: DIMMED_OPACITY } }]);
  });

  it('dims the treemap leaves outside the selected node', () => {
    const option = { series: [{ type: 'treemap', data: [{ name: 'pop', children: [
      { name: 'Europe', children: [{ name: '2014', value: 1 }] },
      { name: 'Asia', children: [{ name: '2014', value: 2 }, { name: '2015', value: 3 }] },
    ] }] }] };
    const root = (markCrossFilter(treemap, option, { region: ['Asia'] }).series as { data: { children: { children: Record<string, unknown>[] }[] }[] }[])[0].data[0];
    expect(root.children[0].children[0].itemStyle).toEqual({ colorAlpha: DIMMED_OPACITY });
    expect(root.children[1].children.map((leaf) => leaf.itemStyle)).toEqual([undefined, undefined]);
  });

  it('leaves the option alone without a selection', () => {
    const option = { series: [] };
    expect(markCrossFilter(pie, option, null)).toBe(option);
  });
});
