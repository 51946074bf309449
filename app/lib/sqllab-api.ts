/**
 * SQL Lab's API contract, shared by the server (which parses requests with these schemas) and the
 * editor (which builds requests and reads answers with these types). Shapes follow Superset's
 * OpenAPI document: ExecutePayloadSchema, QueryExecutionResponseSchema, QueryResult (the camelCase
 * dict `Query.to_dict()` answers), StopQuerySchema, sql_lab_get_results_schema,
 * queries_get_updated_since_schema, EstimateQueryCostSchema, FormatQueryPayloadSchema.
 */
import { z } from 'zod';
import { JsonTextError, parseJsonText } from './safe-json';
import type { LimitingFactor } from './sql/limit';

/** Superset's QueryStatus vocabulary (sql-lab.md §4). `started` is the editor's own. */
export const QUERY_STATES = ['stopped', 'failed', 'pending', 'running', 'scheduled', 'success', 'fetching', 'timed_out', 'started'] as const;
export type QueryState = (typeof QUERY_STATES)[number];

export const ACTIVE_STATES: readonly QueryState[] = ['running', 'started', 'pending', 'fetching', 'scheduled'];
export const FINISHED_STATES: readonly QueryState[] = ['stopped', 'failed', 'success', 'timed_out'];

export const CTAS_METHODS = ['TABLE', 'VIEW'] as const;
export type CtasMethod = (typeof CTAS_METHODS)[number];

/** The longest name PostgreSQL keeps for a table (MySQL allows 64); longer would be cut silently. */
export const MAX_TABLE_NAME = 63;

const optionalText = (max: number, what: string) => z.string().max(max, `${what} is at most ${max} characters.`).nullish();

/**
 * Template parameters: Superset sends a JSON text; an object is taken as it is. Anything else (an
 * array, a number, text that is not JSON) is refused with a message saying which.
 */
export const TemplateParamsSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .nullish()
  .transform((value, ctx): Record<string, unknown> => {
    if (value === null || value === undefined) return {};
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return {};
    let parsed: unknown;
    try {
      parsed = parseJsonText(value);
    } catch (error) {
      if (!(error instanceof JsonTextError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.about('The template parameters', 'are') });
      return z.NEVER;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'The template parameters must be a JSON object, like {"country": "FR"}.' });
      return z.NEVER;
    }
    return parsed as Record<string, unknown>;
  });

const SqlSchema = z
  .string({ error: 'sql is required: the SQL to run.' })
  .max(10_000_000, 'The SQL is longer than 10 million characters.')
  .refine((s) => s.trim() !== '', 'The SQL is empty: there is nothing to run.');

const DatabaseIdSchema = z.int({ error: 'database_id is required: the id of the database to run on.' }).positive('database_id must be positive.');

/** POST /api/v1/sqllab/execute/ */
export const ExecutePayloadSchema = z.object({
  database_id: DatabaseIdSchema,
  sql: SqlSchema,
  // Superset's editor makes 11-character ids; anything up to the column's 36 characters is kept.
  client_id: z
    .string()
    .trim()
    .min(1, 'client_id cannot be empty.')
    .max(36, 'client_id is at most 36 characters.')
    .regex(/^[\w-]+$/, 'client_id may hold letters, digits, "_" and "-" only.')
    .nullish(),
  queryLimit: z.int('queryLimit must be a whole number of rows.').positive('queryLimit must be positive.').nullish(),
  sql_editor_id: optionalText(256, 'sql_editor_id'),
  catalog: optionalText(256, 'catalog'),
  schema: optionalText(256, 'schema'),
  tab: optionalText(256, 'tab'),
  ctas_method: z
    .string()
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : 'TABLE'))
    .pipe(z.enum(CTAS_METHODS, 'ctas_method is TABLE or VIEW.')),
  templateParams: TemplateParamsSchema,
  tmp_table_name: z
    .string()
    .trim()
    .max(MAX_TABLE_NAME, `tmp_table_name is at most ${MAX_TABLE_NAME} characters.`)
    .refine((name) => ![...name].some((c) => c.charCodeAt(0) < 32), 'tmp_table_name cannot hold control characters.')
    .nullish(),
  select_as_cta: z.boolean().nullish(),
  runAsync: z.boolean().nullish(),
  expand_data: z.boolean().nullish(),
  json: z.boolean().nullish(),
});
export type ExecutePayload = z.output<typeof ExecutePayloadSchema>;

