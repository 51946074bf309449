/**
 * The charts of "World Bank's Data" on wb_health_population: twelve of mixed types (the dashboard
 * the dashboards bench opens, and the one the filter tests narrow by region and country). The
 * table holds 1960–2014; the "latest year" charts read 2014 only.
 */
import { wbHealthPopulation } from '../dataset-definitions/classic.server';
import { exampleChart, simpleMetric, TIMESERIES_DISPLAY, timeRange } from './shared.server';

const LATEST_YEAR = timeRange('year', '2014-01-01 : 2015-01-01');
const ALL_YEARS = timeRange('year');
const POPULATION = simpleMetric('SUM', 'SP_POP_TOTL', 'Population');
const LIFE_EXPECTANCY = simpleMetric('AVG', 'SP_DYN_LE00_IN', 'Life expectancy (years)');
const FERTILITY = simpleMetric('AVG', 'SP_DYN_TFRT_IN', 'Births per woman');
const CHILD_MORTALITY = simpleMetric('AVG', 'SH_DYN_MORT', 'Under-5 deaths per 1,000');
const chart = (c: Parameters<typeof exampleChart>[1]) => exampleChart(wbHealthPopulation, c);

export const worldPopulation = chart({
  uuid: '5d2a0f6e-7b1c-4c3e-9a41-0c6f2b8e1a01',
  slice_name: "World's Population",
  viz_type: 'big_number_total',
  description: 'Total population of the 214 economies in 2014.',
  params: { metric: POPULATION, adhoc_filters: [LATEST_YEAR], subheader: 'people in 2014', y_axis_format: '.3s', header_font_size: 0.4, subheader_font_size: 0.15 },
});

export const populationTrend = chart({
  uuid: '5d2a0f6e-7b1c-4c3e-9a41-0c6f2b8e1a02',
  slice_name: 'Population Growth',
  viz_type: 'big_number',
  params: {
    x_axis: 'year', time_grain_sqla: 'P1Y', metric: POPULATION, adhoc_filters: [ALL_YEARS], show_trend_line: true,
    start_y_axis_at_zero: true, compare_lag: 10, compare_suffix: 'over 10 years', y_axis_format: '.3s', time_format: 'smart_date',
    header_font_size: 0.4, subheader_font_size: 0.15, rolling_type: 'None',
  },
});

export const countryCount = chart({
  uuid: '5d2a0f6e-7b1c-4c3e-9a41-0c6f2b8e1a03',
  slice_name: 'Economies',
  viz_type: 'big_number_total',
  params: {
    metric: simpleMetric('COUNT_DISTINCT', 'country_name', 'Economies'), adhoc_filters: [ALL_YEARS], subheader: 'countries and territories',
    y_axis_format: 'SMART_NUMBER', header_font_size: 0.4, subheader_font_size: 0.15,
  },
});

export const lifeExpectancyByRegion = chart({
  uuid: '5d2a0f6e-7b1c-4c3e-9a41-0c6f2b8e1a04',
  slice_name: 'Life Expectancy by Region',
  viz_type: 'echarts_timeseries_line',
  params: {
    ...TIMESERIES_DISPLAY, x_axis: 'year', time_grain_sqla: 'P1Y', metrics: [LIFE_EXPECTANCY], groupby: ['region'],
    adhoc_filters: [ALL_YEARS], row_limit: 10000, y_axis_format: '.1f', markerEnabled: false,
  },
});

export const fertilityByRegion = chart({
  uuid: '5d2a0f6e-7b1c-4c3e-9a41-0c6f2b8e1a05',
  slice_name: 'Fertility Rate by Region',
  viz_type: 'echarts_timeseries_line',
  params: {
    ...TIMESERIES_DISPLAY, x_axis: 'year', time_grain_sqla: 'P1Y', metrics: [FERTILITY], groupby: ['region'],
    adhoc_filters: [ALL_YEARS], row_limit: 10000, y_axis_format: '.2f',
  },
});

export const childMortalityByRegion = chart({
  uuid: '5d2a0f6e-7b1c-4c3e-9a41-0c6f2b8e1a06',
  slice_name: 'Child Mortality by Region (2014)',
  viz_type: 'echarts_timeseries_bar',
  params: {
    ...TIMESERIES_DISPLAY, x_axis: 'region', metrics: [CHILD_MORTALITY], groupby: [], adhoc_filters: [LATEST_YEAR],
    row_limit: 100, orientation: 'horizontal', show_legend: false, y_axis_format: '.1f', x_axis_sort_asc: true,
  },
});

