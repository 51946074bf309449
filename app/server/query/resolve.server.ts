/**
 * Column and metric references of a query object → SQL over the dataset. Names of the dataset's
 * columns are quoted by the dialect; calculated columns and saved metrics are inlined, rendered
 * and checked, in parentheses. Adhoc SQL from the query is checked the same way and may not hold
 * sub-queries. Unknown names are a 400, as Superset answers "Metric 'x' does not exist".
 *
 * Time: a column is temporal when it is a date type (is_dttm, or type_generic TEMPORAL) or holds
 * dates in a python_date_format. A time grain applies only to temporal columns; text and integer
 * date columns are first turned into timestamps (epoch_s, epoch_ms, '%Y' years, ISO text), so the
 * result is a datetime the chart data service serialises as epoch milliseconds.
 */
import { isTimeGrainCode } from '~/lib/sql/time-grains';
import { InvalidInputError } from '../domain-errors.server';
import { fragmentSql, type CompileContext } from './context.server';
import { columnLabel, type AdhocColumn, type AdhocMetric, type ColumnRef, type MetricRef } from './query-object.server';
import { GenericType, type SourceColumn } from './types.server';

export interface Dimension {
  label: string;
  sql: string;
  temporal: boolean;
  /** The dataset column behind it, when there is one (filters use its type). */
  column: SourceColumn | null;
}

export interface MetricSql {
  label: string;
  sql: string;
}

export const AGGREGATES = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const;

const nativeTemporal = (c: SourceColumn) => c.type_generic === GenericType.TEMPORAL || (c.is_dttm && !c.python_date_format?.trim());

export function isTemporalColumn(c: SourceColumn): boolean {
  return c.is_dttm || c.type_generic === GenericType.TEMPORAL || Boolean(c.python_date_format?.trim());
}

/** How a temporal column's values read: native dates, or a python_date_format to convert. */
export function dateFormatOf(c: SourceColumn): string | null {
  return nativeTemporal(c) ? null : c.python_date_format?.trim() || null;
}

export async function columnSql(ctx: CompileContext, c: SourceColumn): Promise<string> {
  if (c.expression) return fragmentSql(ctx, c.expression, `The calculated column "${c.column_name}"`, false);
  return ctx.dialect.quoteIdentifierIfNeeded(c.column_name);
}

/**
 * January 1st of an integer year as a timestamp, with arithmetic every engine evaluates alike:
 * days since 1970 = 365 a year plus the leap days (floors of year differences by 4, 100, 400,
 * offset to stay positive so truncating division is flooring), as epoch seconds.
 */
function yearStart(ctx: CompileContext, yearSql: string): string {
  const y = ctx.dialect.cast(yearSql, 'integer');
  const floorDiv = (shift: number, by: number, back: number) => `(((${y} + ${shift}) - (${y} + ${shift}) % ${by}) / ${by} - ${back})`;
  const days = `(365 * (${y} - 1970) + ${floorDiv(2031, 4, 1000)} - ${floorDiv(8099, 100, 100)} + ${floorDiv(2399, 400, 10)})`;
  return ctx.dialect.epochToTimestamp(`${days} * 86400`, 'seconds');
}

/** A temporal column's values as timestamps (native ones unchanged). */
export function asTimestamp(ctx: CompileContext, c: SourceColumn, sql: string): string {
  const format = dateFormatOf(c);
  if (!format) return sql;
  if (format === 'epoch_s') return ctx.dialect.epochToTimestamp(sql, 'seconds');
  if (format === 'epoch_ms') return ctx.dialect.epochToTimestamp(sql, 'milliseconds');
  if (format === '%Y') return yearStart(ctx, sql);
  return ctx.dialect.cast(sql, 'timestamp');
}

export function checkGrain(grain: string | null | undefined): string | null {
  if (!grain) return null;
  if (!isTimeGrainCode(grain)) throw new InvalidInputError(`Unknown time grain "${grain}".`);
  return grain;
}

export function findColumn(ctx: CompileContext, name: string): SourceColumn | null {
  return ctx.columnsByName.get(name) ?? null;
}

function requireColumn(ctx: CompileContext, name: string): SourceColumn {
  const c = findColumn(ctx, name);
  if (!c) throw new InvalidInputError(`Column "${name}" does not exist in the dataset "${ctx.dataset.table_name}".`);
  return c;
}

/**
 * A dataset column as a dimension: bucketed by `grain` when it is temporal, converted to a
 * timestamp when `axis` asks for a datetime (the x-axis, __timestamp).
 */
export async function columnDimension(ctx: CompileContext, c: SourceColumn, label: string, grain: string | null, axis: boolean): Promise<Dimension> {
  const sql = await columnSql(ctx, c);
  if (!isTemporalColumn(c)) return { label, sql, temporal: false, column: c };
  if (grain) return { label, sql: ctx.dialect.timeGrain(grain, asTimestamp(ctx, c, sql)), temporal: true, column: c };
  if (axis) return { label, sql: asTimestamp(ctx, c, sql), temporal: true, column: c };
  return { label, sql, temporal: nativeTemporal(c), column: c };
}

