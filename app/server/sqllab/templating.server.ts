/**
 * Jinja templating of SQL, with Superset's macros (superset/jinja_context.py): `url_param`,
 * `current_user_id`, `current_username`, `current_user_email`, `filter_values`, `get_filters`,
 * `get_time_filter`, `cache_key_wrapper` and the `where_in` filter; the template parameters (the
 * tab's JSON, or a dataset's merged with the chart query's variables) are the other variables.
 * SQL Lab and the chart data engine (app/server/query) share it; the engine passes the query's
 * filters and time range, and reads back which filters the template used or took over. The template is the user's text and is trusted with nothing: it runs in
 * template-sandbox.server.ts. Failures are Superset's template errors: an undefined name that
 * reaches the query is MISSING_TEMPLATE_PARAMS_ERROR (listing every such name), anything else
 * that stops the render (syntax, a refused construct, a limit, parameters that are not a JSON
 * object) is INVALID_TEMPLATE_PARAMS_ERROR with the position when there is one.
 */
import { findDialect, type SqlDialect } from '~/lib/sql/dialects';
import { portableLiteral, quotePortableString } from '~/lib/sql/dialects/base';
import { wallClockText } from '~/lib/sql/dialects/dates';
import { JsonTextError, parseJsonText } from '~/lib/safe-json';
import { getSinceUntil, NO_TIME_RANGE, TimeRangeError } from '~/lib/time-range';
import { strftime as formatDate } from '../query/strftime.server';
import { sqlLabError, type SqlLabError } from './errors.server';
import { renderSandboxed, TemplateProblem } from './template-sandbox.server';
import { isPlainObject, isText } from './template-values.server';

export type TemplateUser = { id: number; username: string; email: string | null };
export type TemplateFilter = { col: string; op: string; val: unknown };

/**
 * What a render did with the query's filters (Superset's applied_filters and removed_filters):
 * columns whose filters a macro read, and those it took over with `remove_filter=True`, which the
 * chart data engine then leaves out of its own WHERE.
 */
export type TemplateUsage = { appliedFilters: string[]; removedFilters: string[] };

export type TemplateContext = {
  templateParams: Record<string, unknown>;
  user: TemplateUser | null;
  urlParams?: Record<string, string>;
  filters?: TemplateFilter[];
  /**
   * The engine the SQL is for ('postgresql', 'sqlite', 'mysql'): values are quoted by its dialect.
   * Without it (or for an engine no dialect knows), quoted values also double backslashes: safe
   * on every engine, at the cost of an extra backslash where backslashes are ordinary characters.
   */
  engine?: string;
  /** The query's time range, for `get_time_filter` when no TEMPORAL_RANGE filter names the column. */
  timeRange?: string | null;
  /** "Now" for relative time ranges (tests pass it; the clock otherwise). */
  now?: Date;
  /** Filled in by the render when given. */
  usage?: TemplateUsage;
};

/** Superset's PARAMETER_MISSING_ERR. */
const PARAMETER_MISSING_HELP =
  'Please check your template parameters for syntax errors and make sure they match across your SQL query and Set Parameters. Then, try running your query again.';
const MALFORMED_HELP =
  'Please check your query and confirm that all template parameters are surrounded by double braces, for example, "{{ ds }}". Then, try running your query again.';

