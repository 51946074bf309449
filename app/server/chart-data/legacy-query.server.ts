/**
 * Legacy form data (what `/superset/explore_json/` and old saved charts carry) → one query object,
 * as Superset's BaseViz.query_obj builds it: `groupby` (+ `columns`) as the columns, `metrics` (or
 * the single `metric`), `granularity_sqla` + `time_range`, `time_grain_sqla`, `row_limit`,
 * `limit` (the series limit) and `timeseries_limit_metric`, `order_desc`; the metrics of every
 * METRIC_KEYS field (`metric`, `metrics`, `secondary_metric`, `x`, `y`, `size` …) once each. First
 * the form data is made current (app/lib/legacy-form-data: legacy filters into adhoc filters, a
 * dashboard's extra filters and extra form data merged), then its adhoc filters are split into
 * simple WHERE filters and SQL WHERE / HAVING text (split_adhoc_filters_into_base_filters); a
 * table in raw mode selects `all_columns` ordered by `order_by_cols`; a legacy viz type
 * (legacy-viz/) changes the query as its viz class's query_obj does. Pure: the compiler validates
 * the result like any query object.
 */
import { normalizeLegacyFormData } from '~/lib/legacy-form-data';
import { isJsonObject, parseJsonText } from '~/lib/safe-json';
import { formMetrics, isTimeseriesViz, legacyVizFor } from './legacy-viz/index.server';

type Json = Record<string, unknown>;

/** Legacy chart types that are time series (NVD3's line, bar, area, compare, time table and pivot). */
const TIMESERIES_VIZ = new Set(['line', 'bar', 'area', 'compare', 'time_table', 'time_pivot']);
const DTTM_ALIAS = '__timestamp';

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function integer(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** A metric or column's identity, for de-duplicating lists that may hold the same one twice. */
const identity = (item: unknown) => (typeof item === 'string' ? item : JSON.stringify(item));

function unique(items: unknown[]): unknown[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = identity(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface SplitFilters {
  filters: Json[];
  where: string[];
  having: string[];
}

function splitAdhocFilters(adhoc: unknown[]): SplitFilters {
  const out: SplitFilters = { filters: [], where: [], having: [] };
  for (const f of adhoc) {
    if (!isJsonObject(f)) continue;
    const clause = text(f.clause)?.toUpperCase() ?? 'WHERE';
    if (f.expressionType === 'SQL') {
      const sql = text(f.sqlExpression)?.trim();
      if (sql) (clause === 'HAVING' ? out.having : out.where).push(`(${sql})`);
    } else if (clause === 'WHERE') {
      out.filters.push({ col: f.subject, op: f.operator, val: f.comparator });
    }
  }
  return out;
}

/** A table's `order_by_cols` entries, JSON text `["col", true]`, as orderby pairs. */
function orderByCols(value: unknown): [unknown, boolean][] {
  return list(value).flatMap((entry) => {
    let pair: unknown = entry;
    if (typeof entry === 'string') {
      try {
        pair = parseJsonText(entry);
      } catch {
        return [];
      }
    }
    return Array.isArray(pair) && pair.length === 2 && typeof pair[1] === 'boolean' ? [[pair[0], pair[1]] as [unknown, boolean]] : [];
  });
}

export function legacyQueryObject(input: Json): Json {
  const formData = normalizeLegacyFormData(input);
  const viz = legacyVizFor(formData.viz_type);
  const raw = formData.query_mode === 'raw' || (formData.query_mode === undefined && list(formData.all_columns).length > 0);
  const split = splitAdhocFilters(list(formData.adhoc_filters));
  let columns = raw ? unique(list(formData.all_columns)) : unique([...list(formData.groupby), ...list(formData.columns)]);
  let isTimeseries = formData.include_time === true || TIMESERIES_VIZ.has(text(formData.viz_type) ?? '') || (viz !== null && isTimeseriesViz(viz, formData));
  if (columns.includes(DTTM_ALIAS)) {
    columns = columns.filter((c) => c !== DTTM_ALIAS);
    isTimeseries = true;
  }
  const metrics = raw ? [] : formMetrics(formData).metrics;
  const seriesLimitMetric = formData.timeseries_limit_metric ?? formData.series_limit_metric;
  const orderDesc = typeof formData.order_desc === 'boolean' ? formData.order_desc : true;
  const orderby = raw ? orderByCols(formData.order_by_cols) : seriesLimitMetric ? [[seriesLimitMetric, !orderDesc]] : [];

  const query: Json = {
    granularity: text(formData.granularity) ?? text(formData.granularity_sqla) ?? null,
    time_range: text(formData.time_range) ?? 'No filter',
    is_timeseries: isTimeseries,
    columns,
    metrics,
    filters: split.filters,
    extras: { where: split.where.join(' AND '), having: split.having.join(' AND '), time_grain_sqla: text(formData.time_grain_sqla) ?? null },
    order_desc: orderDesc,
    orderby,
    post_processing: [],
  };
  const rowLimit = integer(formData.row_limit);
  if (rowLimit) query.row_limit = rowLimit;
  const seriesLimit = integer(formData.limit ?? formData.series_limit);
  if (seriesLimit) query.series_limit = seriesLimit;
  if (seriesLimitMetric !== undefined && seriesLimitMetric !== null) query.series_limit_metric = seriesLimitMetric;
  if (isJsonObject(formData.url_params)) query.url_params = formData.url_params;
  return viz?.query ? viz.query(query, formData) : query;
}
