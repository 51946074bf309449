/**
 * What an adhoc SQL expression yields, asked of the database, as Superset's adhoc_column_to_sqla
 * does for an x-axis expression with a time grain (it runs the expression over the source with a
 * limit and reads the cursor's description): only a temporal expression gets the grain.
 *
 * The probe is `SELECT <expression> FROM <source> WHERE <expression> IS NOT NULL [AND rls] LIMIT 1`
 * through the execution core, read-only like every chart query, answered from the engine's type
 * of the column and, for text, from its first value: ISO date text is how SQLite (which has no
 * date type) holds dates, and reads as a timestamp after a cast on every engine, as a text column
 * with an ISO python_date_format does. Each answer is kept for the probe's lifetime, keyed by the
 * dataset and the probe's SQL, so the queries of one request (and their time offsets) ask once.
 */
import { executeSql } from '../engines/execute.server';
import type { ConnectionTarget } from '../engines/pools.server';

/** `temporal`: the engine's type is a date or time; `temporal-text`: ISO datetime text; `other`: anything else or unknown. */
export type ExpressionKind = 'temporal' | 'temporal-text' | 'other';

export interface ExpressionProbeQuery {
  datasetId: number;
  /** The probe's complete SELECT in the dataset's dialect (the compiler writes it). */
  sql: string;
}

export interface ExpressionTypeProbe {
  kindOf(query: ExpressionProbeQuery): Promise<ExpressionKind>;
}

/** A probe answer should come back at once (one row); past this the expression counts as unknown. */
const PROBE_TIMEOUT_MS = 10_000;

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?$/;

export interface ProbeOptions {
  schema?: string | null;
  signal?: AbortSignal;
}

/** A probe over one database connection, with its own cache (create one per request). */
export function createExpressionTypeProbe(target: ConnectionTarget, options: ProbeOptions = {}): ExpressionTypeProbe {
  const answers = new Map<string, Promise<ExpressionKind>>();
  const ask = async (sql: string): Promise<ExpressionKind> => {
    let result;
    try {
      result = await executeSql({ target, sql, schema: options.schema ?? null, limit: 1, allowDml: false, timeoutMs: PROBE_TIMEOUT_MS, signal: options.signal });
    } catch (error) {
      // A stopped request stops here; a failing expression fails again, with its message, in the query itself.
      if (options.signal?.aborted) throw error;
      return 'other';
    }
    const column = result.columns[0];
    if (!column) return 'other';
    if (column.type_generic === 'temporal') return 'temporal';
    const value = result.rows[0]?.[0];
    return column.type_generic === 'string' && typeof value === 'string' && ISO_DATETIME.test(value.trim()) ? 'temporal-text' : 'other';
  };
  return {
    kindOf({ datasetId, sql }) {
      const key = `${datasetId}\u0000${sql}`;
      let answer = answers.get(key);
      if (!answer) answers.set(key, (answer = ask(sql)));
      return answer;
    },
  };
}

const probes = new WeakMap<object, ExpressionTypeProbe>();

/**
 * The probe of one request: `owner` is an object the request holds for its duration (the loaded
 * dataset with its connection), so every query object of the request shares the answers.
 */
export function expressionTypeProbeFor(owner: object, target: ConnectionTarget, options: ProbeOptions = {}): ExpressionTypeProbe {
  let probe = probes.get(owner);
  if (!probe) probes.set(owner, (probe = createExpressionTypeProbe(target, options)));
  return probe;
}