/** Any of `{{`, `{%`, `{#`: without one, Jinja would return the text unchanged, so we do too. */
const TEMPLATE_MARKER = /\{[{%#]/;

/** Superset's `format_list`: `"a", "b"`. */
const formatList = (names: readonly string[]) => names.map((n) => `"${n.replace(/"/g, '\\"')}"`).join(', ');

export function missingParamsError(names: readonly string[], templateParams: Record<string, unknown>): SqlLabError {
  const reason =
    names.length === 1
      ? `The parameter ${formatList(names)} in your query is undefined.`
      : `The following parameters in your query are undefined: ${formatList(names)}.`;
  return sqlLabError('MISSING_TEMPLATE_PARAMS_ERROR', `${reason} ${PARAMETER_MISSING_HELP}`, 422, {
    undefined_parameters: [...names],
    template_parameters: templateParams,
  });
}

function invalidTemplateError(problem: TemplateProblem): SqlLabError {
  const where = problem.line === null ? '' : ` (line ${problem.line}${problem.column === null ? '' : `, column ${problem.column}`})`;
  const message =
    problem.kind === 'syntax'
      ? `The query contains one or more malformed template parameters: ${problem.message}${where}. ${MALFORMED_HELP}`
      : `The query's template could not be rendered: ${problem.message}${where}`;
  return sqlLabError('INVALID_TEMPLATE_PARAMS_ERROR', message, 422, {
    template_error: problem.message,
    template_error_kind: problem.kind,
    line: problem.line,
    column: problem.column,
  });
}

/**
 * The tab's template parameters (a JSON text, as the editor sends them) as an object. Empty or
 * missing text is no parameters; anything that is not a JSON object is INVALID_TEMPLATE_PARAMS_ERROR.
 */
export function parseTemplateParams(text: string | null | undefined): Record<string, unknown> {
  if (text === null || text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = parseJsonText(text);
  } catch (error) {
    if (!(error instanceof JsonTextError)) throw error;
    throw sqlLabError('INVALID_TEMPLATE_PARAMS_ERROR', `${error.about('The template parameters', 'are')} ${PARAMETER_MISSING_HELP}`, 422, {
      template_error: error.message,
    });
  }
  if (!isPlainObject(value)) {
    throw sqlLabError('INVALID_TEMPLATE_PARAMS_ERROR', `The template parameters must be a JSON object, such as {"state": "CA"}. ${PARAMETER_MISSING_HELP}`, 422, {});
  }
  return value;
}

type Literals = Pick<SqlDialect, 'quoteString' | 'literal'> & Partial<Pick<SqlDialect, 'dateLiteral' | 'datetimeLiteral'>>;

/** How values are written for the engine: its dialect's rules, or rules safe on any engine when it is unknown. */
const literalsFor = (engine?: string): Literals => findDialect(engine) ?? { quoteString: quotePortableString, literal: portableLiteral };

/** A SQL string literal in the engine's dialect. */
export function quoteLiteral(value: string, engine?: string): string {
  return literalsFor(engine).quoteString(value);
}

/** A value as a SQL literal, for `where_in`: numbers and booleans bare, text quoted, None as NULL. */
function sqlLiteral(value: unknown, literals: Literals): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TemplateProblem('runtime', 'where_in cannot quote a number that is not finite.');
  if (isText(value)) return literals.quoteString(String(value));
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') return literals.literal(value);
  throw new TemplateProblem('runtime', 'where_in quotes numbers, text, booleans and None; it was given a list or a dict inside the list.');
}

/** Splits nunjucks' call arguments: a trailing `{__keywords: true, …}` object holds `name=value` arguments. */
function argsOf(args: unknown[], names: readonly string[]): Record<string, unknown> {
  const last = args[args.length - 1];
  const keywords = isPlainObject(last) && Object.hasOwn(last, '__keywords') ? last : null;
  const positional = keywords ? args.slice(0, -1) : args;
  const out: Record<string, unknown> = {};
  names.forEach((name, i) => {
    out[name] = i < positional.length ? positional[i] : keywords && Object.hasOwn(keywords, name) ? keywords[name] : undefined;
  });
  return out;
}

const addOnce = (list: string[], name: string) => {
  if (!list.includes(name)) list.push(name);
};

/**
 * Superset's convert_dttm for `get_time_filter(target_type=…)`: a DATE or a TIMESTAMP literal of
 * the engine, quoted text for text types, None for anything else (as Superset answers for types
 * its engine spec does not convert).
 */
function dttmLiteral(date: Date, targetType: unknown, literals: Literals): string | null {
  const type = typeof targetType === 'string' ? targetType.trim().toUpperCase() : '';
  if (type === 'DATE') return literals.dateLiteral ? literals.dateLiteral(date) : literals.quoteString(wallClockText(date).slice(0, 10));
  if (/^(TIMESTAMP|DATETIME)\b/.test(type)) return literals.datetimeLiteral ? literals.datetimeLiteral(date) : literals.quoteString(wallClockText(date));
  if (/^(TEXT|VARCHAR|CHAR|STRING)\b/.test(type)) return literals.quoteString(wallClockText(date));
  return null;
}

function macros(ctx: TemplateContext, literals: Literals): Record<string, (...args: unknown[]) => unknown> {
  const filters = ctx.filters ?? [];
  const usage = ctx.usage ?? { appliedFilters: [], removedFilters: [] };
  const noteUse = (column: unknown, remove: unknown, found: boolean) => {
    if (typeof column !== 'string' || !found) return;
    addOnce(usage.appliedFilters, column);
    if (remove === true) addOnce(usage.removedFilters, column);
  };
  const getFilters = (column: unknown, remove?: unknown) => {
    const found = filters
      .filter((f) => f.col === column)
      .map((f) => {
        const op = f.op.toUpperCase();
        const val = (op === 'IN' || op === 'NOT IN') && !Array.isArray(f.val) ? [f.val] : f.val;
        return { op, col: f.col, val };
      });
    noteUse(column, remove, found.length > 0);
    return found;
  };
  return {
    url_param: (...args) => {
      const { param, default: fallback, escape_result: escape } = argsOf(args, ['param', 'default', 'add_to_cache_keys', 'escape_result']);
      const urlParams = ctx.urlParams ?? {};
      const value = typeof param === 'string' && Object.hasOwn(urlParams, param) ? urlParams[param] : (fallback ?? null);
      // As Superset: the value lands inside quotes the template wrote, so quotes in it are escaped.
      return typeof value === 'string' && escape !== false ? literals.quoteString(value).slice(1, -1) : value;
    },
    current_user_id: () => ctx.user?.id ?? null,
    current_username: () => ctx.user?.username ?? null,
    current_user_email: () => ctx.user?.email ?? null,
    cache_key_wrapper: (...args) => argsOf(args, ['key']).key,
    get_filters: (...args) => {
      const { column, remove_filter: remove } = argsOf(args, ['column', 'remove_filter']);
      return getFilters(column, remove);
    },
    filter_values: (...args) => {
      const { column, default: fallback, remove_filter: remove } = argsOf(args, ['column', 'default', 'remove_filter']);
      const values: unknown[] = [];
      for (const { val } of getFilters(column, remove)) {
        if (Array.isArray(val)) values.push(...(val as unknown[]));
        else if (val) values.push(val);
      }
      return values.length === 0 && fallback ? [fallback] : values;
    },
    // Superset's TimeFilter: the bounds of the column's TEMPORAL_RANGE filter (else the query's
    // time range, else `default`) as literals of `target_type`, or as `strftime` text.
    get_time_filter: (...args) => {
      const a = argsOf(args, ['column', 'default', 'target_type', 'strftime', 'remove_filter']);
      const own = filters.find((f) => f.col === a.column && f.op.toUpperCase() === 'TEMPORAL_RANGE' && typeof f.val === 'string');
      noteUse(a.column, a.remove_filter, own !== undefined);
      const timeRange = (own?.val as string | undefined) || ctx.timeRange || (typeof a.default === 'string' ? a.default : null) || NO_TIME_RANGE;
      let bounds;
      try {
        bounds = getSinceUntil(timeRange, { now: ctx.now ?? new Date() });
      } catch (error) {
        if (error instanceof TimeRangeError) throw new TemplateProblem('runtime', `get_time_filter: ${error.message}`);
        throw error;
      }
      const format = (date: Date | null) => {
        if (!date) return null;
        if (typeof a.strftime === 'string' && a.strftime) {
          try {
            return formatDate(date, a.strftime);
          } catch (error) {
            throw new TemplateProblem('runtime', `get_time_filter: ${(error as Error).message}`);
          }
        }
        return dttmLiteral(date, a.target_type, literals);
      };
      return { from_expr: format(bounds.since), to_expr: format(bounds.until), time_range: timeRange };
    },
  };
}

/**
 * Renders the SQL's Jinja template. SQL without template markers comes back unchanged. Throws
 * SqlLabError (MISSING_TEMPLATE_PARAMS_ERROR or INVALID_TEMPLATE_PARAMS_ERROR), status 422.
 */
export async function renderSqlTemplate(sql: string, ctx: TemplateContext): Promise<string> {
  if (!TEMPLATE_MARKER.test(sql)) return sql;
  if (!isPlainObject(ctx.templateParams)) {
    throw sqlLabError('INVALID_TEMPLATE_PARAMS_ERROR', `The template parameters must be a JSON object. ${PARAMETER_MISSING_HELP}`, 422, {});
  }
  // Macros win over parameters of the same name, as in Superset's set_context.
  const literals = literalsFor(ctx.engine);
  const variables = { ...ctx.templateParams, ...macros(ctx, literals) };
  const whereIn = (values: unknown) => `(${(Array.isArray(values) ? values : [values]).map((v) => sqlLiteral(v, literals)).join(', ')})`;
  try {
    const { output, undefinedNames } = renderSandboxed(sql, variables, { filters: { where_in: whereIn } });
    if (undefinedNames.length) throw missingParamsError(undefinedNames, ctx.templateParams);
    return output;
  } catch (error) {
    if (error instanceof TemplateProblem) throw invalidTemplateError(error);
    throw error;
  }
}
