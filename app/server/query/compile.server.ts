/**
 * One normalised query object → one SELECT in the dataset's dialect, following Superset's
 * get_sqla_query: FROM the table (or the virtual dataset's rendered SQL as `virtual_table`),
 * dimensions (the legacy `__timestamp` first) and metrics under their labels, WHERE (fetch-values
 * predicate, time filters, filters, row-level security, extras.where), GROUP BY when aggregating,
 * HAVING (extras.having, metric filters), ORDER BY, LIMIT/OFFSET, and the series limit as an
 * INNER JOIN on the top-N series. `shift` compiles the same query over a shifted time range (a
 * time offset); the series are still chosen over the unshifted range, as in Superset.
 */
import crypto from 'node:crypto';
import type { TimeRangeBounds } from '~/lib/time-range';
import { InvalidInputError } from '../domain-errors.server';
import { createContext, fragmentSql, type CompileContext } from './context.server';
import type { ExpressionTypeProbe } from './expression-type.server';
import { compileFilters } from './filters.server';
import { checkedVirtualQuery } from './fragments.server';
import { columnLabel, DTTM_ALIAS, type ColumnRef, type NormalizedQuery } from './query-object.server';
import { checkGrain, columnDimension, columnSql, findColumn, isAdhocMetric, isTemporalColumn, metricLabel, resolveDimension, resolveMetric, type Dimension, type MetricSql } from './resolve.server';
import { timeBounds, timeConditions } from './time-filter.server';
import type { AppliedFilter, PlanInput, PlannedColumn, RejectedFilter, SourceColumn } from './types.server';

export interface CompiledQuery {
  sql: string;
  columns: PlannedColumn[];
  applied: AppliedFilter[];
  rejected: RejectedFilter[];
  bounds: TimeRangeBounds;
  appliedTemplateFilters: string[];
  /** The x-axis (BASE_AXIS column or __timestamp) and its grain: what time offsets join on. */
  axis: { label: string; grain: string | null } | null;
}

export interface CompileOptions {
  /** A time offset ("1 year ago") shifting every time range of the query. */
  shift: string | null;
  /** Samples: no time filter at all. */
  skipTemporal: boolean;
  /** Asks the database what an x-axis expression yields (its time grain depends on it); none: not probed. */
  probe?: ExpressionTypeProbe;
}

const NO_BOUNDS: TimeRangeBounds = { since: null, until: null };

/** Superset's _process_time_range: the query's time_range, else the x-axis' (or the first) TEMPORAL_RANGE filter's. */
export function primaryTimeRange(q: NormalizedQuery): string | null {
  if (q.timeRange) return q.timeRange;
  const temporal = q.filters.filter((f) => f.op === 'TEMPORAL_RANGE' && typeof f.val === 'string');
  const axis = q.columns.find((c): c is Exclude<ColumnRef, string> => typeof c !== 'string' && c.columnType === 'BASE_AXIS');
  const match = axis ? temporal.find((f) => columnLabel(f.col) === columnLabel(axis)) : undefined;
  return ((match ?? temporal[0])?.val as string | undefined) ?? null;
}

/** Characters outside the Basic Multilingual Plane (emoji): MariaDB refuses them in names. */
const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;

/**
 * The label as SQL writes it. PostgreSQL cuts names at 63 bytes, MySQL refuses more than 64
 * characters and MariaDB emoji in names: such labels get a shortened alias with a hash, and the
 * chart data service names result columns by position from the plan (PlannedColumn.label).
 */
function alias(ctx: CompileContext, label: string): string {
  if (Buffer.byteLength(label, 'utf8') <= 63 && !ASTRAL.test(label)) return ctx.dialect.quoteIdentifier(label);
  const hash = crypto.createHash('md5').update(label).digest('hex').slice(0, 8);
  return ctx.dialect.quoteIdentifier(`${Array.from(label.replace(new RegExp(ASTRAL, 'gu'), '')).slice(0, 40).join('')}__${hash}`);
}

