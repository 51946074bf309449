import { forceTimestampFormatting, headerFontSize, metricNameFontSize, showMetricName, subheaderFontSize, subtitleControl, subtitleFontSize, timeFormatControl } from '../big-number-total/controls';
import type { ControlPanel } from '../types';

/** Superset's aggregation control: how the big number is taken from the series. */
export const AGGREGATION_CHOICES: [string, string][] = [
  ['raw', 'Overall value'],
  ['LAST_VALUE', 'Last Value'],
  ['sum', 'Total (Sum)'],
  ['mean', 'Average (Mean)'],
  ['min', 'Minimum'],
  ['max', 'Maximum'],
  ['median', 'Median'],
];

const isInteger = (value: unknown) =>
  value === undefined || value === null || value === '' || /^-?\d+$/.test(String(value).trim()) ? false : 'is expected to be an integer';

export const controlPanel: ControlPanel = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['x_axis'],
        ['time_grain_sqla'],
        [
          {
            name: 'aggregation',
            config: {
              type: 'SelectControl',
              label: 'Aggregation Method',
              default: 'LAST_VALUE',
              clearable: false,
              renderTrigger: false,
              choices: AGGREGATION_CHOICES,
              description: 'Method to compute the displayed value. "Overall value" calculates a single metric across the entire filtered time period, ideal for non-additive metrics like ratios, averages, or distinct counts. Other methods operate over the time series data points.',
            },
          },
        ],
        ['metric'],
        ['adhoc_filters'],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'compare_lag',
            config: { type: 'TextControl', label: 'Comparison Period Lag', isInt: true, validators: [isInteger], description: 'Based on granularity, number of time periods to compare against' },
          },
        ],
        [{ name: 'compare_suffix', config: { type: 'TextControl', label: 'Comparison suffix', description: 'Suffix to apply after the percentage display' } }],
        [{ name: 'show_timestamp', config: { type: 'CheckboxControl', label: 'Show Timestamp', renderTrigger: true, default: false, description: 'Whether to display the timestamp' } }],
        [{ name: 'show_trend_line', config: { type: 'CheckboxControl', label: 'Show Trend Line', renderTrigger: true, default: true, description: 'Whether to display the trend line' } }],
        [
          {
            name: 'start_y_axis_at_zero',
            config: { type: 'CheckboxControl', label: 'Start y-axis at 0', renderTrigger: true, default: true, description: 'Start y-axis at zero. Uncheck to start y-axis at minimum value in the data.' },
          },
        ],
        [
          {
            name: 'time_range_fixed',
            config: {
              type: 'CheckboxControl',
              label: 'Fix to selected Time Range',
              description: 'Fix the trend line to the full time range specified in case filtered results do not include the start or end dates',
              renderTrigger: true,
              visibility: ({ formData }) => Boolean(formData.time_range) && formData.time_range !== 'No filter',
            },
          },
        ],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        ['color_picker', null],
        [headerFontSize],
        [subheaderFontSize],
        [subtitleControl],
        [subtitleFontSize],
        [showMetricName],
        [metricNameFontSize],
        ['y_axis_format'],
        ['currency_format'],
        [timeFormatControl],
        [forceTimestampFormatting],
      ],
    },
    {
      label: 'Advanced Analytics',
      expanded: false,
      controlSetRows: [
        [
          {
            name: 'rolling_type',
            config: {
              type: 'SelectControl',
              label: 'Rolling Function',
              default: 'None',
              choices: [
                ['None', 'None'],
                ['mean', 'mean'],
                ['sum', 'sum'],
                ['std', 'std'],
                ['cumsum', 'cumsum'],
              ],
              description: 'Defines a rolling window function to apply, works along with the [Periods] text box',
            },
          },
        ],
        [{ name: 'rolling_periods', config: { type: 'TextControl', label: 'Periods', isInt: true, validators: [isInteger], description: 'Defines the size of the rolling window function, relative to the time granularity selected' } }],
        [{ name: 'min_periods', config: { type: 'TextControl', label: 'Min Periods', isInt: true, validators: [isInteger], description: 'The minimum number of rolling periods required to show a value' } }],
        // The same resample controls as the time series (app/viz/shared/controls.ts).
        ['resample_rule'],
        ['resample_method'],
      ],
    },
  ],
  controlOverrides: {
    y_axis_format: { label: 'Number format' },
    x_axis: { label: 'Temporal X-Axis' },
    color_picker: { default: { r: 0, g: 122, b: 135, a: 1 } },
  },
};
