/**
 * A query object's `filters` → WHERE and HAVING conditions, as Superset's get_sqla_query: every
 * value goes through the dialect (literal, quoteString, date literals), never into the text as
 * given. Values are coerced to the column's type as Superset's filter_values_handler does: text
 * on numeric columns becomes a number, '<NULL>' is NULL, '<empty string>' is '', booleans are
 * read from text, epoch milliseconds on date columns become timestamps. A filter on a column the
 * dataset does not have is left out and reported in rejected_filters ('not_in_datasource'), as
 * Superset reports extra filters it cannot apply; one on a saved metric's name goes to HAVING.
 */
import { InvalidInputError } from '../domain-errors.server';
import { fragmentSql, type CompileContext } from './context.server';
import { columnLabel, DTTM_ALIAS, type QueryFilter } from './query-object.server';
import { asTimestamp, checkGrain, columnSql, resolveFilterColumn } from './resolve.server';
import { timeBounds, timeConditions, type RangeOptions } from './time-filter.server';
import { GenericType, type AppliedFilter, type RejectedFilter, type SourceColumn } from './types.server';

export const FILTER_OPERATORS = [
  '==', '!=', '>', '<', '>=', '<=', 'IN', 'NOT IN', 'LIKE', 'NOT LIKE', 'ILIKE', 'NOT ILIKE',
  'IS NULL', 'IS NOT NULL', 'IS TRUE', 'IS FALSE', 'TEMPORAL_RANGE',
] as const;

const LIKE_OPS = new Set(['LIKE', 'NOT LIKE', 'ILIKE', 'NOT ILIKE']);
const COMPARISONS = new Set(['==', '!=', '>', '<', '>=', '<=']);
/** Superset's NULL_STRING and EMPTY_STRING: how the filter UI sends NULL and ''. */
const NULL_STRING = '<NULL>';
const EMPTY_STRING = '<empty string>';

export interface FilterOutcome {
  where: string[];
  having: string[];
  applied: AppliedFilter[];
  rejected: RejectedFilter[];
}

export interface FilterOptions extends RangeOptions {
  /** The legacy time column `__timestamp` stands for, when the query is a time series. */
  dttmColumn: SourceColumn | null;
  /** Samples leave time filters out. */
  skipTemporal: boolean;
  /** TEMPORAL_RANGE filters seen, for always_filter_main_dttm: the column and its bounds. */
  onTemporal?: (column: SourceColumn | null, range: string) => void;
}

type Value = string | number | bigint | boolean | Date | null;

function numberOf(text: string, column: string): number | bigint {
  const t = text.trim();
  if (/^[+-]?\d+$/.test(t)) {
    const n = Number(t);
    return Number.isSafeInteger(n) ? n : BigInt(t);
  }
  const n = Number(t);
  if (t === '' || !Number.isFinite(n)) throw new InvalidInputError(`The filter value "${text}" is not a number, and the column "${column}" is numeric.`);
  return n;
}

function booleanOf(value: unknown): boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return String(value).trim().toLowerCase() === 'true';
}

/** One filter value coerced as Superset's filter_values_handler does. */
function coerce(value: unknown, op: string, c: SourceColumn | null, label: string): Value {
  if (value === null || value === undefined) return null;
  const generic = c && !c.advanced_data_type ? c.type_generic : null;
  if (typeof value === 'string') {
    const text = value.replace(/^[\t\n]+|[\t\n]+$/g, '');
    if (text.includes('\0')) throw new InvalidInputError(`The filter value for "${label}" contains a NUL character.`);
    if (generic === GenericType.NUMERIC && !LIKE_OPS.has(op)) return numberOf(text, label);
    if (text === NULL_STRING) return null;
    if (text === EMPTY_STRING) return '';
    if (generic === GenericType.TEMPORAL && /^[+-]?\d+$/.test(text) && !LIKE_OPS.has(op)) return new Date(Number(text));
    if (generic === GenericType.BOOLEAN) return booleanOf(text);
    return text;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidInputError(`The filter value for "${label}" is not a finite number.`);
    if (generic === GenericType.TEMPORAL && !LIKE_OPS.has(op)) return new Date(value);
    if (generic === GenericType.BOOLEAN) return value !== 0;
    return value;
  }
  if (typeof value === 'boolean') return value;
  throw new InvalidInputError(`The filter value for "${label}" must be text, a number, a boolean or null.`);
}

function literalOf(ctx: CompileContext, v: Value): string {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) throw new InvalidInputError('A filter date is out of range.');
    try {
      return ctx.dialect.datetimeLiteral(v);
    } catch (error) {
      throw new InvalidInputError((error as Error).message);
    }
  }
  return ctx.dialect.literal(v);
}