/** The legacy time column: granularity when it is temporal, else the dataset's main one (Superset). */
function legacyTimeColumn(ctx: CompileContext, q: NormalizedQuery): SourceColumn | null {
  const named = q.granularity ? findColumn(ctx, q.granularity) : null;
  if (named && isTemporalColumn(named)) return named;
  if (!q.granularity) return null;
  const main = ctx.dataset.main_dttm_col ? findColumn(ctx, ctx.dataset.main_dttm_col) : null;
  if (!main) throw new InvalidInputError(`Time column "${q.granularity}" does not exist in dataset`);
  return main;
}

function checkLabels(labels: string[]): void {
  if (labels.some((l) => l.includes('\0'))) throw new InvalidInputError('A column or metric label contains a NUL character.');
  const dupes = [...new Set(labels.filter((l, i) => labels.indexOf(l) !== i))];
  if (dupes.length) {
    throw new InvalidInputError(`Duplicate column/metric labels: ${dupes.map((d) => `"${d}"`).join(', ')}. Please make sure all columns and metrics have a unique label.`);
  }
}

export async function compileQuery(input: PlanInput, q: NormalizedQuery, options: CompileOptions): Promise<CompiledQuery> {
  const { dataset } = input;
  const timeRange = options.skipTemporal ? null : primaryTimeRange(q);
  const ctx = createContext({
    user: input.user,
    dataset,
    now: input.now,
    urlParams: q.urlParams,
    // Superset's template_kwargs: the query's own parts are template variables too.
    templateParams: {
      ...q.templateParams,
      columns: q.columns,
      groupby: q.columns,
      metrics: q.metrics ?? [],
      row_limit: q.rowLimit,
      row_offset: q.rowOffset,
      time_column: q.granularity,
      time_grain: q.extras.time_grain_sqla,
      table_columns: dataset.columns.map((c) => c.column_name),
      filter: q.filters.map((f) => ({ col: f.col, op: f.op, val: f.val })),
    },
    filters: q.filters.map((f) => ({ col: columnLabel(f.col), op: f.op, val: f.val })),
    timeRange,
  });
  const { dialect } = ctx;
  const shift = options.shift ?? q.timeShift;
  const range = { relativeStart: q.extras.relative_start, relativeEnd: q.extras.relative_end };

  // The FROM first: a virtual dataset's template may take filters over (remove_filter=True).
  const from = dataset.sql
    ? `(\n${checkedVirtualQuery(await ctx.render(dataset.sql), ctx.flavor)}\n) AS virtual_table`
    : dialect.qualifiedName(dataset.schema, dataset.table_name);
  const rls: string[] = [];
  for (const predicate of input.rls) rls.push(await fragmentSql(ctx, predicate, 'A row level security filter', false));
  const { probe } = options;
  if (probe) {
    // One row of the expression over the same source, under the same row-level security.
    ctx.probeExpression = (sql) =>
      probe.kindOf({
        datasetId: dataset.id,
        sql: [`SELECT ${sql} AS ${dialect.quoteIdentifier('probe')}`, `FROM ${from}`, `WHERE ${[`${sql} IS NOT NULL`, ...rls].join(' AND ')}`, dialect.limitClause(1)].join('\n'),
      });
  }

  const grain = checkGrain(q.extras.time_grain_sqla);
  const dttm = legacyTimeColumn(ctx, q);
  if (q.isTimeseries && !dttm) throw new InvalidInputError('Datetime column not provided as part table configuration and is required by this type of chart');

  const dims: Dimension[] = [];
  if (q.isTimeseries && dttm) dims.push(await columnDimension(ctx, dttm, DTTM_ALIAS, grain, true));
  for (const ref of q.columns) {
    if (ref !== DTTM_ALIAS) dims.push(await resolveDimension(ctx, ref, { granularity: dttm?.column_name ?? null, grain }));
  }
  const orderbyMetric = q.orderby.some(([ref]) => isAdhocMetric(ref) || (typeof ref === 'string' && ctx.metricsByName.has(ref) && !dims.some((d) => d.label === ref)));
  const aggregate = q.metrics !== null || orderbyMetric;
  const metrics: MetricSql[] = [];
  for (const m of q.metrics ?? []) metrics.push(await resolveMetric(ctx, m));
  if (metrics.length === 0 && dims.length === 0) throw new InvalidInputError('Empty query?');
  checkLabels([...metrics.map((m) => m.label), ...dims.filter((d) => d.label !== DTTM_ALIAS).map((d) => d.label)]);

  const seriesLabels = q.seriesColumns.map(columnLabel);
  const missing = seriesLabels.filter((l) => !q.columns.some((c) => columnLabel(c) === l));
  if (missing.length) throw new InvalidInputError(`The following entries in \`series_columns\` are missing in \`columns\`: ${missing.map((m) => `"${m}"`).join(', ')}.`);

  const whereText = q.extras.where ? await fragmentSql(ctx, q.extras.where, 'The custom WHERE clause', true) : null;
  const havingText = q.extras.having ? await fragmentSql(ctx, q.extras.having, 'The custom HAVING clause', true) : null;

  // ORDER BY: a selected label by its alias; else a metric's or a column's expression.
  const selected = new Map<string, string>([...dims, ...metrics].map((x) => [x.label, alias(ctx, x.label)]));
  const orderby: string[] = [];
  for (const [ref, ascending] of q.orderby) {
    let sql: string;
    if (typeof ref === 'string' && selected.has(ref)) sql = selected.get(ref) as string;
    else if (isAdhocMetric(ref)) sql = metrics.find((m) => m.label === metricLabel(ref))?.sql ?? (await resolveMetric(ctx, ref)).sql;
    else if (ctx.metricsByName.has(ref)) sql = (await resolveMetric(ctx, ref)).sql;
    else if (findColumn(ctx, ref)) sql = await columnSql(ctx, findColumn(ctx, ref) as SourceColumn);
    else throw new InvalidInputError(`Unknown column used in orderby: ${ref}`);
    orderby.push(`${sql} ${ascending ? 'ASC' : 'DESC'}`);
  }
  if (orderby.length === 0 && metrics.length > 0 && q.orderDesc) orderby.push(`${selected.get(metrics[0].label)} DESC`);

  // WHERE: fetch-values predicate, time filters, filters, RLS, extras.where (Superset's order).
  const where: string[] = [];
  if (q.applyFetchValuesPredicate && dataset.fetch_values_predicate) where.push(await fragmentSql(ctx, dataset.fetch_values_predicate, 'The fetch values predicate', false));
  const bounds = timeRange ? timeBounds(ctx, timeRange, { ...range, shift }) : NO_BOUNDS;
  const main = dataset.always_filter_main_dttm && dataset.main_dttm_col ? findColumn(ctx, dataset.main_dttm_col) : null;
  const mainFilters = new Set<string>();
  const alsoOnMain = async (column: SourceColumn | null, b: TimeRangeBounds) => {
    if (!main || !isTemporalColumn(main) || column?.column_name === main.column_name || ctx.usage.removedFilters.includes(main.column_name)) return;
    for (const c of timeConditions(ctx, main, await columnSql(ctx, main), b)) mainFilters.add(c);
  };
  const removed = (c: SourceColumn) => ctx.usage.removedFilters.includes(c.column_name) || ctx.usage.removedFilters.includes(DTTM_ALIAS);
  const legacyTime = dttm && !removed(dttm) ? timeConditions(ctx, dttm, await columnSql(ctx, dttm), bounds) : [];
  if (dttm) await alsoOnMain(dttm, bounds);
  const temporalSeen: [SourceColumn | null, string][] = [];
  const filters = await compileFilters(ctx, q.filters, {
    ...range,
    shift,
    dttmColumn: q.isTimeseries ? dttm : null,
    skipTemporal: options.skipTemporal,
    onTemporal: (column, r) => temporalSeen.push([column, r]),
  });
  for (const [column, r] of temporalSeen) await alsoOnMain(column, timeBounds(ctx, r, { ...range, shift }));
  const common = [...filters.where, ...rls, ...(whereText ? [whereText] : [])];
  where.push(...mainFilters, ...legacyTime, ...common);
  const having = [...(havingText ? [havingText] : []), ...filters.having];

  // Series limit: only the top `series_limit` series (by the limit metric) over the unshifted range.
  let join = '';
  const seriesDims = dims.filter((d) => d.label !== DTTM_ALIAS && (seriesLabels.length ? seriesLabels.includes(d.label) : q.isTimeseries));
  if (q.seriesLimit > 0 && seriesDims.length > 0 && aggregate) {
    const limitMetric = q.seriesLimitMetric ? (await resolveMetric(ctx, q.seriesLimitMetric)).sql : (metrics[0]?.sql ?? 'COUNT(*)');
    const innerBounds = options.shift && timeRange ? timeBounds(ctx, timeRange, { ...range, shift: q.timeShift }) : bounds;
    const innerTime = dttm && !removed(dttm) ? timeConditions(ctx, dttm, await columnSql(ctx, dttm), innerBounds) : [];
    const innerWhere = [...common, ...innerTime];
    const inner = [
      `SELECT ${seriesDims.map((d) => `${d.sql} AS ${alias(ctx, `${d.label}__`)}`).join(', ')}, ${limitMetric} AS ${dialect.quoteIdentifier('mme_inner__')}`,
      `FROM ${from}`,
      ...(innerWhere.length ? [`WHERE ${innerWhere.join(' AND ')}`] : []),
      `GROUP BY ${seriesDims.map((d) => d.sql).join(', ')}`,
      `ORDER BY ${limitMetric} ${q.orderDesc ? 'DESC' : 'ASC'}`,
      dialect.limitClause(q.seriesLimit),
    ].join('\n');
    const on = seriesDims.map((d) => `${d.sql} = series_limit.${alias(ctx, `${d.label}__`)}`).join(' AND ');
    join = `\nINNER JOIN (\n${inner}\n) AS series_limit ON ${on}`;
  }

  const selectList = [...dims.map((d) => `${d.sql} AS ${selected.get(d.label)}`), ...(aggregate ? metrics.map((m) => `${m.sql} AS ${selected.get(m.label)}`) : [])];
  const limit = dialect.limitClause(q.rowLimit, q.rowOffset);
  const sql = [
    `SELECT ${selectList.join(',\n       ')}`,
    `FROM ${from}${join}`,
    ...(where.length ? [`WHERE ${where.join('\n  AND ')}`] : []),
    ...(aggregate && dims.length ? [`GROUP BY ${dims.map((d) => d.sql).join(', ')}`] : []),
    ...(having.length ? [`HAVING ${having.join('\n  AND ')}`] : []),
    ...(orderby.length ? [`ORDER BY ${orderby.join(', ')}`] : []),
    ...(limit ? [limit] : []),
  ].join('\n');

  const axisRef = q.columns.find((c): c is Exclude<ColumnRef, string> => typeof c !== 'string' && c.columnType === 'BASE_AXIS');
  const axisDim = q.isTimeseries ? dims[0] : axisRef ? dims.find((d) => d.label === columnLabel(axisRef)) : undefined;
  return {
    sql,
    columns: [
      ...dims.map((d) => ({ label: d.label, temporal: d.temporal, metric: false })),
      ...(aggregate ? metrics.map((m) => ({ label: m.label, temporal: false, metric: true })) : []),
    ],
    applied: filters.applied,
    rejected: filters.rejected,
    bounds,
    appliedTemplateFilters: [...ctx.usage.appliedFilters],
    axis: axisDim ? { label: axisDim.label, grain: q.isTimeseries ? grain : checkGrain(axisRef?.timeGrain) } : null,
  };
}
