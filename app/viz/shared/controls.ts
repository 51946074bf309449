/**
 * The shared named controls (Superset's sharedControls, dndControls and the ECharts plugin's
 * shared controls): a control panel row names them ('metrics', 'groupby', 'row_limit', …) and
 * the Explore panel resolves the name here. Labels, defaults, choices and validators are
 * Superset's, so form data from Superset means the same here. A chart type changes one with its
 * panel's controlOverrides or defines its own inline.
 */
import { categoricalSchemes, DEFAULT_CATEGORICAL_SCHEME, DEFAULT_SEQUENTIAL_SCHEME, sequentialSchemes } from '~/lib/colors';
import { D3_FORMAT_OPTIONS, DEFAULT_NUMBER_FORMAT } from '~/lib/format/number-format';
import { D3_TIME_FORMAT_OPTIONS, DEFAULT_TIME_FORMAT } from '~/lib/format/time-format';
import { TIME_GRAINS } from '~/lib/sql/time-grains';
import type { Choice, ControlConfig, ControlContext, ControlItem, ControlPanel, FormData } from '../types';
import { ComparisonType, NO_TIME_RANGE, RollingType } from './query/constants';
import { getColumnLabel, getMetricLabel } from './query/labels';
import { ensureIsArray, isAdhocColumn, isEmptyValue, isPhysicalColumn } from './query/utils';
import { legacyValidateInteger, validateMaxValue, validateNonEmpty } from './validators';

/** Superset's DEFAULT_MAX_ROW: the row limit's ceiling when the server sets none. */
export const DEFAULT_MAX_ROW = 100000;
export const ROW_LIMIT_OPTIONS = [10, 50, 100, 250, 500, 1000, 5000, 10000, 50000];
export const SERIES_LIMITS = [5, 10, 25, 50, 100, 500];

export const TIME_FILTER_LABELS = {
  time_range: 'Time Range',
  granularity_sqla: 'Time Column',
  time_grain_sqla: 'Time Grain',
  granularity: 'Time Granularity',
} as const;

export const D3_FORMAT_DOCS = 'D3 format syntax: https://github.com/d3/d3-format';
export const D3_TIME_FORMAT_DOCS = 'D3 time format syntax: https://github.com/d3/d3-time-format';

/** Numbers as select choices ([10, '10']). */
export const formatSelectOptions = (options: (number | string | Choice)[]): Choice[] =>
  options.map((option) => (Array.isArray(option) ? option : [option, String(option)]));

const d3FormatChoices: Choice[] = D3_FORMAT_OPTIONS.map(([value, label]) => [value, label]);
const d3TimeFormatChoices: Choice[] = D3_TIME_FORMAT_OPTIONS.map(([value, label]) => [value, label]);

// --- choices from the dataset ------------------------------------------------------------------

/** The dataset's columns a chart may group by (Superset offers groupby columns when the flag is there). */
export function columnChoices({ datasource }: ControlContext): Choice[] {
  const columns = datasource?.columns ?? [];
  const groupable = columns.length > 0 && columns[0].groupby !== undefined ? columns.filter((c) => c.groupby) : columns;
  return groupable.map((c) => [c.column_name, c.verbose_name || c.column_name]);
}

/** The dataset's filterable columns. */
export function filterableColumnChoices({ datasource }: ControlContext): Choice[] {
  const columns = datasource?.columns ?? [];
  return columns.filter((c) => c.filterable !== false).map((c) => [c.column_name, c.verbose_name || c.column_name]);
}

/** The dataset's saved metrics. */
export function savedMetricChoices({ datasource }: ControlContext): Choice[] {
  return (datasource?.metrics ?? []).map((m) => [m.metric_name, m.verbose_name || m.metric_name]);
}

/** Temporal columns, and the default one (the dataset's main datetime column, else the first). */
export function getTemporalColumns(datasource: ControlContext['datasource']): { columns: string[]; defaultColumn: string | undefined } {
  const columns = (datasource?.columns ?? []).filter((c) => c.is_dttm).map((c) => c.column_name);
  return { columns, defaultColumn: datasource?.mainDttmCol ?? columns[0] };
}

