/** The charts of "USA Births Names" on birth_names (1965–2008): totals and trends on its Overview tab, names on its Names tab. */
import { birthNames } from '../dataset-definitions/classic.server';
import { exampleChart, simpleMetric, sqlMetric, TIMESERIES_DISPLAY, timeRange } from './shared.server';

const ALL_YEARS = timeRange('ds');
const BIRTHS = simpleMetric('SUM', 'num', 'Births');
const chart = (c: Parameters<typeof exampleChart>[1]) => exampleChart(birthNames, c);
const NUMBER_DISPLAY = { y_axis_format: 'SMART_NUMBER', header_font_size: 0.4, subheader_font_size: 0.15 };

export const totalBirths = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b01',
  slice_name: 'Total Births',
  viz_type: 'big_number_total',
  params: { metric: BIRTHS, adhoc_filters: [ALL_YEARS], subheader: 'births recorded, 1965–2008', ...NUMBER_DISPLAY },
});

export const boys = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b02',
  slice_name: 'Boys',
  viz_type: 'big_number_total',
  params: { metric: simpleMetric('SUM', 'num_boys', 'Boys'), adhoc_filters: [ALL_YEARS], ...NUMBER_DISPLAY },
});

export const girls = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b03',
  slice_name: 'Girls',
  viz_type: 'big_number_total',
  params: { metric: simpleMetric('SUM', 'num_girls', 'Girls'), adhoc_filters: [ALL_YEARS], ...NUMBER_DISPLAY },
});

export const birthsPerYear = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b04',
  slice_name: 'Births per Year',
  viz_type: 'big_number',
  params: {
    x_axis: 'ds', time_grain_sqla: 'P1Y', metric: BIRTHS, adhoc_filters: [ALL_YEARS], show_trend_line: true, start_y_axis_at_zero: true,
    compare_lag: 1, compare_suffix: 'on the year before', time_format: 'smart_date', rolling_type: 'None', ...NUMBER_DISPLAY,
  },
});

export const birthsByGender = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b05',
  slice_name: 'Births by Gender',
  viz_type: 'echarts_timeseries_line',
  params: { ...TIMESERIES_DISPLAY, x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [BIRTHS], groupby: ['gender'], adhoc_filters: [ALL_YEARS], row_limit: 10000 },
});

export const genderSplit = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b06',
  slice_name: 'Gender Split',
  viz_type: 'pie',
  params: {
    metric: BIRTHS, groupby: ['gender'], adhoc_filters: [ALL_YEARS], row_limit: 10, sort_by_metric: true, donut: false,
    show_labels: true, labels_outside: true, label_type: 'key_percent', show_legend: true, legendOrientation: 'top',
    number_format: 'SMART_NUMBER', color_scheme: 'supersetColors',
  },
});

export const birthsByState = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b07',
  slice_name: 'Births by State',
  viz_type: 'echarts_timeseries_bar',
  params: {
    ...TIMESERIES_DISPLAY, x_axis: 'state', metrics: [BIRTHS], groupby: ['gender'], adhoc_filters: [ALL_YEARS], row_limit: 1000,
    stack: 'Stack', x_axis_sort_series: 'sum', x_axis_sort_series_ascending: false,
  },
});

export const californiaShare = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b08',
  slice_name: 'Births in California',
  viz_type: 'echarts_area',
  description: "Births in California (the dataset's num_california, written out) against every state.",
  params: {
    ...TIMESERIES_DISPLAY, x_axis: 'ds', time_grain_sqla: 'P1Y',
    metrics: [sqlMetric("SUM(CASE WHEN state = 'CA' THEN num ELSE 0 END)", 'California'), BIRTHS], groupby: [], adhoc_filters: [ALL_YEARS],
    row_limit: 10000, opacity: 0.4, stack: null,
  },
});

export const topNames = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b09',
  slice_name: 'Top 25 Names',
  viz_type: 'table',
  params: {
    query_mode: 'aggregate', groupby: ['name', 'gender'], metrics: [BIRTHS], all_columns: [], percent_metrics: [BIRTHS],
    adhoc_filters: [ALL_YEARS], row_limit: 25, order_desc: true, server_page_length: 10, show_cell_bars: true,
    table_timestamp_format: 'smart_date',
  },
});

export const namesOverTime = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b10',
  slice_name: 'Top 10 Names over Time',
  viz_type: 'echarts_timeseries_line',
  params: {
    ...TIMESERIES_DISPLAY, x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [BIRTHS], groupby: ['name'], adhoc_filters: [ALL_YEARS],
    series_limit: 10, series_limit_metric: BIRTHS, row_limit: 10000,
  },
});

export const namesTreemap = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b11',
  slice_name: 'Names by Gender',
  viz_type: 'treemap_v2',
  params: {
    metric: BIRTHS, groupby: ['gender', 'name'], adhoc_filters: [ALL_YEARS], row_limit: 60, sort_by_metric: true,
    show_labels: true, show_upper_labels: true, label_type: 'key', number_format: 'SMART_NUMBER', color_scheme: 'supersetColors',
  },
});

export const stateGenderPivot = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b12',
  slice_name: 'Births by State and Gender',
  viz_type: 'pivot_table_v2',
  params: {
    groupbyRows: ['state'], groupbyColumns: ['gender'], metrics: [BIRTHS], metricsLayout: 'COLUMNS', adhoc_filters: [ALL_YEARS],
    row_limit: 10000, order_desc: true, aggregateFunction: 'Sum', valueFormat: 'SMART_NUMBER', rowOrder: 'key_a_to_z', colOrder: 'key_a_to_z',
    rowTotals: true, colTotals: true,
  },
});

export const stateGenderHeatmap = chart({
  uuid: '7c41b3e2-58d0-4f6a-b1e9-3a2d7f0c5b13',
  slice_name: 'Names Reported per State and Year',
  viz_type: 'heatmap_v2',
  params: {
    x_axis: 'ds', time_grain_sqla: 'P1Y', groupby: 'state', metric: simpleMetric('COUNT_DISTINCT', 'name', 'Names'),
    adhoc_filters: [timeRange('ds', '1990-01-01 : 2009-01-01')], row_limit: 10000, sort_x_axis: 'alpha_asc', sort_y_axis: 'alpha_asc',
    normalize_across: 'heatmap', linear_color_scheme: 'superset_seq_1', show_legend: true, show_values: false, show_percentage: false,
    x_axis_time_format: '%Y', y_axis_format: 'SMART_NUMBER', left_margin: 'auto', bottom_margin: 'auto', value_bounds: [null, null],
  },
});

export const BIRTHS_CHARTS = [
  totalBirths, boys, girls, birthsPerYear, birthsByGender, genderSplit, birthsByState, californiaShare,
  topNames, namesOverTime, namesTreemap, stateGenderPivot, stateGenderHeatmap,
];
