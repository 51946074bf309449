/**
 * The query compiler's entry points (see docs/chart-data.md): `planQuery` turns one query object
 * of a chart data request into a QueryPlan (the SQL in the dataset's dialect, its columns, time
 * offset queries, post-processing, filters applied and rejected, the cache key's basis), and
 * `planColumnValues` the SELECT DISTINCT behind a filter's dropdown. Pure over their input: no
 * clock, and no database but the optional type probe of an x-axis expression (PlanOptions), so
 * the same input and probe answers give the same plan (the golden tests rely on it). The
 * caller has checked datasource access and passes the row-level security predicates; every
 * query here is ANDed with them.
 */
import type { CurrentUser } from '../auth/current-user.server';
import { InvalidInputError } from '../domain-errors.server';
import { compileQuery, type CompiledQuery } from './compile.server';
import { createContext, fragmentSql } from './context.server';
import type { ExpressionTypeProbe } from './expression-type.server';
import { checkedVirtualQuery } from './fragments.server';
import { normalizeQueryObject, type NormalizedQuery } from './query-object.server';
import { columnSql } from './resolve.server';
import type { DatasetSource, PlanInput, QueryPlan } from './types.server';

/** Superset's values_for_column default. */
export const COLUMN_VALUES_LIMIT = 10_000;

/** Keys sorted at every level, undefined dropped: equal inputs give equal JSON, hence equal cache keys. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonical(v);
    }
    return out;
  }
  return value;
}

/**
 * Samples and drill-to-detail rows, as Superset's _get_samples / _get_drill_detail: every column
 * of the dataset, no metrics, no post-processing or time comparison; samples also drop the time
 * filter and the ordering, drill-to-detail keeps the filters and orders by the first column.
 */
function shapeFor(q: NormalizedQuery, dataset: DatasetSource): NormalizedQuery {
  if (q.resultType !== 'samples' && q.resultType !== 'drill_detail') return q;
  const columns = dataset.columns.map((c) => c.column_name);
  const rows = { ...q, columns, metrics: null, postProcessing: [], timeOffsets: [], isTimeseries: false, seriesColumns: [], seriesLimit: 0, seriesLimitMetric: null };
  if (q.resultType === 'samples') return { ...rows, orderby: [], granularity: null, timeRange: null };
  return { ...rows, orderby: columns.length ? [[columns[0], true]] : [] };
}

export interface PlanOptions {
  /**
   * Asks the dataset's database what an x-axis SQL expression yields, so a temporal one gets its
   * time grain (expression-type.server.ts). Without it nothing is probed and such an expression
   * is not bucketed: the plan is then a pure function of its input.
   */
  probe?: ExpressionTypeProbe;
}

export async function planQuery(input: PlanInput, options: PlanOptions = {}): Promise<QueryPlan> {
  const q = shapeFor(normalizeQueryObject(input.query, input.resultType, input.formData), input.dataset);
  const skipTemporal = q.resultType === 'samples';
  const { probe } = options;
  const main = await compileQuery(input, q, { shift: null, skipTemporal, probe });
  if (q.timeOffsets.length > 0 && !(main.bounds.since && main.bounds.until)) {
    throw new InvalidInputError('An enclosed time range (both start and end) must be specified when using a Time Comparison.');
  }
  const offsets: { offset: string; compiled: CompiledQuery }[] = [];
  for (const offset of q.timeOffsets) {
    if (offsets.some((o) => o.offset === offset)) continue;
    // The shifted rows are joined onto the main rows, so they are not paged themselves.
    offsets.push({ offset, compiled: await compileQuery(input, { ...q, rowOffset: 0 }, { shift: offset, skipTemporal, probe }) });
  }
  const metricLabels = main.columns.filter((c) => c.metric).map((c) => c.label);
  const labelMap: Record<string, string[]> = Object.fromEntries(main.columns.map((c) => [c.label, [c.label]]));
  for (const { offset } of offsets) for (const m of metricLabels) labelMap[`${m}__${offset}`] = [m, offset];
  const timeOffsets = offsets.map(({ offset, compiled }) => ({ offset, sql: compiled.sql }));
  return {
    sql: main.sql,
    columns: main.columns,
    timeOffsets,
    postProcessing: q.postProcessing,
    axis: main.axis,
    rowLimit: q.rowLimit,
    rowOffset: q.rowOffset,
    appliedFilters: main.applied,
    rejectedFilters: main.rejected,
    fromDttm: main.bounds.since?.getTime() ?? null,
    toDttm: main.bounds.until?.getTime() ?? null,
    labelMap,
    appliedTemplateFilters: main.appliedTemplateFilters,
    cacheKeyBasis: canonical({
      datasource: { id: input.dataset.id, uuid: input.dataset.uuid, database: input.dataset.database.id, dialect: input.dataset.database.dialect },
      result_type: q.resultType,
      query: { ...q, resultType: undefined },
      sql: main.sql,
      time_offsets: timeOffsets,
      axis: main.axis,
    }),
  };
}

export interface ColumnValuesInput {
  user: CurrentUser;
  dataset: DatasetSource;
  column: string;
  rls: string[];
  now: Date;
  limit?: number;
}

/** The distinct values of one column for a filter's dropdown, under RLS and the dataset's fetch_values_predicate. */
export async function planColumnValues(input: ColumnValuesInput): Promise<{ sql: string }> {
  const { dataset } = input;
  const column = dataset.columns.find((c) => c.column_name === input.column);
  if (!column) throw new InvalidInputError(`Column name ${input.column} does not exist`);
  const limit = input.limit ?? COLUMN_VALUES_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new InvalidInputError('The limit must be a positive whole number.');
  const ctx = createContext({ user: input.user, dataset, now: input.now });
  const from = dataset.sql ? `(\n${checkedVirtualQuery(await ctx.render(dataset.sql), ctx.flavor)}\n) AS virtual_table` : ctx.dialect.qualifiedName(dataset.schema, dataset.table_name);
  const where: string[] = [];
  if (dataset.fetch_values_predicate) where.push(await fragmentSql(ctx, dataset.fetch_values_predicate, 'The fetch values predicate', false));
  for (const predicate of input.rls) where.push(await fragmentSql(ctx, predicate, 'A row level security filter', false));
  const label = ctx.dialect.quoteIdentifier('column_values');
  const sql = [
    `SELECT DISTINCT ${await columnSql(ctx, column)} AS ${label}`,
    `FROM ${from}`,
    ...(where.length ? [`WHERE ${where.join('\n  AND ')}`] : []),
    `ORDER BY ${label}`,
    ctx.dialect.limitClause(limit),
  ].join('\n');
  return { sql };
}
