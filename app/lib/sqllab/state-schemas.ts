/**
 * The inputs of SQL Lab's state endpoints (sql-lab.md §3 and §7): tabs and their tables
 * (`/tabstateview/`, `/tableschemaview/`), saved queries (`/api/v1/saved_query/`, the legacy
 * `/savedqueryviewapi/api/create`) and shares (`/api/v1/sqllab/permalink`, `/kv/store/`).
 * Field errors are marshmallow's words (schema-fields.ts). Isomorphic: the editor may check a
 * payload with the schema the server applies.
 */
import { z } from 'zod';
import { JsonTextError, parseJsonText, parseStoredObject } from '../safe-json';
import { idLike, jsonObjectText, jsonObjectValue, MISSING, optionalText, positiveId, requiredText } from '../schema-fields';

/* ---------- tabs ---------- */

const nullableId = idLike.nullable();
const looseText = (max: number) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: 'Not a valid string.' }).max(max, `Longer than maximum length ${max}.`));
const flag = z.boolean({ error: 'Not a valid boolean.' });
/**
 * A tab's template parameters are a draft: kept as typed, even while the JSON is unfinished
 * (running the query is what checks them). An object is stored as its JSON.
 */
const draftParams = z
  .union([z.string().max(1_000_000, 'Longer than maximum length 1000000.'), z.record(z.string(), z.unknown())], { error: 'Must be text or a JSON object.' })
  .transform((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
  .nullish();
const limit = z.number({ error: 'Not a valid integer.' }).int('Not a valid integer.').nonnegative('Must be 0 or more.');

/** The client's query editor, as `POST /tabstateview/` gets it in `queryEditor`. Other editor fields are ignored. */
export const QueryEditorSchema = z.object({
  name: looseText(256).nullish(),
  title: looseText(256).nullish(),
  dbId: nullableId.optional(),
  catalog: optionalText(256),
  schema: optionalText(256),
  autorun: flag.nullish(),
  sql: looseText(1_000_000).nullish(),
  queryLimit: limit.nullish(),
  templateParams: draftParams,
  selectedText: z.string().nullish(),
  northPercent: z.number().nullish(),
  southPercent: z.number().nullish(),
  height: z.number().nullish(),
  hideLeftBar: flag.nullish(),
  remoteId: nullableId.optional(),
});
export type QueryEditorInput = z.output<typeof QueryEditorSchema>;

/** `POST /tabstateview/`: the editor's state, as an object or its JSON text. */
export const TabCreateSchema = z.object({ queryEditor: jsonObjectValue().pipe(QueryEditorSchema) });

/** `PUT /tabstateview/{id}`: any of these, nothing else. */
export const TabUpdateSchema = z.strictObject({
  latest_query_id: looseText(36).nullable().optional(),
  hide_left_bar: flag.optional(),
  database_id: nullableId.optional(),
  catalog: optionalText(256),
  schema: optionalText(256),
  autorun: flag.optional(),
  label: looseText(256).pipe(z.string().trim().min(1, 'Must not be empty.')).optional(),
  sql: looseText(1_000_000).nullable().optional(),
  query_limit: limit.nullable().optional(),
  template_params: draftParams,
  saved_query_id: nullableId.optional(),
  extra_json: jsonObjectText,
});
export type TabUpdateInput = z.output<typeof TabUpdateSchema>;

/** `POST /tabstateview/{id}/migrate_query`: a query's client id. */
export const MigrateQuerySchema = z.object({ queryId: looseText(36).pipe(z.string().min(1, 'Must not be empty.')) });

/* ---------- a tab's tables ---------- */

/** The stored description is the client's own object; keep one table from filling the store. */
export const MAX_TABLE_DESCRIPTION = 1024 * 1024;

/**
 * `POST /tableschemaview/`: the client's whole table object (columns, keys, indexes, select
 * star, …) is kept as its description; these fields of it are checked and used.
 */
export const TableSchemaCreateSchema = z.object({
  table: jsonObjectValue()
    .pipe(
      z.looseObject({
        dbId: idLike,
        queryEditorId: idLike,
        name: requiredText(256).min(1, 'Must not be empty.'),
        schema: optionalText(256),
        catalog: optionalText(256),
        expanded: z.boolean({ error: 'Not a valid boolean.' }).optional(),
      }),
    )
    .refine((table) => JSON.stringify(table).length <= MAX_TABLE_DESCRIPTION, `Longer than maximum length ${MAX_TABLE_DESCRIPTION}.`),
});
export type TableSchemaInput = z.output<typeof TableSchemaCreateSchema>['table'];

/** `POST /tableschemaview/{id}/expanded`. */
export const TableExpandedSchema = z.object({
  expanded: z.boolean({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid boolean.') }),
});

/* ---------- saved queries ---------- */

/** SavedQueryRestApi's add/edit columns. */
const SAVED_QUERY_FIELDS = {
  label: requiredText(256).trim().min(1, 'Must not be empty.'),
  description: z.string({ error: 'Not a valid string.' }).nullish(),
  sql: requiredText(1_000_000).min(1, 'Must not be empty.'),
  db_id: positiveId,
  schema: optionalText(128),
  catalog: optionalText(256),
  template_parameters: jsonObjectText,
  extra_json: jsonObjectText,
};
export const SavedQueryCreateSchema = z.strictObject(SAVED_QUERY_FIELDS);
export const SavedQueryUpdateSchema = z.strictObject(SAVED_QUERY_FIELDS).partial();

/** A saved query's columns as the domain takes them (what the schemas above produce). */
export type SavedQueryChanges = {
  label?: string;
  description?: string | null;
  sql?: string;
  db_id?: number;
  schema?: string | null;
  catalog?: string | null;
  template_parameters?: string | null;
  extra_json?: string | null;
};
export type NewSavedQuery = SavedQueryChanges & { label: string; sql: string; db_id: number };

/** `DELETE /api/v1/saved_query/?q=!(ids)`. */
export const BulkDeleteSchema = z.array(positiveId).min(1, 'Give at least one id.').max(1000, 'At most 1000 ids at once.');

const ScheduleInfoSchema = z.looseObject({
  output_table: optionalText(256),
  start_date: optionalText(64),
  end_date: optionalText(64),
  schedule_interval: optionalText(64),
});

/** JSON text as its value; text that is not JSON stays text (the schedule schema then refuses it). */
function decodeLoose(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return parseJsonText(value);
  } catch (error) {
    if (error instanceof JsonTextError && error.problem === 'syntax') return value;
    throw error;
  }
}

/**
 * `POST /savedqueryviewapi/api/create`, the editor's "Schedule query": FAB's add columns as
 * form text, the schedule (`schedule_info`) inside extra_json, as Superset's client sends it,
 * or beside it. The result is a saved query whose extra_json holds the checked schedule.
 */
export const LegacySavedQueryCreateSchema = z
  .strictObject({ ...SAVED_QUERY_FIELDS, db_id: idLike, schedule_info: z.unknown().optional() })
  .transform(({ schedule_info: beside, ...input }, ctx): NewSavedQuery => {
    const extra = parseStoredObject(input.extra_json);
    let schedule: unknown;
    try {
      schedule = beside === undefined ? extra.schedule_info : decodeLoose(beside);
    } catch (error) {
      if (!(error instanceof JsonTextError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message, path: ['schedule_info'] });
      return z.NEVER;
    }
    if (schedule !== undefined) {
      const parsed = ScheduleInfoSchema.safeParse(schedule);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['schedule_info', ...issue.path] });
        return z.NEVER;
      }
      extra.schedule_info = parsed.data;
    }
    return { ...input, extra_json: Object.keys(extra).length ? JSON.stringify(extra) : null };
  });

