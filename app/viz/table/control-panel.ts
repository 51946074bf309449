/** The table's control panel, as Superset's plugin-chart-table controlPanel (time comparison section left out). */
import { D3_TIME_FORMAT_OPTIONS, SMART_DATE_ID } from '~/lib/format/time-format';
import type { Choice, ControlContext, ControlPanel, Validator } from '../types';
import { getQueryMode } from './transform-props';
import { PAGE_SIZE_OPTIONS } from './types';

const isAggMode = ({ formData }: ControlContext) => getQueryMode(formData) === 'aggregate';
const isRawMode = ({ formData }: ControlContext) => getQueryMode(formData) === 'raw';
const serverPaging = ({ formData }: ControlContext) => Boolean(formData.server_pagination);

const isEmpty = (value: unknown) => (Array.isArray(value) ? value.length === 0 : value === undefined || value === null || value === '');

/** In aggregate mode one of group by, metrics and percentage metrics must have a value (the message on each). */
const aggregateNeedsValue =
  (others: string[]): Validator =>
  (value, context) =>
    isAggMode(context) && isEmpty(value) && others.every((name) => isEmpty(context.formData[name]))
      ? 'Group By, Metrics or Percentage Metrics must have a value'
      : false;

const rawNeedsColumns: Validator = (value, context) => (isRawMode(context) && isEmpty(value) ? 'must have a value' : false);

const pageSizeChoices: Choice[] = PAGE_SIZE_OPTIONS.map(([value, label]) => [value, label]);