function condition(ctx: CompileContext, f: QueryFilter, subject: string, c: SourceColumn | null, label: string): string | null {
  const { op } = f;
  if (op === 'IS NULL') return `${subject} IS NULL`;
  if (op === 'IS NOT NULL') return `${subject} IS NOT NULL`;
  if (op === 'IS TRUE') return `${subject} IS TRUE`;
  if (op === 'IS FALSE') return `${subject} IS FALSE`;
  if (op === 'IN' || op === 'NOT IN') {
    const values = (Array.isArray(f.val) ? f.val : [f.val]).map((v) => coerce(v, op, c, label));
    if (values.length === 0) throw new InvalidInputError('Filter value list cannot be empty');
    const present = values.filter((v) => v !== null);
    const parts = [...(present.length < values.length ? [`${subject} IS NULL`] : []), ...(present.length ? [`${subject} IN (${present.map((v) => literalOf(ctx, v)).join(', ')})`] : [])];
    const cond = parts.length > 1 ? `(${parts.join(' OR ')})` : parts[0];
    return op === 'NOT IN' ? `NOT (${cond})` : cond;
  }
  // A list given to a one-value operator: its first value, as Superset.
  const raw = Array.isArray(f.val) ? f.val[0] : f.val;
  const value = coerce(raw, op, c, label);
  if (COMPARISONS.has(op)) {
    if (value === null) {
      if (op === '==') return `${subject} IS NULL`;
      if (op === '!=') return `${subject} IS NOT NULL`;
      throw new InvalidInputError('Must specify a value for filters with comparison operators');
    }
    return `${subject} ${op === '==' ? '=' : op === '!=' ? '<>' : op} ${literalOf(ctx, value)}`;
  }
  if (LIKE_OPS.has(op)) {
    if (value === null) throw new InvalidInputError('Must specify a value for filters with comparison operators');
    const text = ctx.dialect.quoteString(String(value instanceof Date ? raw : value));
    // Non-text columns are compared as text; ILIKE is LOWER() on both sides, which every engine has.
    const asText = c && c.type_generic !== null && c.type_generic !== GenericType.STRING ? ctx.dialect.cast(subject, 'text') : subject;
    const negate = op.startsWith('NOT ') ? 'NOT ' : '';
    return op.endsWith('ILIKE') ? `LOWER(${asText}) ${negate}LIKE LOWER(${text})` : `${asText} ${negate}LIKE ${text}`;
  }
  return null;
}

export async function compileFilters(ctx: CompileContext, filters: QueryFilter[], options: FilterOptions): Promise<FilterOutcome> {
  const out: FilterOutcome = { where: [], having: [], applied: [], rejected: [] };
  for (const f of filters) {
    const label = columnLabel(f.col);
    if (f.op === 'LATEST_PARTITION') throw new InvalidInputError(`The LATEST_PARTITION filter on "${label}" cannot be applied: the dataset's engine has no partitions.`);
    if (!(FILTER_OPERATORS as readonly string[]).includes(f.op)) throw new InvalidInputError(`Invalid filter operation type: ${f.op}`);
    if (f.op === 'TEMPORAL_RANGE' && options.skipTemporal) continue;
    // The template took this filter over (remove_filter=True): it is applied, by the template.
    if (ctx.usage.removedFilters.includes(label) || (f.col === DTTM_ALIAS && options.dttmColumn && ctx.usage.removedFilters.includes(options.dttmColumn.column_name))) {
      out.applied.push({ column: label });
      continue;
    }
    let target: { sql: string; column: SourceColumn | null } | null;
    if (f.col === DTTM_ALIAS && options.dttmColumn) target = { sql: await columnSql(ctx, options.dttmColumn), column: options.dttmColumn };
    else target = await resolveFilterColumn(ctx, f.col);
    const metric = !target && typeof f.col === 'string' ? ctx.metricsByName.get(f.col) : undefined;
    if (metric) {
      const sql = await fragmentSql(ctx, metric.expression, `The metric "${metric.metric_name}"`, false);
      const cond = condition(ctx, f, sql, null, label);
      if (cond) out.having.push(cond);
      out.applied.push({ column: label });
      continue;
    }
    if (!target) {
      out.rejected.push({ reason: 'not_in_datasource', column: label });
      continue;
    }
    const grain = checkGrain(f.grain);
    // Expressions are parenthesised already (fragmentSql), so an OR inside cannot leak.
    if (f.op === 'TEMPORAL_RANGE') {
      if (typeof f.val !== 'string') throw new InvalidInputError(`The TEMPORAL_RANGE filter on "${label}" needs a time range as its value.`);
      options.onTemporal?.(target.column, f.val);
      out.where.push(...timeConditions(ctx, target.column, target.sql, timeBounds(ctx, f.val, options), grain));
    } else {
      const subject = grain ? ctx.dialect.timeGrain(grain, target.column ? asTimestamp(ctx, target.column, target.sql) : target.sql) : target.sql;
      const cond = condition(ctx, f, subject, target.column, label);
      if (cond) out.where.push(cond);
    }
    out.applied.push({ column: label });
  }
  return out;
}