/* ---------- shares ---------- */

/** A shared query is one editor's state; this keeps a single share from filling the store. */
export const MAX_SHARED_STATE_CHARS = 1024 * 1024;

const templateParams = z.union([z.string(), z.record(z.string(), z.unknown())], { error: 'Must be a JSON object or its JSON text.' }).nullish();

/** SqlLabPermalinkSchema: dbId, name and sql are required. */
export const SqlLabPermalinkStateSchema = z.object({
  dbId: positiveId,
  name: requiredText(256),
  sql: requiredText(MAX_SHARED_STATE_CHARS),
  schema: optionalText(256),
  catalog: optionalText(256),
  autorun: z.boolean({ error: 'Not a valid boolean.' }).optional(),
  templateParams,
});
export type SqlLabPermalinkState = z.output<typeof SqlLabPermalinkStateSchema>;

/** The legacy share's record (sql-lab.md §3, "Shared query"): what the editor posts, dbId possibly as text. */
export const SharedQuerySchema = z.object({
  dbId: idLike,
  sql: requiredText(MAX_SHARED_STATE_CHARS),
  name: optionalText(256),
  schema: optionalText(256),
  catalog: optionalText(256),
  autorun: z.boolean({ error: 'Not a valid boolean.' }).nullish(),
  templateParams,
});
export type SharedQuery = z.output<typeof SharedQuerySchema>;

/**
 * `POST /kv/store/`: `data` is the shared query's JSON text (or the object). Its own fields'
 * errors name them at the top level, as the share's record is what is checked.
 */
export const KvStoreBodySchema = z
  .object({ data: jsonObjectValue('Not valid JSON.') })
  .transform((body) => body.data)
  .pipe(SharedQuerySchema);
