/**
 * What compiling one query object needs at hand: the dialect, the dataset's columns and metrics
 * by name, and the Jinja render shared by every fragment of the query (so `filter_values`,
 * `get_filters` and `get_time_filter` see the query's filters and time range, and a template that
 * takes a filter over with `remove_filter=True` keeps it out of the compiler's WHERE).
 */
import { dialectFor, type SqlDialect } from '~/lib/sql/dialects';
import type { SqlFlavor } from '~/lib/sql/lexer';
import type { CurrentUser } from '../auth/current-user.server';
import { renderSqlTemplate, type TemplateFilter, type TemplateUsage } from '../sqllab/templating.server';
import type { ExpressionKind } from './expression-type.server';
import { checkedExpression } from './fragments.server';
import type { DatasetSource, SourceColumn, SourceMetric } from './types.server';

export interface CompileContext {
  dialect: SqlDialect;
  flavor: SqlFlavor;
  dataset: DatasetSource;
  columnsByName: Map<string, SourceColumn>;
  metricsByName: Map<string, SourceMetric>;
  now: Date;
  usage: TemplateUsage;
  /** Renders Jinja in a fragment with the query's template context. */
  render(sql: string): Promise<string>;
  /**
   * What a checked SQL expression yields over the query's source, asked of the database (see
   * expression-type.server.ts); absent when the caller gave no probe (then nothing is probed).
   */
  probeExpression?: (sql: string) => Promise<ExpressionKind>;
}

export interface ContextInput {
  user: CurrentUser | null;
  dataset: DatasetSource;
  now: Date;
  urlParams?: Record<string, string>;
  /** The query's own template variables, over the dataset's template_params. */
  templateParams?: Record<string, unknown>;
  filters?: TemplateFilter[];
  timeRange?: string | null;
}

export function createContext(input: ContextInput): CompileContext {
  const { dataset } = input;
  const dialect = dialectFor(dataset.database.dialect);
  const usage: TemplateUsage = { appliedFilters: [], removedFilters: [] };
  const templateParams = { ...dataset.template_params, ...input.templateParams };
  const user = input.user ? { id: input.user.id, username: input.user.username, email: input.user.email } : null;
  return {
    dialect,
    flavor: dialect.flavor,
    dataset,
    columnsByName: new Map(dataset.columns.map((c) => [c.column_name, c])),
    metricsByName: new Map(dataset.metrics.map((m) => [m.metric_name, m])),
    now: input.now,
    usage,
    render: (sql) =>
      renderSqlTemplate(sql, {
        templateParams,
        user,
        urlParams: input.urlParams ?? {},
        filters: input.filters ?? [],
        engine: dialect.name,
        timeRange: input.timeRange ?? null,
        now: input.now,
        usage,
      }),
  };
}

/** A fragment rendered and checked, in parentheses, ready to splice. */
export async function fragmentSql(ctx: CompileContext, sql: string, what: string, fromQuery: boolean): Promise<string> {
  return `(${checkedExpression(await ctx.render(sql), ctx.flavor, { what, fromQuery })})`;
}
