/** The pivot table's control panel, as Superset's plugin-chart-pivot-table controlPanel. */
import { D3_TIME_FORMAT_OPTIONS, SMART_DATE_ID } from '~/lib/format/time-format';
import type { Choice, ControlPanel, Validator } from '../types';
import { AGGREGATE_FUNCTIONS } from './pivot-data';

const nonEmpty: Validator = (value) => (Array.isArray(value) ? value.length === 0 : value === undefined || value === null || value === '') && 'Cannot be empty';

const ORDER_CHOICES: Choice[] = [
  ['key_a_to_z', 'key a-z'],
  ['key_z_to_a', 'key z-a'],
  ['value_a_to_z', 'value ascending'],
  ['value_z_to_a', 'value descending'],
];

const checkbox = (name: string, label: string, description: string, renderTrigger = true) => ({
  name,
  config: { type: 'CheckboxControl' as const, label, default: false, renderTrigger, description },
});

export const controlPanel: ControlPanel = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        [{ name: 'groupbyColumns', config: { type: 'ColumnsControl', label: 'Columns', description: 'Columns to group by on the columns', multi: true, default: [] } }],
        [{ name: 'groupbyRows', config: { type: 'ColumnsControl', label: 'Rows', description: 'Columns to group by on the rows', multi: true, default: [] } }],
        ['time_grain_sqla', { name: 'temporal_columns_lookup', config: { type: 'HiddenControl', label: '', default: {} } }],
        ['metrics'],
        [
          {
            name: 'metricsLayout',
            config: {
              type: 'RadioButtonControl',
              renderTrigger: true,
              label: 'Apply metrics on',
              default: 'COLUMNS',
              choices: [
                ['COLUMNS', 'Columns'],
                ['ROWS', 'Rows'],
              ],
              description: 'Use metrics as a top level group for columns or for rows',
            },
          },
        ],
        ['adhoc_filters'],
        ['series_limit'],
        ['row_limit'],
        ['series_limit_metric'],
        [{ name: 'order_desc', config: { type: 'CheckboxControl', label: 'Sort Descending', default: true, description: 'Whether to sort descending or ascending' } }],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'aggregateFunction',
            config: {
              type: 'SelectControl',
              label: 'Aggregation function',
              clearable: false,
              choices: AGGREGATE_FUNCTIONS.map((name): Choice => [name, name]),
              default: 'Sum',
              description: 'Aggregate function to apply when pivoting and computing the total rows and columns',
              renderTrigger: true,
            },
          },
        ],
        [checkbox('rowTotals', 'Show rows total', 'Display row level total')],
        [checkbox('rowSubTotals', 'Show rows subtotal', 'Display row level subtotal')],
        [checkbox('colTotals', 'Show columns total', 'Display column level total')],
        [checkbox('colSubTotals', 'Show columns subtotal', 'Display column level subtotal')],
        [checkbox('transposePivot', 'Transpose pivot', 'Swap rows and columns')],
        [checkbox('combineMetric', 'Combine metrics', 'Display metrics side by side within each column, as opposed to each column being displayed side by side for each metric.')],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [{ name: 'valueFormat', config: { type: 'NumberFormatControl', label: 'Value format', default: 'SMART_NUMBER', freeForm: true, renderTrigger: true, description: 'D3 format syntax: https://github.com/d3/d3-format' } }],
        ['currency_format'],
        [
          {
            name: 'date_format',
            config: {
              type: 'SelectControl',
              freeForm: true,
              label: 'Date format',
              default: SMART_DATE_ID,
              renderTrigger: true,
              choices: D3_TIME_FORMAT_OPTIONS.map(([value, label]): Choice => [value, label]),
              description: 'D3 time format for datetime columns',
            },
          },
        ],
        [{ name: 'rowOrder', config: { type: 'SelectControl', label: 'Sort rows by', default: 'key_a_to_z', choices: ORDER_CHOICES, renderTrigger: true, description: 'Change order of rows. By key: use row names as sorting key. By value: use metric values as sorting key.' } }],
        [{ name: 'colOrder', config: { type: 'SelectControl', label: 'Sort columns by', default: 'key_a_to_z', choices: ORDER_CHOICES, renderTrigger: true, description: 'Change order of columns. By key: use column names as sorting key. By value: use metric values as sorting key.' } }],
        [
          {
            name: 'rowSubtotalPosition',
            config: {
              type: 'SelectControl',
              label: 'Rows subtotal position',
              default: false,
              choices: [
                [true, 'Top'],
                [false, 'Bottom'],
              ],
              renderTrigger: true,
              description: 'Position of row level subtotal',
            },
          },
        ],
        [
          {
            name: 'colSubtotalPosition',
            config: {
              type: 'SelectControl',
              label: 'Columns subtotal position',
              default: false,
              choices: [
                [true, 'Left'],
                [false, 'Right'],
              ],
              renderTrigger: true,
              description: 'Position of column level subtotal',
            },
          },
        ],
        [{ name: 'conditional_formatting', config: { type: 'ConditionalFormattingControl', renderTrigger: true, label: 'Conditional formatting', description: 'Apply conditional color formatting to metrics' } }],
        [
          {
            name: 'allow_render_html',
            config: {
              type: 'CheckboxControl',
              label: 'Render columns in HTML format',
              renderTrigger: true,
              default: true,
              description: 'Renders table cells as HTML when applicable. For example, HTML &lt;a&gt; tags will be rendered as hyperlinks.',
            },
          },
        ],
      ],
    },
  ],
  controlOverrides: {
    metrics: { validators: [nonEmpty] },
    row_limit: { label: 'Cell limit', description: 'Limits the number of cells that get retrieved.' },
    series_limit_metric: { description: 'Metric used to define how the top series are sorted if a series or cell limit is present. If undefined reverts to the first metric (where appropriate).' },
    time_grain_sqla: {
      visibility: ({ formData, datasource }) => {
        const temporal = new Set((datasource?.columns ?? []).filter((c) => c.is_dttm).map((c) => c.column_name));
        const chosen = [...(Array.isArray(formData.groupbyColumns) ? formData.groupbyColumns : []), ...(Array.isArray(formData.groupbyRows) ? formData.groupbyRows : [])];
        return chosen.some((c) => (typeof c === 'string' ? temporal.has(c) : Boolean(c && typeof c === 'object')));
      },
    },
  },
};
