import { D3_FORMAT_OPTIONS } from '~/lib/format/number-format';
import { D3_TIME_FORMAT_OPTIONS } from '~/lib/format/time-format';
import type { Choice, ControlPanel } from '../types';

/** Superset's label types, and two with the node's share of its parent. */
export const LABEL_TYPES: Choice[] = [
  ['key', 'Key'],
  ['value', 'Value'],
  ['key_value', 'Category and Value'],
  ['key_percent', 'Category and Percentage'],
  ['key_value_percent', 'Category, Value and Percentage'],
];

export const DEFAULTS = {
  label_type: 'key_value',
  label_position: 'insideTopLeft',
  number_format: 'SMART_NUMBER',
  show_labels: true,
  show_upper_labels: true,
  date_format: 'smart_date',
} as const;

export const controlPanel: ControlPanel = {
  sections: [
    { label: 'Query', expanded: true, controlSetRows: [['groupby'], ['metric'], ['row_limit'], ['sort_by_metric'], ['adhoc_filters']] },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        ['color_scheme'],
        [{ name: 'show_labels', config: { type: 'CheckboxControl', label: 'Show Labels', renderTrigger: true, default: DEFAULTS.show_labels, description: 'Whether to display the labels.' } }],
        [
          {
            name: 'show_upper_labels',
            config: { type: 'CheckboxControl', label: 'Show Upper Labels', renderTrigger: true, default: DEFAULTS.show_upper_labels, description: 'Show labels when the node has children.' },
          },
        ],
        [{ name: 'label_type', config: { type: 'SelectControl', label: 'Label Type', default: DEFAULTS.label_type, renderTrigger: true, choices: LABEL_TYPES, description: 'What should be shown on the label?' } }],
        [
          {
            name: 'number_format',
            config: {
              type: 'SelectControl',
              freeForm: true,
              label: 'Number format',
              renderTrigger: true,
              default: DEFAULTS.number_format,
              choices: D3_FORMAT_OPTIONS.map(([v, l]) => [v, l] as Choice),
              description: 'D3 format syntax: https://github.com/d3/d3-format. Only applies when "Label Type" is set to show values.',
            },
          },
        ],
        ['currency_format'],
        [
          {
            name: 'date_format',
            config: {
              type: 'SelectControl',
              freeForm: true,
              label: 'Date format',
              renderTrigger: true,
              choices: D3_TIME_FORMAT_OPTIONS.map(([v, l]) => [v, l] as Choice),
              default: DEFAULTS.date_format,
              description: 'D3 time format syntax: https://github.com/d3/d3-time-format',
            },
          },
        ],
      ],
    },
  ],
};
