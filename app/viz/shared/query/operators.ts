/**
 * Post-processing operators (Superset's chart-controls operators): each looks at the form data and
 * the query object and returns one post_processing step, or undefined when it does not apply
 * (buildQueryContext drops those). The chart data engine runs the steps (app/lib/post-processing).
 */
import type { PostProcessingStep, QueryMetric, QueryObject } from '~/lib/chart-data/types';
import { ComparisonType, RollingType } from './constants';
import { getColumnLabel, getMetricLabel } from './labels';
import type { QueryFormData } from './types';
import { ensureIsArray, ensureIsInt, isDefined, isEmptyValue } from './utils';
import { getXAxisLabel } from './x-axis';

export type PostProcessingFactory<O = undefined> = (formData: QueryFormData, queryObject: QueryObject, options?: O) => PostProcessingStep | undefined;

/** Metric and time offset join with this in the derived column names ("SUM(x)__1 year ago"). */
export const TIME_COMPARISON_SEPARATOR = '__';

const COMPARISON_TYPES: readonly string[] = Object.values(ComparisonType);

/** {"<metric>__<offset>": "<metric>"} for every metric and time offset, in that order. */
export function getMetricOffsetsMap(formData: QueryFormData, queryObject: QueryObject): Map<string, string> {
  const metricLabels = ensureIsArray(queryObject.metrics).map(getMetricLabel);
  const offsets = ensureIsArray(formData.time_compare as string | string[] | undefined);
  const map = new Map<string, string>();
  for (const metric of metricLabels) {
    for (const offset of offsets) map.set([metric, offset].join(TIME_COMPARISON_SEPARATOR), metric);
  }
  return map;
}

export function isTimeComparison(formData: QueryFormData, queryObject: QueryObject): boolean {
  return COMPARISON_TYPES.includes(formData.comparison_type as string) && getMetricOffsetsMap(formData, queryObject).size > 0;
}

/** The time offset a series name carries ("1 year ago, boy" or "SUM(x)__1 year ago"), if any. */
export function getTimeOffset(series: { name?: unknown }, timeCompare: string[]): string | undefined {
  const name = String(series.name);
  return timeCompare.find((offset) => name.includes(`${offset},`) || name.includes(`__${offset}`));
}

export function hasTimeOffset(series: { name?: unknown }, timeCompare: string[]): boolean {
  return typeof series.name === 'string' ? !!getTimeOffset(series, timeCompare) : false;
}

export function getOriginalSeries(seriesName: string, timeCompare: string[]): string {
  let result = seriesName;
  for (const offset of timeCompare) {
    result = result.replace(`${offset},`, '').replace(`__${offset}`, '');
  }
  return result.trim();
}

/** A series derived by an "actual values" time comparison. */
export function isDerivedSeries(series: { name?: unknown }, formData: QueryFormData): boolean {
  if (formData.comparison_type !== ComparisonType.Values) return false;
  return hasTimeOffset(series, ensureIsArray(formData.time_compare as string | string[] | undefined));
}

/** The series limit metric when the x-axis is sorted by it and it is not among the metrics (no groupby). */
export function extractExtraMetrics(formData: QueryFormData): QueryMetric[] {
  const { groupby, timeseries_limit_metric, x_axis_sort, metrics } = formData as {
    groupby?: unknown[];
    timeseries_limit_metric?: QueryMetric | QueryMetric[];
    x_axis_sort?: string;
    metrics?: QueryMetric[];
  };
  const limitMetric = ensureIsArray(timeseries_limit_metric)[0];
  if (
    !(groupby || []).length &&
    limitMetric &&
    getMetricLabel(limitMetric) === x_axis_sort &&
    !metrics?.some((metric) => getMetricLabel(metric) === x_axis_sort)
  ) {
    return [limitMetric];
  }
  return [];
}

const meanOf = (labels: string[]) => Object.fromEntries(labels.map((label) => [label, { operator: 'mean' }]));

/** Pivot the answer to one row per x value and a column per metric × series ('mean' keeps NaNs out of the drop). */
export const pivotOperator: PostProcessingFactory = (formData, queryObject) => {
  const metricLabels = [...ensureIsArray(queryObject.metrics), ...extractExtraMetrics(formData)].map(getMetricLabel);
  const xAxisLabel = getXAxisLabel(formData);
  const columns = queryObject.series_columns || queryObject.columns;
  if (!xAxisLabel || !metricLabels.length) return undefined;
  return {
    operation: 'pivot',
    options: {
      index: [xAxisLabel],
      columns: ensureIsArray(columns).map(getColumnLabel),
      aggregates: meanOf(metricLabels),
      drop_missing_columns: !formData?.show_empty_columns,
    },
  };
};

