import { describe, expect, it } from 'vitest';
import { controlPanel as bigNumberTotalPanel } from '../big-number-total/control-panel';
import { controlPanel as mixedPanel } from '../mixed-timeseries/control-panel';
import { pieControlPanel } from '../pie/control-panel';
import { controlPanel as pivotPanel } from '../pivot-table/control-panel';
import { controlPanel as tablePanel } from '../table/control-panel';
import { timeseriesControlPanel } from '../timeseries/control-panel';
import type { ControlPanel, FormData, VizDatasource } from '../types';
import { withControlDefaults } from './controls';
import { MEMORY_KEY, switchVizType } from './switch-viz';

const barPanel = timeseriesControlPanel('bar');
const linePanel = timeseriesControlPanel('line');

const datasource: VizDatasource = {
  id: 3,
  type: 'table',
  name: 'birth_names',
  columns: [
    { column_name: 'ds', verbose_name: null, type: 'TIMESTAMP', type_generic: 2, is_dttm: true, groupby: true, filterable: true },
    { column_name: 'gender', verbose_name: null, type: 'VARCHAR', type_generic: 1, is_dttm: false, groupby: true, filterable: true },
    { column_name: 'state', verbose_name: null, type: 'VARCHAR', type_generic: 1, is_dttm: false, groupby: true, filterable: true },
    { column_name: 'num', verbose_name: null, type: 'BIGINT', type_generic: 0, is_dttm: false, groupby: true, filterable: true },
  ],
  metrics: [{ metric_name: 'count', verbose_name: 'COUNT(*)', d3format: null, currency: null }],
  verboseMap: {},
};

const sumNum = { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' }, label: 'SUM(num)' };
const genderFilter = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: 'IN', comparator: ['girl'] };

/** A type change as the Explore page makes it: the switch, then the new panel's defaults. */
function change(formData: FormData, from: ControlPanel | null, to: ControlPanel, toType: string): FormData {
  return withControlDefaults(to, switchVizType(formData, from, to, toType, datasource));
}

const tableFormData: FormData = withControlDefaults(tablePanel, {
  viz_type: 'table',
  datasource: '3__table',
  slice_id: 7,
  query_mode: 'aggregate',
  groupby: ['gender'],
  metrics: [sumNum],
  adhoc_filters: [genderFilter],
  row_limit: 1000,
  time_range: 'Last year',
});