export const lifeExpectancyHeatmap = chart({
  uuid: '5d2a0f6e-7b1c-4c3e-9a41-0c6f2b8e1a07',
  slice_name: 'Life Expectancy by Region and Year',
  viz_type: 'heatmap_v2',
  params: {
    x_axis: 'year', time_grain_sqla: 'P1Y', groupby: 'region', metric: LIFE_EXPECTANCY,
    adhoc_filters: [timeRange('year', '2000-01-01 : 2015-01-01')], row_limit: 10000, sort_x_axis: 'alpha_asc', sort_y_axis: 'alpha_asc',
    normalize_across: 'heatmap', linear_color_scheme: 'superset_seq_1', show_legend: true, show_values: false, show_percentage: false,
    y_axis_format: '.1f', x_axis_time_format: '%Y', left_margin: 'auto', bottom_margin: 'auto', value_bounds: [null, null],
  },
});

export const healthByRegion = chart({
  uuid: '5d2a0f6e-7b1c-4c3e-9a41-0c6f2b8e1a08',
  slice_name: 'Health Indicators by Region (2014)',
  viz_type: 'pivot_table_v2',
  params: {
    groupbyRows: ['region'], groupbyColumns: [], metrics: [LIFE_EXPECTANCY, FERTILITY, CHILD_MORTALITY], metricsLayout: 'COLUMNS',
    adhoc_filters: [LATEST_YEAR], row_limit: 10000, order_desc: true, aggregateFunction: 'Average', valueFormat: '.1f',
    rowOrder: 'key_a_to_z', colOrder: 'key_a_to_z', rowTotals: false, colTotals: false,
  },
});

export const populationVsLifeExpectancy = chart({
  uuid: '5d2a0f6e-7b1c-4c3e-9a41-0c6f2b8e1a09',
  slice_name: 'Population and Life Expectancy',
  viz_type: 'mixed_timeseries',
  params: {
    ...TIMESERIES_DISPLAY, x_axis: 'year', time_grain_sqla: 'P1Y',
    metrics: [POPULATION], groupby: [], adhoc_filters: [ALL_YEARS], seriesType: 'bar', yAxisIndex: 0, row_limit: 10000,
    metrics_b: [LIFE_EXPECTANCY], groupby_b: [], adhoc_filters_b: [ALL_YEARS], seriesTypeB: 'line', yAxisIndexB: 1, row_limit_b: 10000,
    y_axis_format: '.3s', y_axis_format_secondary: '.1f', y_axis_bounds_secondary: [null, null],
  },
});

export const populationByRegion = chart({
  uuid: '5d2a0f6e-7b1c-4c3e-9a41-0c6f2b8e1a10',
  slice_name: 'Population by Region (2014)',
  viz_type: 'pie',
  params: {
    metric: POPULATION, groupby: ['region'], adhoc_filters: [LATEST_YEAR], row_limit: 100, sort_by_metric: true, donut: true,
    innerRadius: 40, outerRadius: 70, show_labels: true, labels_outside: true, label_type: 'key_percent', show_legend: false,
    number_format: '.3s', color_scheme: 'supersetColors',
  },
});

export const populationTreemap = chart({
  uuid: '5d2a0f6e-7b1c-4c3e-9a41-0c6f2b8e1a11',
  slice_name: 'Population by Region and Country (2014)',
  viz_type: 'treemap_v2',
  params: {
    metric: POPULATION, groupby: ['region', 'country_name'], adhoc_filters: [LATEST_YEAR], row_limit: 10000, sort_by_metric: true,
    show_labels: true, show_upper_labels: true, label_type: 'key', number_format: '.3s', color_scheme: 'supersetColors',
  },
});

export const mostPopulated = chart({
  uuid: '5d2a0f6e-7b1c-4c3e-9a41-0c6f2b8e1a12',
  slice_name: 'Most Populated Countries (2014)',
  viz_type: 'table',
  params: {
    query_mode: 'aggregate', groupby: ['country_name', 'region'], metrics: [POPULATION], all_columns: [], percent_metrics: [],
    adhoc_filters: [LATEST_YEAR], row_limit: 25, order_desc: true, server_page_length: 10, show_cell_bars: true, color_pn: true,
    table_timestamp_format: 'smart_date',
  },
});

/** In the order the dashboard places them. */
export const WORLD_HEALTH_CHARTS = [
  worldPopulation, populationTrend, countryCount,
  lifeExpectancyByRegion, fertilityByRegion, childMortalityByRegion,
  lifeExpectancyHeatmap, healthByRegion, populationVsLifeExpectancy,
  populationByRegion, populationTreemap, mostPopulated,
];
