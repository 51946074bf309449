/**
 * Superset's mixed chart panel: the shared x-axis and grain, Query A and Query B (the same query
 * controls, B's with the `_b` suffix), each query's series customization (type, stack, area,
 * values, opacity, markers, y axis; B's keys end in 'B' as Superset saves them), then the axes.
 */
import type { Choice, ControlConfig, ControlItem, ControlPanel, ControlPanelSection } from '../types';

const SERIES_TYPES: Choice[] = [
  ['line', 'Line'],
  ['scatter', 'Scatter'],
  ['smooth', 'Smooth Line'],
  ['bar', 'Bar'],
  ['start', 'Step - start'],
  ['middle', 'Step - middle'],
  ['end', 'Step - end'],
];

const isInteger = (value: unknown) => (value === undefined || value === null || value === '' || /^-?\d+$/.test(String(value).trim()) ? false : 'is expected to be an integer');

const nonEmpty = (value: unknown) => (value === undefined || value === null || (Array.isArray(value) && value.length === 0) ? 'cannot be empty' : false);

/** Query B's copies of the shared query controls (Superset: the shared control's config under a `_b` name). */
const B_CONTROLS: Record<string, ControlConfig> = {
  metrics: { type: 'MetricsControl', label: 'Metrics', multi: true, validators: [nonEmpty] },
  groupby: { type: 'ColumnsControl', label: 'Dimensions', multi: true, default: [] },
  adhoc_filters: { type: 'AdhocFilterControl', label: 'Filters', default: [] },
  limit: { type: 'SelectControl', label: 'Series limit', freeForm: true, choices: [0, 5, 10, 25, 50, 100, 500].map((n) => [n, String(n)] as Choice) },
  timeseries_limit_metric: { type: 'MetricControl', label: 'Sort by' },
  row_limit: { type: 'SelectControl', label: 'Row limit', freeForm: true, default: 10000, choices: [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000].map((n) => [n, String(n)] as Choice) },
  truncate_metric: { type: 'CheckboxControl', label: 'Truncate Metric', default: true, description: 'Whether to truncate metrics' },
};

const named = (name: string, suffix: string): ControlItem => (suffix ? { name: `${name}${suffix}`, config: B_CONTROLS[name] } : name);

function querySection(label: string, suffix: string): ControlPanelSection {
  return {
    label,
    expanded: true,
    controlSetRows: [
      [named('metrics', suffix)],
      [named('groupby', suffix)],
      [named('adhoc_filters', suffix)],
      [named('limit', suffix)],
      [named('timeseries_limit_metric', suffix)],
      [{ name: `order_desc${suffix}`, config: { type: 'CheckboxControl', label: 'Sort Descending', default: true, description: 'Whether to sort descending or ascending' } }],
      [named('row_limit', suffix)],
      [named('truncate_metric', suffix)],
      [{ name: `rolling_type${suffix}`, config: { type: 'SelectControl', label: 'Rolling Function', default: 'None', choices: ['None', 'mean', 'sum', 'std', 'cumsum'].map((v) => [v, v] as Choice) } }],
      [{ name: `rolling_periods${suffix}`, config: { type: 'TextControl', label: 'Periods', isInt: true, validators: [isInteger] } }],
      [{ name: `min_periods${suffix}`, config: { type: 'TextControl', label: 'Min Periods', isInt: true, validators: [isInteger] } }],
      [{ name: `time_compare${suffix}`, config: { type: 'SelectControl', label: 'Time shift', multi: true, freeForm: true, choices: ['1 day ago', '1 week ago', '28 days ago', '30 days ago', '52 weeks ago', '1 year ago', '104 weeks ago', '2 years ago', '156 weeks ago', '3 years ago'].map((v) => [v, v] as Choice) } }],
      [
        {
          name: `comparison_type${suffix}`,
          config: {
            type: 'SelectControl',
            label: 'Calculation type',
            default: 'values',
            choices: [
              ['values', 'Actual values'],
              ['difference', 'Difference'],
              ['percentage', 'Percentage change'],
              ['ratio', 'Ratio'],
            ],
          },
        },
      ],
      [{ name: `resample_rule${suffix}`, config: { type: 'SelectControl', label: 'Rule', freeForm: true, default: null, choices: ['1T', '1H', '1D', '7D', '1MS', '1M', '1AS', '1A'].map((v) => [v, v] as Choice) } }],
      [{ name: `resample_method${suffix}`, config: { type: 'SelectControl', label: 'Fill method', freeForm: true, default: null, choices: ['asfreq', 'zerofill', 'linear', 'ffill', 'bfill', 'median', 'mean', 'sum'].map((v) => [v, v] as Choice) } }],
    ],
  };
}