describe('switchVizType', () => {
  it('table → bar keeps the metric, dimensions, filter, time range and row limit, and takes the temporal column as x-axis', () => {
    const bar = change(tableFormData, tablePanel, barPanel, 'echarts_timeseries_bar');
    expect(bar.viz_type).toBe('echarts_timeseries_bar');
    expect(bar.metrics).toEqual([sumNum]);
    expect(bar.groupby).toEqual(['gender']);
    expect(bar.adhoc_filters).toEqual([genderFilter]);
    expect(bar.row_limit).toBe(1000);
    expect(bar.time_range).toBe('Last year');
    expect(bar.x_axis).toBe('ds');
    // Kept: what is no control (the dataset, the saved chart); dropped: the table's own controls.
    expect(bar.datasource).toBe('3__table');
    expect(bar.slice_id).toBe(7);
    expect(bar).not.toHaveProperty('query_mode');
    expect(bar).not.toHaveProperty('all_columns');
    expect(bar).not.toHaveProperty('server_pagination');
  });

  it('takes the time column (granularity_sqla) as the x-axis when the chart has one', () => {
    const bar = change({ ...tableFormData, granularity_sqla: 'ds_other' }, tablePanel, barPanel, 'echarts_timeseries_bar');
    expect(bar.x_axis).toBe('ds_other');
  });

  it('bar → pie keeps the first metric, the dimensions and the filter, and caps the row limit at 100 (change to pie keeps the metric)', () => {
    const bar = change(tableFormData, tablePanel, barPanel, 'echarts_timeseries_bar');
    const pie = change({ ...bar, metrics: [sumNum, 'count'], row_limit: 10000 }, barPanel, pieControlPanel, 'pie');
    expect(pie.viz_type).toBe('pie');
    expect(pie.metric).toEqual(sumNum);
    expect(pie).not.toHaveProperty('metrics');
    expect(pie.groupby).toEqual(['gender']);
    expect(pie.adhoc_filters).toEqual([genderFilter]);
    expect(pie.row_limit).toBe(100);
    expect(pie).not.toHaveProperty('x_axis');
  });

  it("pie → line turns the pie's metric into the line's metrics", () => {
    const pie = withControlDefaults(pieControlPanel, { viz_type: 'pie', datasource: '3__table', metric: 'count', groupby: ['state'], adhoc_filters: [], row_limit: 100 });
    const line = change(pie, pieControlPanel, linePanel, 'echarts_timeseries_line');
    expect(line.metrics).toEqual(['count']);
    expect(line).not.toHaveProperty('metric');
    expect(line.groupby).toEqual(['state']);
    expect(line.x_axis).toBe('ds');
  });

  it('resets a select value that is not among the new control’s choices, keeps a valid one and a free-form one', () => {
    const bar = change(tableFormData, tablePanel, barPanel, 'echarts_timeseries_bar');
    const pie = change({ ...bar, legendOrientation: 'middle', legendType: 'plain', row_limit: 77 }, barPanel, pieControlPanel, 'pie');
    expect(pie.legendOrientation).toBeNull();
    expect(pie.legendType).toBe('plain');
    expect(pie.row_limit).toBe(77);
  });

  it('filters a multi select to its choices', () => {
    const select = (freeForm: boolean): ControlPanel => ({
      sections: [
        {
          label: 'Query',
          controlSetRows: [
            [{ name: 'shapes', config: { type: 'SelectControl', label: 'Shapes', multi: true, freeForm, choices: [['circle', 'Circle'], ['square', 'Square']] } }],
          ],
        },
      ],
    });
    const from: FormData = { viz_type: 'a', shapes: ['circle', 'hexagon', 'square'] };
    expect(switchVizType(from, null, select(false), 'b', datasource).shapes).toEqual(['circle', 'square']);
    expect(switchVizType(from, null, select(true), 'b', datasource).shapes).toEqual(['circle', 'hexagon', 'square']);
  });

  it('goes back to a type with its own settings remembered, and the public ones as the chart has them', () => {
    const pie = withControlDefaults(pieControlPanel, { viz_type: 'pie', datasource: '3__table', metric: 'count', groupby: ['state'], donut: true, row_limit: 50, adhoc_filters: [] });
    const bar = change(pie, pieControlPanel, barPanel, 'echarts_timeseries_bar');
    expect(bar).not.toHaveProperty('donut');
    const back = change({ ...bar, metrics: [sumNum], adhoc_filters: [genderFilter] }, barPanel, pieControlPanel, 'pie');
    expect(back.donut).toBe(true);
    expect(back.metric).toEqual(sumNum);
    expect(back.adhoc_filters).toEqual([genderFilter]);
    // The memory does not nest: a remembered form data carries none of its own.
    const memory = back[MEMORY_KEY] as { memorizedFormData: [string, FormData][] };
    expect(memory.memorizedFormData.map(([type]) => type)).toEqual(['pie', 'echarts_timeseries_bar']);
    for (const [, remembered] of memory.memorizedFormData) expect(remembered).not.toHaveProperty(MEMORY_KEY);
  });

  it('passes the dimensions through a type that has none (table → big number → bar)', () => {
    const bigNumber = change(tableFormData, tablePanel, bigNumberTotalPanel, 'big_number_total');
    expect(bigNumber.metric).toEqual(sumNum);
    expect(bigNumber).not.toHaveProperty('groupby');
    const bar = change(bigNumber, bigNumberTotalPanel, barPanel, 'echarts_timeseries_bar');
    expect(bar.metrics).toEqual([sumNum]);
    expect(bar.groupby).toEqual(['gender']);
  });

  it('table → pivot table puts the dimensions in its columns; → mixed chart fills query A', () => {
    const pivot = change({ ...tableFormData, groupby: ['gender', 'state'] }, tablePanel, pivotPanel, 'pivot_table_v2');
    expect(pivot.groupbyColumns).toEqual(['gender', 'state']);
    expect(pivot.groupbyRows).toEqual([]);
    expect(pivot.metrics).toEqual([sumNum]);
    const mixed = change(tableFormData, tablePanel, mixedPanel, 'mixed_timeseries');
    expect(mixed.metrics).toEqual([sumNum]);
    expect(mixed.groupby).toEqual(['gender']);
    expect(mixed.x_axis).toBe('ds');
  });

  it('leaves the form data alone when the type does not change', () => {
    expect(switchVizType(tableFormData, tablePanel, tablePanel, 'table', datasource)).toBe(tableFormData);
  });
});
