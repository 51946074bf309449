/** Controls both big number types have (Superset's BigNumber sharedControls and its display options). */
import { D3_TIME_FORMAT_OPTIONS, SMART_DATE_ID } from '~/lib/format/time-format';
import type { ControlConfig, ControlItem } from '../types';

export const headerFontSize: ControlItem = {
  name: 'header_font_size',
  config: {
    type: 'SelectControl',
    label: 'Big Number Font Size',
    renderTrigger: true,
    clearable: false,
    default: 0.4,
    // The share of the chart's height the number may take.
    choices: [
      [0.2, 'Tiny'],
      [0.3, 'Small'],
      [0.4, 'Normal'],
      [0.5, 'Large'],
      [0.6, 'Huge'],
    ],
  },
};

const smallTextSize: ControlConfig = {
  type: 'SelectControl',
  label: 'Subheader Font Size',
  renderTrigger: true,
  clearable: false,
  default: 0.15,
  choices: [
    [0.125, 'Tiny'],
    [0.15, 'Small'],
    [0.2, 'Normal'],
    [0.3, 'Large'],
    [0.4, 'Huge'],
  ],
};

export const subheaderFontSize: ControlItem = { name: 'subheader_font_size', config: smallTextSize };

export const subtitleControl: ControlItem = {
  name: 'subtitle',
  config: { type: 'TextControl', label: 'Subtitle', renderTrigger: true, description: 'Description text that shows up below your Big Number' },
};

export const subtitleFontSize: ControlItem = {
  name: 'subtitle_font_size',
  config: { ...smallTextSize, label: 'Subtitle Font Size' },
};

export const timeFormatControl: ControlItem = {
  name: 'time_format',
  config: {
    type: 'SelectControl',
    freeForm: true,
    label: 'Date format',
    renderTrigger: true,
    choices: D3_TIME_FORMAT_OPTIONS.map(([v, l]) => [v, l]),
    description: 'D3 time format syntax: https://github.com/d3/d3-time-format',
    default: SMART_DATE_ID,
  },
};

export const forceTimestampFormatting: ControlItem = {
  name: 'force_timestamp_formatting',
  config: {
    type: 'CheckboxControl',
    label: 'Force date format',
    renderTrigger: true,
    default: false,
    description: 'Use date formatting even when metric value is not a timestamp',
  },
};

export const showMetricName: ControlItem = {
  name: 'show_metric_name',
  config: { type: 'CheckboxControl', label: 'Show Metric Name', renderTrigger: true, default: false, description: 'Whether to display the metric name' },
};

export const metricNameFontSize: ControlItem = {
  name: 'metric_name_font_size',
  config: { ...smallTextSize, label: 'Metric Name Font Size', visibility: ({ formData }) => Boolean(formData.show_metric_name) },
};