/** Cumulative sum, or a rolling sum/mean/std over rolling_periods with min_periods. */
export const rollingWindowOperator: PostProcessingFactory = (formData, queryObject) => {
  let columns: string[];
  if (isTimeComparison(formData, queryObject)) {
    const metricsMap = getMetricOffsetsMap(formData, queryObject);
    columns = [...metricsMap.values(), ...metricsMap.keys()];
  } else {
    columns = ensureIsArray(queryObject.metrics).map((metric) => (typeof metric === 'string' ? metric : (metric.label as string)));
  }
  const columnsMap = Object.fromEntries(columns.map((col) => [col, col]));
  if (formData.rolling_type === RollingType.Cumsum) {
    return { operation: 'cum', options: { operator: 'sum', columns: columnsMap } };
  }
  if (([RollingType.Sum, RollingType.Mean, RollingType.Std] as string[]).includes(formData.rolling_type as string)) {
    return {
      operation: 'rolling',
      options: {
        rolling_type: formData.rolling_type,
        window: ensureIsInt(formData.rolling_periods, 1),
        min_periods: ensureIsInt(formData.min_periods, 0),
        columns: columnsMap,
      },
    };
  }
  return undefined;
};

/** Difference, percentage or ratio against the time-shifted metrics (not for "actual values"). */
export const timeCompareOperator: PostProcessingFactory = (formData, queryObject) => {
  const comparisonType = formData.comparison_type;
  const metricOffsetMap = getMetricOffsetsMap(formData, queryObject);
  if (!isTimeComparison(formData, queryObject) || comparisonType === ComparisonType.Values) return undefined;
  return {
    operation: 'compare',
    options: {
      source_columns: [...metricOffsetMap.values()],
      compare_columns: [...metricOffsetMap.keys()],
      compare_type: comparisonType,
      drop_original_columns: true,
    },
  };
};

/** The pivot of a time comparison: the metrics and their shifted copies. */
export const timeComparePivotOperator: PostProcessingFactory = (formData, queryObject) => {
  const metricOffsetMap = getMetricOffsetsMap(formData, queryObject);
  const xAxisLabel = getXAxisLabel(formData);
  const columns = queryObject.series_columns || queryObject.columns;
  if (!isTimeComparison(formData, queryObject) || !xAxisLabel) return undefined;
  return {
    operation: 'pivot',
    options: {
      index: [xAxisLabel],
      columns: ensureIsArray(columns).map(getColumnLabel),
      drop_missing_columns: !formData?.show_empty_columns,
      aggregates: meanOf([...metricOffsetMap.values(), ...metricOffsetMap.keys()]),
    },
  };
};

/** Resample to resample_rule with resample_method ('zerofill' is asfreq filling 0). */
export const resampleOperator: PostProcessingFactory = (formData) => {
  const zeroFill = formData.resample_method === 'zerofill';
  const method = zeroFill ? 'asfreq' : formData.resample_method;
  const rule = formData.resample_rule;
  if (!method || !rule) return undefined;
  return { operation: 'resample', options: { method, rule, fill_value: zeroFill ? 0 : null } };
};

/** Contribution of each value to its row or column total (contributionMode 'row' | 'column'). */
export const contributionOperator = (formData: QueryFormData, _queryObject: QueryObject, timeShifts?: string[]): PostProcessingStep | undefined => {
  if (!formData.contributionMode) return undefined;
  return { operation: 'contribution', options: { orientation: formData.contributionMode, time_shifts: timeShifts } };
};