function customizeSection(label: string, suffix: '' | 'B', snakeSuffix: '' | '_b'): ControlPanelSection {
  return {
    label,
    expanded: false,
    controlSetRows: [
      [{ name: `seriesType${suffix}`, config: { type: 'SelectControl', label: 'Series type', renderTrigger: true, default: 'line', choices: SERIES_TYPES, description: 'Series chart type (line, bar etc)' } }],
      [{ name: `stack${suffix}`, config: { type: 'CheckboxControl', label: 'Stack series', renderTrigger: true, default: false, description: 'Stack series on top of each other' } }],
      [{ name: `area${suffix}`, config: { type: 'CheckboxControl', label: 'Area chart', renderTrigger: true, default: false, description: 'Draw area under curves. Only applicable for line types.' } }],
      [{ name: `show_value${snakeSuffix}`, config: { type: 'CheckboxControl', label: 'Show Values', renderTrigger: true, default: false, description: 'Whether to display the numerical values within the cells' } }],
      [{ name: `opacity${suffix}`, config: { type: 'SliderControl', label: 'Opacity', renderTrigger: true, min: 0, max: 1, step: 0.1, default: 0.2, description: 'Opacity of area chart.' } }],
      [{ name: `markerEnabled${suffix}`, config: { type: 'CheckboxControl', label: 'Marker', renderTrigger: true, default: false, description: 'Draw a marker on data points. Only applicable for line types.' } }],
      [{ name: `markerSize${suffix}`, config: { type: 'SliderControl', label: 'Marker size', renderTrigger: true, min: 0, max: 100, default: 6, description: 'Size of marker. Also applies to forecast observations.' } }],
      [
        {
          name: `yAxisIndex${suffix}`,
          config: {
            type: 'SelectControl',
            label: 'Y Axis',
            choices: [
              [0, 'Primary'],
              [1, 'Secondary'],
            ],
            default: 0,
            clearable: false,
            renderTrigger: true,
            description: 'Primary or secondary y-axis',
          },
        },
      ],
    ],
  };
}

export const controlPanel: ControlPanel = {
  sections: [
    { label: 'Shared query fields', expanded: true, controlSetRows: [['x_axis'], ['time_grain_sqla']] },
    querySection('Query A', ''),
    querySection('Query B', '_b'),
    { label: 'Annotations and Layers', expanded: false, controlSetRows: [['annotation_layers']] },
    customizeSection('Customize Query A', '', ''),
    customizeSection('Customize Query B', 'B', '_b'),
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        ['color_scheme'],
        ['time_shift_color'],
        [{ name: 'zoomable', config: { type: 'CheckboxControl', label: 'Data Zoom', default: false, renderTrigger: true, description: 'Enable data zooming controls' } }],
        ['show_legend'],
        ['legendType'],
        ['legendOrientation'],
        ['x_axis_time_format'],
        ['rich_tooltip'],
        [{ name: 'tooltipTimeFormat', config: { type: 'TimeFormatControl', label: 'Tooltip time format', renderTrigger: true, default: 'smart_date', freeForm: true } }],
        [{ name: 'minorSplitLine', config: { type: 'CheckboxControl', label: 'Minor Split Line', renderTrigger: true, default: false, description: 'Draw split lines for minor y-axis ticks' } }],
        [{ name: 'truncateYAxis', config: { type: 'CheckboxControl', label: 'Truncate Y Axis', default: true, renderTrigger: true, description: 'Truncate Y Axis. Can be overridden by specifying a min or max bound.' } }],
        [{ name: 'y_axis_bounds', config: { type: 'BoundsControl', label: 'Primary y-axis Bounds', renderTrigger: true, default: [null, null] } }],
        [{ name: 'y_axis_format', config: { type: 'NumberFormatControl', label: 'Primary y-axis format', renderTrigger: true, freeForm: true, default: 'SMART_NUMBER' } }],
        ['currency_format'],
        [{ name: 'logAxis', config: { type: 'CheckboxControl', label: 'Logarithmic y-axis', renderTrigger: true, default: false, description: 'Logarithmic scale on primary y-axis' } }],
        [{ name: 'y_axis_bounds_secondary', config: { type: 'BoundsControl', label: 'Secondary y-axis Bounds', renderTrigger: true, default: [null, null] } }],
        [{ name: 'y_axis_format_secondary', config: { type: 'NumberFormatControl', label: 'Secondary y-axis format', renderTrigger: true, freeForm: true, default: 'SMART_NUMBER' } }],
        [{ name: 'currency_format_secondary', config: { type: 'CurrencyControl', label: 'Secondary currency format', renderTrigger: true } }],
        [{ name: 'yAxisTitleSecondary', config: { type: 'TextControl', label: 'Secondary y-axis title', renderTrigger: true, default: '' } }],
        [{ name: 'logAxisSecondary', config: { type: 'CheckboxControl', label: 'Logarithmic y-axis', renderTrigger: true, default: false, description: 'Logarithmic scale on secondary y-axis' } }],
      ],
    },
  ],
};