export const controlPanel: ControlPanel = {
  sections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'query_mode',
            config: {
              type: 'RadioButtonControl',
              label: 'Query mode',
              default: null,
              choices: [
                ['aggregate', 'Aggregate'],
                ['raw', 'Raw records'],
              ],
            },
          },
        ],
        ['groupby'],
        ['time_grain_sqla', { name: 'temporal_columns_lookup', config: { type: 'HiddenControl', label: '', default: {} } }],
        [
          'metrics',
          {
            name: 'all_columns',
            config: {
              type: 'ColumnsControl',
              label: 'Columns',
              description: 'Columns to display',
              multi: true,
              freeForm: true,
              default: [],
              visibility: isRawMode,
              validators: [rawNeedsColumns],
            },
          },
        ],
        [
          {
            name: 'percent_metrics',
            config: {
              type: 'MetricsControl',
              label: 'Percentage metrics',
              description:
                'Select one or many metrics to display, that will be displayed in the percentages of total. Percentage metrics will be calculated only from data within the row limit. You can use an aggregation function on a column or write custom SQL to create a percentage metric.',
              multi: true,
              default: [],
              visibility: isAggMode,
              validators: [aggregateNeedsValue(['groupby', 'metrics'])],
            },
          },
        ],
        ['adhoc_filters'],
        [
          'timeseries_limit_metric',
          {
            name: 'order_by_cols',
            config: {
              type: 'SelectControl',
              label: 'Ordering',
              description: 'Order results by selected columns',
              multi: true,
              default: [],
              // Superset offers each column ascending and descending, as JSON texts.
              choices: ({ datasource }) =>
                (datasource?.columns ?? []).flatMap((c): Choice[] => [
                  [JSON.stringify([c.column_name, true]), `${c.column_name} [asc]`],
                  [JSON.stringify([c.column_name, false]), `${c.column_name} [desc]`],
                ]),
              visibility: isRawMode,
            },
          },
        ],
        [
          {
            name: 'server_pagination',
            config: { type: 'CheckboxControl', label: 'Server pagination', description: 'Enable server side pagination of results (experimental feature)', default: false },
          },
        ],
        [
          'row_limit',
          {
            name: 'server_page_length',
            config: {
              type: 'SelectControl',
              freeForm: true,
              label: 'Server Page Length',
              default: 10,
              choices: pageSizeChoices,
              description: 'Rows per page, 0 means no pagination',
              visibility: serverPaging,
            },
          },
        ],
        [
          {
            name: 'order_desc',
            config: {
              type: 'CheckboxControl',
              label: 'Sort descending',
              default: true,
              description: 'If enabled, this control sorts the results/values descending, otherwise it sorts the results ascending.',
              visibility: isAggMode,
            },
          },
        ],
        [
          {
            name: 'show_totals',
            config: {
              type: 'CheckboxControl',
              label: 'Show summary',
              default: false,
              description: 'Show total aggregations of selected metrics. Note that row limit does not apply to the result.',
              visibility: isAggMode,
            },
          },
        ],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'table_timestamp_format',
            config: {
              type: 'SelectControl',
              freeForm: true,
              label: 'Timestamp format',
              default: SMART_DATE_ID,
              renderTrigger: true,
              clearable: false,
              choices: D3_TIME_FORMAT_OPTIONS.map(([value, label]) => [value, label]),
              description: 'D3 time format for datetime columns',
            },
          },
        ],
        [
          {
            name: 'page_length',
            config: {
              type: 'SelectControl',
              freeForm: true,
              renderTrigger: true,
              label: 'Page length',
              default: null,
              choices: pageSizeChoices,
              description: 'Rows per page, 0 means no pagination',
              visibility: (context) => !serverPaging(context),
            },
          },
          null,
        ],
        [{ name: 'include_search', config: { type: 'CheckboxControl', label: 'Search box', renderTrigger: true, default: false, description: 'Whether to include a client-side search box' } }],
        [
          {
            name: 'allow_rearrange_columns',
            config: {
              type: 'CheckboxControl',
              label: 'Allow columns to be rearranged',
              renderTrigger: true,
              default: false,
              description: "Allow end user to drag-and-drop column headers to rearrange them. Note their changes won't persist for the next time they open the chart.",
            },
          },
        ],
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
        [{ name: 'column_config', config: { type: 'ColumnConfigControl', label: 'Customize columns', description: 'Further customize how to display each column', renderTrigger: true } }],
      ],
    },
    {
      label: 'Visual formatting',
      expanded: true,
      controlSetRows: [
        [{ name: 'show_cell_bars', config: { type: 'CheckboxControl', label: 'Show Cell bars', renderTrigger: true, default: true, description: 'Whether to display a bar chart background in table columns' } }],
        [{ name: 'align_pn', config: { type: 'CheckboxControl', label: 'Align +/-', renderTrigger: true, default: false, description: 'Whether to align background charts with both positive and negative values at 0' } }],
        [{ name: 'color_pn', config: { type: 'CheckboxControl', label: 'add colors to cell bars for +/-', renderTrigger: true, default: true, description: 'Whether to colorize numeric values by whether they are positive or negative' } }],
        [
          {
            name: 'conditional_formatting',
            config: { type: 'ConditionalFormattingControl', renderTrigger: true, label: 'Custom Conditional Formatting', description: 'Apply conditional color formatting to numeric columns' },
          },
        ],
      ],
    },
  ],
  controlOverrides: {
    groupby: { visibility: isAggMode, validators: [aggregateNeedsValue(['metrics', 'percent_metrics'])] },
    metrics: { validators: [aggregateNeedsValue(['groupby', 'percent_metrics'])], visibility: isAggMode },
    timeseries_limit_metric: { visibility: isAggMode },
    row_limit: { default: 1000, visibility: (context) => !serverPaging(context) },
    time_grain_sqla: {
      // Shown when a group-by is temporal (or an adhoc column, which may be).
      visibility: ({ formData, datasource }) => {
        const temporal = new Set((datasource?.columns ?? []).filter((c) => c.is_dttm).map((c) => c.column_name));
        return (Array.isArray(formData.groupby) ? formData.groupby : []).some((c) => (typeof c === 'string' ? temporal.has(c) : Boolean(c && typeof c === 'object')));
      },
    },
  },
};
