/**
 * Superset's shared control panel sections (chart-controls sections and the ECharts plugin's
 * shared rows): a chart type's panel lists these and adds its own. Superset's sub-section
 * headers (JSX 'Legend', 'Tooltip', …) have no place in our ControlItem, so rows go without them.
 */
import type { ControlItem, ControlPanelSection } from '../types';

const baseTimeSection = { label: 'Time', expanded: true, description: 'Time related form attributes' };

/** Legacy time-series charts: granularity, time column, grain, range. */
export const legacyTimeseriesTime: ControlPanelSection = {
  ...baseTimeSection,
  controlSetRows: [['granularity'], ['granularity_sqla'], ['time_grain_sqla'], ['time_range']],
};

/** Legacy non-time-series charts: a time column and range. */
export const legacyRegularTime: ControlPanelSection = {
  ...baseTimeSection,
  controlSetRows: [['granularity_sqla'], ['time_range']],
};

/** Time column, grain and range. */
export const genericTime: ControlPanelSection = {
  ...baseTimeSection,
  controlSetRows: [['granularity_sqla'], ['time_grain_sqla'], ['time_range']],
};

export const colorScheme: ControlPanelSection = { label: 'Color Scheme', controlSetRows: [['color_scheme']] };

/** The time-series family's annotations (data tab, expanded, drawn without a new query). */
export const annotations: ControlPanelSection = {
  label: 'Annotations and Layers',
  expanded: true,
  controlSetRows: [[{ name: 'annotation_layers', config: { type: 'AnnotationLayerControl', label: '', default: [], description: 'Annotation Layers', renderTrigger: true } }]],
};

/** Annotations and Layers as most ECharts types list it (collapsed). */
export const annotationsAndLayersControls: ControlPanelSection = {
  label: 'Annotations and Layers',
  expanded: false,
  controlSetRows: [['annotation_layers']],
};

/** Rolling window, time comparison and resample (shown only with a temporal x-axis, see displayTimeRelatedControls). */
export const advancedAnalyticsControls: ControlPanelSection = {
  label: 'Advanced analytics',
  description: 'This section contains options that allow for advanced analytical post processing of query results',
  controlSetRows: [['rolling_type'], ['rolling_periods'], ['min_periods'], ['time_compare'], ['comparison_type'], ['resample_rule'], ['resample_method']],
};

const timeSeriesQueryRows: ControlItem[][] = [
  ['metrics'],
  ['groupby'],
  ['contributionMode'],
  ['adhoc_filters'],
  ['limit'],
  ['timeseries_limit_metric'],
  ['order_desc'],
  ['row_limit'],
  ['truncate_metric'],
  ['show_empty_columns'],
];

/** The time-series family's Query section. */
export const echartsTimeSeriesQuery: ControlPanelSection = {
  label: 'Query',
  expanded: true,
  controlSetRows: [['x_axis'], ['time_grain_sqla'], ...timeSeriesQueryRows],
};

/** The same with the x-axis sort controls (bar, line, …). */
export const echartsTimeSeriesQueryWithXAxisSort: ControlPanelSection = {
  label: 'Query',
  expanded: true,
  controlSetRows: [
    ['x_axis'],
    ['time_grain_sqla'],
    ['xAxisForceCategorical'],
    ['x_axis_sort'],
    ['x_axis_sort_asc'],
    ['x_axis_sort_series'],
    ['x_axis_sort_series_ascending'],
    ...timeSeriesQueryRows,
  ],
};

const TITLE_MARGIN_CHOICES = [15, 30, 50, 75, 100, 125, 150, 200].map((n) => [n, String(n)] as [number, string]);
const INSTANT = 'Changing this control takes effect instantly';

/** Axis titles (Chart Title section of the customize tab). */
export const titleControls: ControlPanelSection = {
  label: 'Chart Title',
  expanded: true,
  controlSetRows: [
    [{ name: 'x_axis_title', config: { type: 'TextControl', label: 'X Axis Title', renderTrigger: true, default: '', description: INSTANT } }],
    [
      {
        name: 'x_axis_title_margin',
        config: { type: 'SelectControl', freeForm: true, clearable: true, label: 'X AXIS TITLE BOTTOM MARGIN', renderTrigger: true, default: 15, choices: TITLE_MARGIN_CHOICES, description: INSTANT },
      },
    ],
    [{ name: 'y_axis_title', config: { type: 'TextControl', label: 'Y Axis Title', renderTrigger: true, default: '', description: INSTANT } }],
    [
      {
        name: 'y_axis_title_margin',
        config: { type: 'SelectControl', freeForm: true, clearable: true, label: 'Y Axis Title Margin', renderTrigger: true, default: 15, choices: TITLE_MARGIN_CHOICES, description: INSTANT },
      },
    ],
    [
      {
        name: 'y_axis_title_position',
        config: {
          type: 'SelectControl',
          freeForm: true,
          clearable: false,
          label: 'Y Axis Title Position',
          renderTrigger: true,
          default: 'Left',
          choices: [
            ['Left', 'Left'],
            ['Top', 'Top'],
          ],
          description: INSTANT,
        },
      },
    ],
  ],
};

/** The ECharts legend rows: show, type, orientation, margin. */
export const legendRows: ControlItem[][] = [['show_legend'], ['legendType'], ['legendOrientation'], ['legendMargin']];

/** The ECharts rich tooltip rows. */
export const richTooltipRows: ControlItem[][] = [['rich_tooltip'], ['showTooltipTotal'], ['showTooltipPercentage'], ['tooltipSortByMetric'], ['tooltipTimeFormat']];

/** Show value, stacking and the total-only rows. */
export const showValueRows: ControlItem[][] = [['show_value'], ['stack'], ['only_total'], ['percentage_threshold']];
export const showValueRowsWithoutStack: ControlItem[][] = [['show_value'], ['only_total']];

/** Series order rows. */
export const seriesOrderRows: ControlItem[][] = [['sort_series_type'], ['sort_series_ascending']];

/** A 'Query' section (data tab, expanded) of the given rows. */
export function querySection(controlSetRows: ControlItem[][], label = 'Query'): ControlPanelSection {
  return { label, expanded: true, controlSetRows };
}

/** A 'Chart Options' section (customize tab, expanded) of the given rows. */
export function chartOptionsSection(controlSetRows: ControlItem[][], label = 'Chart Options'): ControlPanelSection {
  return { label, expanded: true, controlSetRows };
}
