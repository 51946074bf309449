/** The charts of "Sales Dashboard" on cleaned_sales_data (orders of 2003–2005). */
import { cleanedSalesData } from '../dataset-definitions/classic.server';
import { exampleChart, simpleMetric, sqlMetric, TIMESERIES_DISPLAY, timeRange } from './shared.server';

const ALL_TIME = timeRange('order_date');
const REVENUE = simpleMetric('SUM', 'sales', 'Revenue');
const chart = (c: Parameters<typeof exampleChart>[1]) => exampleChart(cleanedSalesData, c);

export const totalRevenue = chart({
  uuid: '9e8f1a24-3b6c-4d7e-8f90-b1c2d3e4f501',
  slice_name: 'Total Revenue',
  viz_type: 'big_number_total',
  params: {
    metric: REVENUE, adhoc_filters: [ALL_TIME], subheader: 'all orders', y_axis_format: '$,.3s', header_font_size: 0.4, subheader_font_size: 0.15,
  },
});

export const itemsSold = chart({
  uuid: '9e8f1a24-3b6c-4d7e-8f90-b1c2d3e4f502',
  slice_name: 'Items Sold per Month',
  viz_type: 'big_number',
  params: {
    x_axis: 'order_date', time_grain_sqla: 'P1M', metric: simpleMetric('SUM', 'quantity_ordered', 'Items sold'), adhoc_filters: [ALL_TIME],
    show_trend_line: true, start_y_axis_at_zero: true, compare_lag: 12, compare_suffix: 'on the year before', time_format: 'smart_date',
    rolling_type: 'None', y_axis_format: 'SMART_NUMBER', header_font_size: 0.4, subheader_font_size: 0.15,
  },
});

export const quarterlySales = chart({
  uuid: '9e8f1a24-3b6c-4d7e-8f90-b1c2d3e4f503',
  slice_name: 'Quarterly Sales by Product Line',
  viz_type: 'echarts_timeseries_bar',
  params: {
    ...TIMESERIES_DISPLAY, x_axis: 'order_date', time_grain_sqla: 'P3M', metrics: [REVENUE], groupby: ['product_line'], adhoc_filters: [ALL_TIME],
    row_limit: 10000, stack: 'Stack', y_axis_format: '$,.3s', x_axis_time_format: '%Y Q%q',
  },
});

export const revenueByDealSize = chart({
  uuid: '9e8f1a24-3b6c-4d7e-8f90-b1c2d3e4f504',
  slice_name: 'Revenue by Deal Size',
  viz_type: 'pie',
  params: {
    metric: REVENUE, groupby: ['deal_size'], adhoc_filters: [ALL_TIME], row_limit: 10, sort_by_metric: true, donut: true,
    innerRadius: 35, outerRadius: 70, show_labels: true, labels_outside: true, label_type: 'key_percent', show_legend: true,
    legendOrientation: 'top', number_format: '$,.3s', color_scheme: 'supersetColors',
  },
});

export const monthlyByTerritory = chart({
  uuid: '9e8f1a24-3b6c-4d7e-8f90-b1c2d3e4f505',
  slice_name: 'Monthly Revenue by Territory',
  viz_type: 'echarts_area',
  params: {
    ...TIMESERIES_DISPLAY, x_axis: 'order_date', time_grain_sqla: 'P1M', metrics: [REVENUE], groupby: ['territory'], adhoc_filters: [ALL_TIME],
    row_limit: 10000, stack: 'Stack', opacity: 0.5, y_axis_format: '$,.3s',
  },
});

export const topCustomers = chart({
  uuid: '9e8f1a24-3b6c-4d7e-8f90-b1c2d3e4f506',
  slice_name: 'Top Customers',
  viz_type: 'table',
  params: {
    query_mode: 'aggregate', groupby: ['customer_name', 'country'], metrics: [REVENUE, sqlMetric('COUNT(*)', 'Order lines')], all_columns: [], percent_metrics: [],
    adhoc_filters: [ALL_TIME], row_limit: 20, order_desc: true, server_page_length: 10, show_cell_bars: true, color_pn: true,
    table_timestamp_format: 'smart_date',
  },
});

export const SALES_CHARTS = [totalRevenue, itemsSold, quarterlySales, revenueByDealSize, monthlyByTerritory, topCustomers];