/** An adhoc column naming a dataset column (after rendering), or null for an expression. */
async function adhocTarget(ctx: CompileContext, col: AdhocColumn): Promise<{ rendered: string; column: SourceColumn | null }> {
  const rendered = (await ctx.render(col.sqlExpression)).trim();
  return { rendered, column: findColumn(ctx, rendered) };
}

/**
 * A column reference of `columns`: a dataset column's name, or an adhoc column (a BASE_AXIS one
 * carries the x-axis grain). `granularity` and `grain` are the legacy time column and
 * extras.time_grain_sqla: a groupby equal to the time column is bucketed, as in Superset.
 */
export async function resolveDimension(ctx: CompileContext, ref: ColumnRef, legacy: { granularity: string | null; grain: string | null }): Promise<Dimension> {
  if (typeof ref === 'string') {
    const c = requireColumn(ctx, ref);
    const isTime = ref === legacy.granularity;
    return columnDimension(ctx, c, ref, isTime ? legacy.grain : null, false);
  }
  const label = columnLabel(ref);
  const axis = ref.columnType === 'BASE_AXIS';
  const grain = axis ? checkGrain(ref.timeGrain) : null;
  const { rendered, column } = await adhocTarget(ctx, ref);
  if (column) return columnDimension(ctx, column, label, grain, axis);
  const sql = await fragmentSql(ctx, rendered, `The custom SQL column "${label}"`, true);
  // As Superset: an x-axis expression with a grain is bucketed when the database says it is temporal.
  const kind = grain && ctx.probeExpression ? await ctx.probeExpression(sql) : 'other';
  if (grain && kind === 'temporal') return { label, sql: ctx.dialect.timeGrain(grain, sql), temporal: true, column: null };
  if (grain && kind === 'temporal-text') return { label, sql: ctx.dialect.timeGrain(grain, ctx.dialect.cast(sql, 'timestamp')), temporal: true, column: null };
  return { label, sql, temporal: false, column: null };
}

/** A filter's subject: a dataset column, or an adhoc expression; null when the column is unknown. */
export async function resolveFilterColumn(ctx: CompileContext, ref: ColumnRef): Promise<{ sql: string; column: SourceColumn | null } | null> {
  if (typeof ref === 'string') {
    const c = findColumn(ctx, ref) ?? ctx.dataset.columns.find((x) => x.verbose_name === ref) ?? null;
    return c ? { sql: await columnSql(ctx, c), column: c } : null;
  }
  const { rendered, column } = await adhocTarget(ctx, ref);
  if (column) return { sql: await columnSql(ctx, column), column };
  return { sql: await fragmentSql(ctx, rendered, `The custom SQL filter column "${columnLabel(ref)}"`, true), column: null };
}

export const isAdhocMetric = (m: MetricRef): m is AdhocMetric => typeof m !== 'string';

/** Superset's get_metric_name: the label, else `AGG(column)` / the SQL expression. */
export function metricLabel(m: MetricRef): string {
  if (typeof m === 'string') return m;
  if (m.label) return m.label;
  if (m.expressionType === 'SQL') return m.sqlExpression ?? '';
  return m.column ? `${m.aggregate}(${m.column.column_name})` : `${m.aggregate ?? 'COUNT'}(*)`;
}

async function simpleMetricSql(ctx: CompileContext, m: AdhocMetric, label: string): Promise<string> {
  const aggregate = (m.aggregate ?? '').toUpperCase();
  if (!(AGGREGATES as readonly string[]).includes(aggregate)) throw new InvalidInputError(`Adhoc metric aggregate is invalid: "${m.aggregate ?? ''}" (expected one of ${AGGREGATES.join(', ')}).`);
  if (!m.column) {
    if (aggregate === 'COUNT') return 'COUNT(*)';
    throw new InvalidInputError(`The metric "${label}" needs a column for ${aggregate}.`);
  }
  // By name: ids differ between Superset instances, names do not.
  const sql = await columnSql(ctx, requireColumn(ctx, m.column.column_name));
  return aggregate === 'COUNT_DISTINCT' ? `COUNT(DISTINCT ${sql})` : `${aggregate}(${sql})`;
}

export async function resolveMetric(ctx: CompileContext, m: MetricRef): Promise<MetricSql> {
  if (typeof m === 'string') {
    const saved = ctx.metricsByName.get(m);
    if (!saved) throw new InvalidInputError(`Metric '${m}' does not exist`);
    return { label: m, sql: await fragmentSql(ctx, saved.expression, `The metric "${m}"`, false) };
  }
  const label = metricLabel(m);
  if (ctx.dataset.disallow_adhoc_metrics) throw new InvalidInputError(`Adhoc metrics are not allowed on the dataset "${ctx.dataset.table_name}" (metric "${label}").`);
  if (m.expressionType === 'SIMPLE') return { label, sql: await simpleMetricSql(ctx, m, label) };
  if (!m.sqlExpression?.trim()) throw new InvalidInputError('Adhoc metric SQL expression is invalid');
  return { label, sql: await fragmentSql(ctx, m.sqlExpression, `The custom SQL metric "${label}"`, true) };
}