export function isTemporalColumn(name: string | undefined, datasource: ControlContext['datasource']): boolean {
  return !!name && getTemporalColumns(datasource).columns.includes(name);
}

/**
 * Time-related controls show when there is no x-axis, an SQL x-axis, or a temporal column as the
 * x-axis (Superset's displayTimeRelatedControls).
 */
export function displayTimeRelatedControls({ formData, datasource }: ControlContext): boolean {
  const xAxis = formData.x_axis;
  if (!xAxis) return true;
  if (isAdhocColumn(xAxis)) return true;
  if (isPhysicalColumn(xAxis)) return !!datasource?.columns.find((c) => c.column_name === xAxis)?.is_dttm;
  return false;
}

/** The x-axis is sortable when it is not temporal, or forced categorical. */
function isXAxisSortable({ formData, datasource }: ControlContext): boolean {
  const xAxis = formData.x_axis;
  if (!xAxis) return false;
  return !!formData.xAxisForceCategorical || !isTemporalColumn(getColumnLabel(xAxis as string), datasource);
}

const showLegendVisible = ({ formData }: ControlContext) => Boolean(formData.show_legend ?? true);
const richTooltipVisible = ({ formData }: ControlContext) => Boolean(formData.rich_tooltip ?? true);

const TIME_GRAIN_CHOICES: Choice[] = TIME_GRAINS.map((grain) => [grain.code, grain.name]);

// --- the controls ------------------------------------------------------------------------------

const groupby: ControlConfig = {
  type: 'ColumnsControl',
  label: 'Dimensions',
  multi: true,
  freeForm: true,
  clearable: true,
  default: [],
  choices: columnChoices,
  description:
    'Dimensions contain qualitative values such as names, dates, or geographical data. Use dimensions to categorize, segment, and reveal the details in your data. Dimensions affect the level of detail in the view.',
};

const metrics: ControlConfig = {
  type: 'MetricsControl',
  label: 'Metrics',
  multi: true,
  validators: [validateNonEmpty],
  choices: savedMetricChoices,
  description: 'Select one or many metrics to display. You can use an aggregation function on a column or write custom SQL to create a metric.',
};

const metric: ControlConfig = {
  ...metrics,
  type: 'MetricControl',
  multi: false,
  label: 'Metric',
  description: 'Select a metric to display. You can use an aggregation function on a column or write custom SQL to create a metric.',
};

const sortBy: ControlConfig = {
  type: 'MetricControl',
  label: 'Sort query by',
  default: null,
  clearable: true,
  choices: savedMetricChoices,
  description:
    'Orders the query result that generates the source data for this chart. If a series or row limit is reached, this determines what data are truncated. If undefined, defaults to the first metric (where appropriate).',
};

const xAxisSortChoices = ({ formData, datasource }: ControlContext): Choice[] => {
  const verbose = datasource?.verboseMap ?? {};
  const columns = [formData.x_axis].filter(Boolean).map((c) => getColumnLabel(c as string));
  const metricLabels = [
    ...new Set(
      [...ensureIsArray(formData.metrics as never[]), formData.timeseries_limit_metric]
        .filter(Boolean)
        .map((m) => getMetricLabel(m as string)),
    ),
  ];
  return [...columns, ...metricLabels].map((value) => [value, verbose[value] || value]);
};

const xAxisSortVisible = (context: ControlContext) =>
  isXAxisSortable(context) && ensureIsArray(context.formData.groupby as unknown[]).length === 0 && ensureIsArray(context.formData.metrics as unknown[]).length === 1;

const xAxisMultiSortVisible = (context: ControlContext) =>
  isXAxisSortable(context) &&
  (ensureIsArray(context.formData.groupby as unknown[]).length > 0 || ensureIsArray(context.formData.metrics as unknown[]).length > 1);

export const SORT_SERIES_CHOICES: Choice[] = [
  ['name', 'Category name'],
  ['sum', 'Total value'],
  ['min', 'Minimum value'],
  ['max', 'Maximum value'],
  ['avg', 'Average value'],
];

