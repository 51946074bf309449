/** Constants of Superset's query building (@superset-ui/core query/constants). */

/** The label of the time column in legacy (granularity_sqla) time-series answers. */
export const DTTM_ALIAS = '__timestamp';
export const NO_TIME_RANGE = 'No filter';

/** Extra form data keys that override the query object's extras. */
export const EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS = ['relative_start', 'relative_end', 'time_grain_sqla'] as const;

/** Extra form data keys appended to the form data's own (filters), not overriding it. */
export const EXTRA_FORM_DATA_APPEND_KEYS = [
  'adhoc_filters',
  'filters',
  'interactive_groupby',
  'interactive_highlight',
  'interactive_drilldown',
  'custom_form_data',
] as const;

/** Extra form data keys that override a query object field (key → the field). */
export const EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS: Readonly<Record<string, string>> = {
  granularity: 'granularity',
  granularity_sqla: 'granularity',
  time_column: 'time_column',
  time_grain: 'time_grain',
  time_range: 'time_range',
};

export const EXTRA_FORM_DATA_OVERRIDE_REGULAR_KEYS = Object.keys(EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS);

export const EXTRA_FORM_DATA_OVERRIDE_KEYS = [...EXTRA_FORM_DATA_OVERRIDE_REGULAR_KEYS, ...EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS];

export const QueryMode = { Aggregate: 'aggregate', Raw: 'raw' } as const;

export const RollingType = { Mean: 'mean', Sum: 'sum', Std: 'std', Cumsum: 'cumsum' } as const;

export const ComparisonType = { Values: 'values', Difference: 'difference', Percentage: 'percentage', Ratio: 'ratio' } as const;
