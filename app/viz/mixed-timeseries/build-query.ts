/**
 * mixed_timeseries: two time-series queries over the shared x-axis, query A from the plain keys
 * and query B from the `_b` keys (each with its metrics, groupby, filters, limits and advanced
 * analytics), as Superset's MixedTimeseries buildQuery. The context carries A's form data.
 */
import type { PostProcessingStep, QueryColumn, QueryContext } from '~/lib/chart-data/types';
import {
  buildQueryContext,
  ensureIsArray,
  flattenOperator,
  getXAxisColumn,
  isTimeComparison,
  isXAxisSet,
  normalizeOrderBy,
  pivotOperator,
  renameOperator,
  resampleOperator,
  rollingWindowOperator,
  timeCompareOperator,
  timeComparePivotOperator,
} from '../shared/query';
import type { FormData } from '../types';

const SUFFIX = '_b';

/** Query A's form data: every key without the suffix. */
export function withoutSuffix(formData: FormData): FormData {
  return Object.fromEntries(Object.entries(formData).filter(([key]) => !key.endsWith(SUFFIX))) as FormData;
}

/** Query B's form data: suffixed keys replace their plain twins; other keys stay. */
export function withSuffixRetained(formData: FormData): FormData {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(formData)) if (key.endsWith(SUFFIX)) result[key.slice(0, -SUFFIX.length)] = value;
  for (const [key, value] of Object.entries(formData)) if (!key.endsWith(SUFFIX) && !(key in result)) result[key] = value;
  return result as FormData;
}

export function buildQuery(formData: FormData): QueryContext {
  const contexts = [withoutSuffix(formData), withSuffixRetained(formData)].map((fd) =>
    buildQueryContext(fd, (base) => {
      const queryObject = {
        ...base,
        columns: [...(isXAxisSet(formData) ? ensureIsArray(getXAxisColumn(formData)) : []), ...ensureIsArray(fd.groupby as QueryColumn[])],
        series_columns: fd.groupby as QueryColumn[],
        ...(isXAxisSet(formData) ? {} : { is_timeseries: true }),
      };
      const comparing = isTimeComparison(fd, queryObject);
      return [
        normalizeOrderBy({
          ...queryObject,
          time_offsets: comparing ? ensureIsArray(fd.time_compare as string[]) : [],
          post_processing: [
            comparing ? timeComparePivotOperator(fd, queryObject) : pivotOperator(fd, queryObject),
            rollingWindowOperator(fd, queryObject),
            timeCompareOperator(fd, queryObject),
            resampleOperator(fd, queryObject),
            renameOperator(fd, queryObject),
            flattenOperator(fd, queryObject),
          ].filter((step): step is PostProcessingStep => Boolean(step)),
        }),
      ];
    }),
  );
  return { ...contexts[0], queries: [...contexts[0].queries, ...contexts[1].queries] };
}