/** Sort by the x-axis or a metric (x_axis_sort, x_axis_sort_asc), only without a groupby. */
export const sortOperator: PostProcessingFactory = (formData) => {
  const xAxisLabel = getXAxisLabel(formData);
  const sortable = [
    xAxisLabel,
    ...ensureIsArray(formData.metrics as QueryMetric[] | undefined).map(getMetricLabel),
    ...extractExtraMetrics(formData).map(getMetricLabel),
  ].filter(Boolean);
  if (
    isDefined(formData?.x_axis_sort) &&
    isDefined(formData?.x_axis_sort_asc) &&
    sortable.includes(formData.x_axis_sort as string) &&
    isEmptyValue(formData.groupby)
  ) {
    if (formData.x_axis_sort === xAxisLabel) {
      return { operation: 'sort', options: { is_sort_index: true, ascending: formData.x_axis_sort_asc } };
    }
    return { operation: 'sort', options: { by: formData.x_axis_sort, ascending: formData.x_axis_sort_asc } };
  }
  return undefined;
};

/** Flatten the pivot's multi-level columns into "a, b" names. */
export const flattenOperator: PostProcessingFactory = () => ({ operation: 'flatten' });

/**
 * Drops the metric level of the pivoted column names when there is one metric, series columns,
 * an x-axis, truncate_metric on, and no derived (difference/ratio/percentage) comparison;
 * with "actual values" the shifted metric columns are renamed to their offset.
 */
export const renameOperator: PostProcessingFactory = (formData, queryObject) => {
  const metrics = ensureIsArray(queryObject.metrics);
  const columns = ensureIsArray(queryObject.series_columns || queryObject.columns);
  const { truncate_metric } = formData;
  const xAxisLabel = getXAxisLabel(formData);
  const timeComparison = isTimeComparison(formData, queryObject);
  const derived =
    timeComparison &&
    ([ComparisonType.Difference, ComparisonType.Ratio, ComparisonType.Percentage] as string[]).includes(formData.comparison_type as string);
  if (metrics.length !== 1 || columns.length === 0 || !xAxisLabel || derived || truncate_metric === undefined || !truncate_metric) {
    return undefined;
  }
  const renamePairs: [string, string | null | undefined][] = [];
  if (timeComparison && formData.comparison_type === ComparisonType.Values) {
    const offsets = ensureIsArray(formData.time_compare as string | string[] | undefined);
    for (const metricWithOffset of getMetricOffsetsMap(formData, queryObject).keys()) {
      renamePairs.push([metricWithOffset, offsets.find((offset) => metricWithOffset.includes(offset))]);
    }
  }
  renamePairs.push([getMetricLabel(metrics[0]), null]);
  return { operation: 'rename', options: { columns: Object.fromEntries(renamePairs), level: 0, inplace: true } };
};

export const rankOperator = (_formData: QueryFormData, _queryObject: QueryObject, options: Record<string, unknown>): PostProcessingStep => ({
  operation: 'rank',
  options,
});

export const histogramOperator: PostProcessingFactory = (formData) => {
  const { bins, column, cumulative, groupby = [], normalize } = formData as {
    bins?: unknown;
    column: Parameters<typeof getColumnLabel>[0];
    cumulative?: boolean;
    groupby?: Parameters<typeof getColumnLabel>[0][];
    normalize?: boolean;
  };
  return {
    operation: 'histogram',
    options: {
      column: getColumnLabel(column),
      groupby: groupby.map(getColumnLabel),
      bins: Number.isNaN(Number(bins)) ? 5 : Number(bins),
      cumulative,
      normalize,
    },
  };
};

const PERCENTILE_REGEX = /(\d+)\/(\d+) percentiles/;

export const boxplotOperator: PostProcessingFactory = (formData, queryObject) => {
  const { groupby, whiskerOptions } = formData as { groupby?: Parameters<typeof getColumnLabel>[0][]; whiskerOptions?: string };
  if (!whiskerOptions) return undefined;
  let whiskerType: string;
  let percentiles: [number, number] | undefined;
  const match = PERCENTILE_REGEX.exec(whiskerOptions);
  if (whiskerOptions === 'Tukey') whiskerType = 'tukey';
  else if (whiskerOptions === 'Min/max (no outliers)') whiskerType = 'min/max';
  else if (match) {
    whiskerType = 'percentile';
    percentiles = [parseInt(match[1], 10), parseInt(match[2], 10)];
  } else throw new Error(`Unsupported whisker type: ${whiskerOptions}`);
  return {
    operation: 'boxplot',
    options: {
      whisker_type: whiskerType,
      percentiles,
      groupby: ensureIsArray(groupby).map(getColumnLabel),
      metrics: ensureIsArray(queryObject.metrics).map(getMetricLabel),
    },
  };
};