/** GET /api/v1/sqllab/results/?q=(key:…,rows:…) */
export const ResultsQuerySchema = z.object({
  key: z.string({ error: 'key is required: the resultsKey of the query.' }).min(1, 'key cannot be empty.').max(64, 'key is at most 64 characters.'),
  rows: z.int('rows must be a whole number.').positive('rows must be positive.').nullish(),
});

/** POST /api/v1/query/stop */
export const StopQuerySchema = z.object({
  client_id: z.string({ error: 'client_id is required: the id of the query to stop.' }).trim().min(1, 'client_id cannot be empty.').max(36),
});

/** GET /api/v1/sqllab/events/?client_id=… (a plain parameter: EventSource takes a URL, not a body). */
export const QueryEventsQuerySchema = z.object({
  client_id: z
    .string({ error: 'client_id is required: the id of the query to follow.' })
    .trim()
    .min(1, 'client_id cannot be empty.')
    .max(36, 'client_id is at most 36 characters.')
    .regex(/^[\w-]+$/, 'client_id may hold letters, digits, "_" and "-" only.'),
});

/** The event stream's event names: `query` carries a QueryResultDict; the stream ends after a finished state. */
export const QUERY_EVENT = 'query';

/** GET /api/v1/query/updated_since?q=(last_updated_ms:…) */
export const UpdatedSinceQuerySchema = z.object({
  last_updated_ms: z.number({ error: 'last_updated_ms is required: epoch milliseconds.' }).min(0, 'last_updated_ms cannot be negative.'),
});

/** POST /api/v1/sqllab/estimate/ */
export const EstimatePayloadSchema = z.object({
  database_id: DatabaseIdSchema,
  sql: SqlSchema,
  schema: optionalText(256, 'schema'),
  catalog: optionalText(256, 'catalog'),
  template_params: TemplateParamsSchema,
});

/** POST /api/v1/sqllab/format_sql/ */
export const FormatSqlPayloadSchema = z.object({
  sql: z.string({ error: 'sql is required: the SQL to format.' }).max(1_000_000, 'The SQL to format is longer than a million characters.'),
  engine: z.string().nullish(),
  database_id: z.int('database_id must be the id of a database.').positive().nullish(),
});

/** Superset's GenericDataType: what a column holds, for formatting and sorting. */
export const GENERIC_DATA_TYPES = { numeric: 0, string: 1, temporal: 2, boolean: 3 } as const;

export interface ResultColumn {
  column_name: string;
  name: string;
  /** The engine's type name, e.g. BIGINT, TIMESTAMP WITHOUT TIME ZONE. */
  type: string;
  /** GENERIC_DATA_TYPES: 0 numeric, 1 string, 2 temporal, 3 boolean. */
  type_generic: number;
  is_dttm: boolean;
}

/** QueryResultSchema: a query as the editor keeps it (Superset's `Query.to_dict()`). */
export interface QueryResultDict {
  changed_on: string;
  dbId: number;
  db: string | null;
  endDttm: number | null;
  errorMessage: string | null;
  executedSql: string | null;
  /** The client id. */
  id: string;
  queryId: number;
  limit: number | null;
  limitingFactor: LimitingFactor;
  progress: number;
  rows: number | null;
  schema: string | null;
  catalog: string | null;
  ctas: boolean;
  ctas_method: CtasMethod | null;
  serverId: number;
  sql: string;
  sqlEditorId: string | null;
  startDttm: number | null;
  state: QueryState;
  tab: string | null;
  tempSchema: string | null;
  tempTable: string | null;
  userId: number | null;
  user: string | null;
  resultsKey: string | null;
  trackingUrl: string | null;
  extra: Record<string, unknown>;
  errors?: unknown[];
}

/** Execute's answer while an async query runs (202), or to a retry of a query already accepted (200). */
export interface QueryAccepted {
  query: QueryResultDict;
}

/** QueryExecutionResponseSchema: 200 from execute and results; a 202 holds only `query`. */
export interface QueryExecutionResponse {
  status: QueryState;
  query_id: number;
  data: Record<string, unknown>[];
  columns: ResultColumn[];
  selected_columns: ResultColumn[];
  expanded_columns: ResultColumn[];
  query: QueryResultDict;
  displayLimitReached?: boolean;
}