export const SHARED_CONTROLS: Readonly<Record<string, ControlConfig>> = {
  // Query: metrics and columns
  metrics,
  metric,
  metric_2: { ...metric, label: 'Right Axis Metric', clearable: true, description: 'Select a metric to display on the right axis' },
  secondary_metric: { ...metric, label: 'Color Metric', default: null, validators: [], description: 'A metric to use for color' },
  x: { ...metric, label: 'X Axis', default: null, description: "The dataset column/metric that returns the values on your chart's x-axis." },
  y: { ...metric, label: 'Y Axis', default: null, description: "The dataset column/metric that returns the values on your chart's y-axis." },
  size: { ...metric, label: 'Bubble Size', default: null, description: 'Metric used to calculate bubble size' },
  groupby,
  columns: { ...groupby, label: 'Columns', description: 'Add dataset columns here to group the pivot table columns.' },
  series_columns: { ...groupby, label: 'Columns', description: 'Add dataset columns here to group the pivot table columns.' },
  series: {
    ...groupby,
    label: 'Dimension',
    multi: false,
    default: null,
    description: 'Defines the grouping of entities. Each series is represented by a specific color in the chart.',
  },
  entity: {
    ...groupby,
    label: 'Entity',
    multi: false,
    default: null,
    validators: [validateNonEmpty],
    description: 'This defines the element to be plotted on the chart',
  },
  x_axis: {
    ...groupby,
    type: 'XAxisControl',
    label: 'X-axis',
    multi: false,
    default: undefined,
    validators: [validateNonEmpty],
    description: 'Dimension to use on x-axis.',
  },
  adhoc_filters: {
    type: 'AdhocFilterControl',
    label: 'Filters',
    default: [],
    description: '',
    choices: filterableColumnChoices,
  },
  timeseries_limit_metric: sortBy,
  series_limit_metric: sortBy,
  orderby: sortBy,
  legacy_order_by: sortBy,
  order_desc: {
    type: 'CheckboxControl',
    label: 'Sort Descending',
    default: true,
    description: 'If enabled, this control sorts the results/values descending, otherwise it sorts the results ascending.',
    visibility: ({ formData }) => !isEmptyValue(formData.timeseries_limit_metric),
  },
  row_limit: {
    type: 'SelectControl',
    label: 'Row limit',
    freeForm: true,
    clearable: false,
    default: 10000,
    choices: formatSelectOptions(ROW_LIMIT_OPTIONS),
    validators: [legacyValidateInteger, validateMaxValue(DEFAULT_MAX_ROW)],
    description: 'Limits the number of the rows that are computed in the query that is the source of the data used for this chart.',
  },
  limit: {
    type: 'SelectControl',
    label: 'Series limit',
    freeForm: true,
    clearable: true,
    choices: formatSelectOptions(SERIES_LIMITS),
    validators: [legacyValidateInteger],
    description:
      'Limits the number of series that get displayed. A joined subquery (or an extra phase where subqueries are not supported) is applied to limit the number of series that get fetched and rendered. This feature is useful when grouping by high cardinality column(s) though does increase the query complexity and cost.',
  },
  series_limit: {
    type: 'SelectControl',
    label: 'Series limit',
    freeForm: true,
    choices: formatSelectOptions(SERIES_LIMITS),
    validators: [legacyValidateInteger],
    description:
      'Limits the number of series that get displayed. A joined subquery (or an extra phase where subqueries are not supported) is applied to limit the number of series that get fetched and rendered. This feature is useful when grouping by high cardinality column(s) though does increase the query complexity and cost.',
  },
  truncate_metric: { type: 'CheckboxControl', label: 'Truncate Metric', default: true, description: 'Whether to truncate metrics' },
  show_empty_columns: { type: 'CheckboxControl', label: 'Show empty columns', default: true, description: 'Show empty columns' },
  sort_by_metric: { type: 'CheckboxControl', label: 'Sort by metric', description: 'Whether to sort results by the selected metric in descending order.' },
  contributionMode: {
    type: 'SelectControl',
    label: 'Contribution Mode',
    default: null,
    choices: [
      [null, 'None'],
      ['row', 'Row'],
      ['column', 'Series'],
    ],
    description: 'Calculate contribution per series or row',
  },
  temporal_columns_lookup: { type: 'HiddenControl', label: '' },

  // Time
  time_range: {
    type: 'DateFilterControl',
    label: TIME_FILTER_LABELS.time_range,
    freeForm: true,
    default: NO_TIME_RANGE,
    description:
      'This control filters the whole chart based on the selected time range. All relative times, e.g. "Last month", "Last 7 days", "now", etc. are evaluated on the server using the server\'s local time (sans timezone). All tooltips and placeholder times are expressed in UTC (sans timezone). The timestamps are then evaluated by the database using the engine\'s local timezone. Note one can explicitly set the timezone per the ISO 8601 format if specifying either the start and/or end time.',
  },
  granularity_sqla: {
    type: 'ColumnsControl',
    label: TIME_FILTER_LABELS.granularity_sqla,
    multi: false,
    clearable: false,
    choices: ({ datasource }) => getTemporalColumns(datasource).columns.map((c) => [c, c]),
    description:
      'The time column for the visualization. Note that you can define arbitrary expression that return a DATETIME column in the table. Also note that the filter below is applied against this column or expression',
  },
  time_grain_sqla: {
    type: 'TimeGrainControl',
    label: TIME_FILTER_LABELS.time_grain_sqla,
    clearable: true,
    // New charts start at a day; a saved chart keeps what it has (Superset's initialValue).
    default: 'P1D',
    choices: TIME_GRAIN_CHOICES,
    description: 'Select a time grain for the visualization. The grain is the time interval represented by a single point on the chart.',
    visibility: displayTimeRelatedControls,
  },
  granularity: {
    type: 'SelectControl',
    label: TIME_FILTER_LABELS.granularity,
    freeForm: true,
    default: 'one day',
    choices: [
      [null, 'all'],
      ['PT5S', '5 seconds'],
      ['PT30S', '30 seconds'],
      ['PT1M', '1 minute'],
      ['PT5M', '5 minutes'],
      ['PT30M', '30 minutes'],
      ['PT1H', '1 hour'],
      ['PT6H', '6 hour'],
      ['P1D', '1 day'],
      ['P7D', '7 days'],
      ['P1W', 'week'],
      ['week_starting_sunday', 'week starting Sunday'],
      ['week_ending_saturday', 'week ending Saturday'],
      ['P1M', 'month'],
      ['P3M', 'quarter'],
      ['P1Y', 'year'],
    ],
    description: 'The time granularity for the visualization. Note that you can type and use simple natural language as in `10 seconds`, `1 day` or `56 weeks`',
  },

  // X-axis sorting (bar charts)
  x_axis_sort: {
    type: 'SelectControl',
    label: 'X-Axis Sort By',
    clearable: true,
    choices: xAxisSortChoices,
    description: 'Decides which column to sort the base axis by.',
    visibility: xAxisSortVisible,
  },
  x_axis_sort_asc: {
    type: 'CheckboxControl',
    label: 'X-Axis Sort Ascending',
    default: true,
    description: 'Whether to sort ascending or descending on the base Axis.',
    visibility: (context) => context.formData.x_axis_sort !== undefined && context.formData.x_axis_sort !== null && xAxisSortVisible(context),
  },
  x_axis_sort_series: {
    type: 'SelectControl',
    label: 'X-Axis Sort By',
    freeForm: false,
    default: 'name',
    choices: SORT_SERIES_CHOICES,
    description: 'Decides which measure to sort the base axis by.',
    visibility: xAxisMultiSortVisible,
  },
  x_axis_sort_series_ascending: {
    type: 'CheckboxControl',
    label: 'X-Axis Sort Ascending',
    default: true,
    description: 'Whether to sort ascending or descending on the base Axis.',
    visibility: xAxisMultiSortVisible,
  },
  xAxisForceCategorical: {
    type: 'CheckboxControl',
    label: 'Force categorical',
    default: false,
    renderTrigger: true,
    description: 'Treat values as categorical.',
    visibility: ({ formData, datasource }) => {
      const name = formData.x_axis ? getColumnLabel(formData.x_axis as string) : undefined;
      return !!datasource?.columns.find((c) => c.column_name === name && c.type_generic === 0);
    },
  },

  // Advanced analytics
  rolling_type: {
    type: 'SelectControl',
    label: 'Rolling function',
    default: null,
    choices: [[null, 'None'], ...formatSelectOptions(Object.values(RollingType))],
    description: 'Defines a rolling window function to apply, works along with the [Periods] text box',
  },
  rolling_periods: {
    type: 'TextControl',
    label: 'Periods',
    isInt: true,
    description: 'Defines the size of the rolling window function, relative to the time granularity selected',
    visibility: ({ formData }) => Boolean(formData.rolling_type) && formData.rolling_type !== RollingType.Cumsum,
  },
  min_periods: {
    type: 'TextControl',
    label: 'Min periods',
    isInt: true,
    description:
      'The minimum number of rolling periods required to show a value. For instance if you do a cumulative sum on 7 days you may want your "Min Period" to be 7, so that all data points shown are the total of 7 periods. This will hide the "ramp up" taking place over the first 7 periods',
    visibility: ({ formData }) => Boolean(formData.rolling_type) && formData.rolling_type !== RollingType.Cumsum,
  },
  time_compare: {
    type: 'SelectControl',
    label: 'Time shift',
    multi: true,
    freeForm: true,
    choices: formatSelectOptions(['1 day ago', '1 week ago', '28 days ago', '30 days ago', '52 weeks ago', '1 year ago', '104 weeks ago', '2 years ago', '156 weeks ago', '3 years ago']),
    description:
      'Overlay one or more timeseries from a relative time period. Expects relative time deltas in natural language (example:  24 hours, 7 days, 52 weeks, 365 days). Free text is supported.',
  },
  comparison_type: {
    type: 'SelectControl',
    label: 'Calculation type',
    default: 'values',
    choices: [
      [ComparisonType.Values, 'Actual values'],
      [ComparisonType.Difference, 'Difference'],
      [ComparisonType.Percentage, 'Percentage change'],
      [ComparisonType.Ratio, 'Ratio'],
    ],
    description:
      'How to display time shifts: as individual lines; as the difference between the main time series and each time shift; as the percentage change; or as the ratio between series and time shifts.',
  },
  resample_rule: {
    type: 'SelectControl',
    label: 'Rule',
    freeForm: true,
    default: null,
    choices: [
      ['1T', '1 minutely frequency'],
      ['1H', '1 hourly frequency'],
      ['1D', '1 calendar day frequency'],
      ['7D', '7 calendar day frequency'],
      ['1MS', '1 month start frequency'],
      ['1M', '1 month end frequency'],
      ['1AS', '1 year start frequency'],
      ['1A', '1 year end frequency'],
    ],
    description: 'Pandas resample rule',
  },
  resample_method: {
    type: 'SelectControl',
    label: 'Fill method',
    default: null,
    choices: [
      ['asfreq', 'Null imputation'],
      ['zerofill', 'Zero imputation'],
      ['linear', 'Linear interpolation'],
      ['ffill', 'Forward values'],
      ['bfill', 'Backward values'],
      ['median', 'Median values'],
      ['mean', 'Mean values'],
      ['sum', 'Sum values'],
    ],
    description: 'Pandas resample method',
  },
  time_shift_color: {
    type: 'CheckboxControl',
    label: 'Match time shift color with original series',
    default: true,
    renderTrigger: true,
    description: 'When unchecked, colors from the selected color scheme will be used for time shifted series',
    visibility: ({ formData }) => !isEmptyValue(formData.time_compare),
  },

  // Annotations
  annotation_layers: {
    type: 'AnnotationLayerControl',
    label: '',
    default: [],
    description: 'Annotation Layers',
    renderTrigger: false,
  },

  // Chart options: colours and formats
  color_scheme: {
    type: 'ColorSchemeControl',
    label: 'Color Scheme',
    default: DEFAULT_CATEGORICAL_SCHEME,
    renderTrigger: true,
    clearable: false,
    choices: () => categoricalSchemes.list().map((s) => [s.id, s.label ?? s.id]),
    description: 'The color scheme for rendering chart',
  },
  linear_color_scheme: {
    type: 'ColorSchemeControl',
    label: 'Linear Color Scheme',
    default: DEFAULT_SEQUENTIAL_SCHEME,
    renderTrigger: true,
    clearable: false,
    choices: () => sequentialSchemes.list().map((s) => [s.id, s.label ?? s.id]),
    description: '',
  },
  color_picker: {
    type: 'ColorPickerControl',
    label: 'Fixed Color',
    default: { r: 0, g: 122, b: 135, a: 1 },
    renderTrigger: true,
    description: 'Use this to define a static color for all circles',
  },
  y_axis_format: {
    type: 'NumberFormatControl',
    label: 'Y Axis Format',
    freeForm: true,
    renderTrigger: true,
    default: DEFAULT_NUMBER_FORMAT,
    choices: ({ formData }) => (formData.comparison_type === ComparisonType.Percentage ? d3FormatChoices.filter(([value]) => String(value).includes('%')) : d3FormatChoices),
    description: D3_FORMAT_DOCS,
  },
  x_axis_time_format: {
    type: 'TimeFormatControl',
    label: 'Time format',
    freeForm: true,
    renderTrigger: true,
    default: DEFAULT_TIME_FORMAT,
    choices: d3TimeFormatChoices,
    description: D3_TIME_FORMAT_DOCS,
  },
  currency_format: { type: 'CurrencyControl', label: 'Currency format', renderTrigger: true },

  // ECharts legend and tooltip (the ECharts plugin's shared controls)
  show_legend: { type: 'CheckboxControl', label: 'Show legend', renderTrigger: true, default: true, description: 'Whether to display a legend for the chart' },
  legendType: {
    type: 'SelectControl',
    label: 'Type',
    freeForm: false,
    choices: [
      ['scroll', 'Scroll'],
      ['plain', 'Plain'],
    ],
    default: 'scroll',
    renderTrigger: true,
    description: 'Legend type',
    visibility: showLegendVisible,
  },
  legendOrientation: {
    type: 'SelectControl',
    label: 'Orientation',
    freeForm: false,
    choices: [
      ['top', 'Top'],
      ['bottom', 'Bottom'],
      ['left', 'Left'],
      ['right', 'Right'],
    ],
    default: 'top',
    renderTrigger: true,
    description: 'Legend Orientation',
    visibility: showLegendVisible,
  },
  legendMargin: {
    type: 'TextControl',
    label: 'Margin',
    isInt: true,
    default: null,
    renderTrigger: true,
    description: 'Additional padding for legend.',
    visibility: showLegendVisible,
  },
  rich_tooltip: { type: 'CheckboxControl', label: 'Rich tooltip', renderTrigger: true, default: true, description: 'Shows a list of all series available at that point in time' },
  showTooltipTotal: {
    type: 'CheckboxControl',
    label: 'Show total',
    renderTrigger: true,
    default: true,
    description: 'Whether to display the total value in the tooltip',
    visibility: (context) => richTooltipVisible(context) && context.formData.viz_type !== 'mixed_timeseries',
  },
  showTooltipPercentage: {
    type: 'CheckboxControl',
    label: 'Show percentage',
    renderTrigger: true,
    default: true,
    description: 'Whether to display the percentage value in the tooltip',
    visibility: (context) => richTooltipVisible(context) && !context.formData.contributionMode && context.formData.viz_type !== 'mixed_timeseries',
  },
  tooltipSortByMetric: {
    type: 'CheckboxControl',
    label: 'Tooltip sort by metric',
    renderTrigger: true,
    default: false,
    description: 'Whether to sort tooltip by the selected metric in descending order.',
    visibility: richTooltipVisible,
  },
  tooltipTimeFormat: {
    type: 'TimeFormatControl',
    label: 'Tooltip time format',
    freeForm: true,
    renderTrigger: true,
    clearable: false,
    default: 'smart_date',
    choices: d3TimeFormatChoices,
    description: D3_TIME_FORMAT_DOCS,
  },
  sort_series_type: {
    type: 'SelectControl',
    label: 'Sort Series By',
    freeForm: false,
    choices: SORT_SERIES_CHOICES,
    default: 'sum',
    renderTrigger: true,
    description: 'Based on what should series be ordered on the chart and legend',
  },
  sort_series_ascending: { type: 'CheckboxControl', label: 'Sort Series Ascending', default: false, renderTrigger: true, description: 'Sort series in ascending order' },
  show_value: { type: 'CheckboxControl', label: 'Show Value', default: false, renderTrigger: true, description: 'Show series values on the chart' },
  stack: {
    type: 'SelectControl',
    label: 'Stacked Style',
    renderTrigger: true,
    choices: [
      [null, 'None'],
      ['Stack', 'Stack'],
      ['Stream', 'Stream'],
    ],
    default: null,
    description: 'Stack series on top of each other',
  },
  only_total: {
    type: 'CheckboxControl',
    label: 'Only Total',
    default: true,
    renderTrigger: true,
    description: 'Only show the total value on the stacked chart, and not show on the selected category',
    visibility: ({ formData }) => Boolean(formData.show_value) && Boolean(formData.stack),
  },
  percentage_threshold: {
    type: 'TextControl',
    label: 'Percentage threshold',
    renderTrigger: true,
    isFloat: true,
    default: 0,
    description: 'Minimum threshold in percentage points for showing labels.',
    visibility: ({ formData }) => Boolean(formData.show_value) && Boolean(formData.stack) && !(formData.only_total ?? true),
  },
  xAxisLabelRotation: {
    type: 'SelectControl',
    label: 'Rotate x axis label',
    freeForm: true,
    clearable: false,
    choices: [
      [0, '0°'],
      [45, '45°'],
      [90, '90°'],
    ],
    default: 0,
    renderTrigger: true,
    description: 'Input field supports custom rotation. e.g. 30 for 30°',
  },
  truncateXAxis: {
    type: 'CheckboxControl',
    label: 'Truncate X Axis',
    default: true,
    renderTrigger: true,
    description: 'Truncate X Axis. Can be overridden by specifying a min or max bound. Only applicable for numercal X axis.',
  },
  xAxisBounds: {
    type: 'BoundsControl',
    label: 'X Axis Bounds',
    renderTrigger: true,
    default: [null, null],
    description:
      "Bounds for numerical X axis. Not applicable for temporal or categorical axes. When left empty, the bounds are dynamically defined based on the min/max of the data. Note that this feature will only expand the axis range. It won't narrow the data's extent.",
    visibility: ({ formData }) => Boolean(formData.truncateXAxis ?? true),
  },
  minorTicks: { type: 'CheckboxControl', label: 'Minor ticks', default: false, renderTrigger: true, description: 'Show minor ticks on axes.' },
  forceCategorical: { type: 'CheckboxControl', label: 'Force categorical', default: false, renderTrigger: true, description: 'Make the x-axis categorical' },
};

export function isSharedControl(name: string): boolean {
  return Object.hasOwn(SHARED_CONTROLS, name);
}

/**
 * A control panel item as {name, config}: a shared control by name with the panel's override for
 * that name applied over it, or an inline control as it is. As Superset's expandControlConfig,
 * overrides only change shared controls, and an empty cell (null) or an unknown name resolves to
 * null (nothing drawn).
 */
export function resolveControl(item: ControlItem, overrides?: Record<string, Partial<ControlConfig>>): { name: string; config: ControlConfig } | null {
  if (!item) return null;
  if (typeof item === 'string') {
    if (!isSharedControl(item)) return null;
    return { name: item, config: { ...SHARED_CONTROLS[item], ...(overrides?.[item] ?? {}) } };
  }
  return { name: item.name, config: item.config };
}

/** The choices of a control in a context (fixed, or computed from the form data and dataset). */
export function controlChoices(config: ControlConfig, context: ControlContext): Choice[] {
  if (!config.choices) return [];
  return typeof config.choices === 'function' ? config.choices(context) : config.choices;
}

/**
 * The form data with every control of the panel that has no value set to its default, as
 * Superset's Explore fills a chart's form data from its controls: plugins read their settings from
 * the form data (truncate_metric, show_legend, …), so a chart built here draws as Superset would.
 * Values already present, null included, are kept.
 */
export function withControlDefaults(panel: ControlPanel, formData: FormData): FormData {
  const filled: FormData = { ...formData };
  for (const row of panel.sections.flatMap((s) => s.controlSetRows)) {
    for (const item of row) {
      const control = resolveControl(item, panel.controlOverrides);
      if (!control || Object.hasOwn(filled, control.name) || control.config.default === undefined) continue;
      const value = control.config.default;
      filled[control.name] = typeof value === 'function' ? (value as (context: ControlContext) => unknown)({ formData, datasource: null }) : value;
    }
  }
  return filled;
}
