/**
 * The inputs of the dataset endpoints, as zod schemas the server validates with and clients (SQL
 * Lab's "Save dataset", the dataset editor) share: Superset's DatasetPostSchema,
 * GetOrCreateDatasetSchema, DatasetPutSchema (with DatasetColumnsPut and DatasetMetricsPut) and
 * DatasetDuplicateSchema, with marshmallow's messages, the `q` of `GET /api/v1/dataset/{id}`, and
 * the datasource key of `/superset/fetch_datasource_metadata`.
 */
import { z } from 'zod';
import { JsonTextError, parseJsonText } from './safe-json';
import { jsonObjectText, MISSING, optionalText, positiveId, requiredText } from './schema-fields';

const NOT_BOOLEAN = 'Not a valid boolean.';
const NOT_INTEGER = 'Not a valid integer.';

const tableName = requiredText(250).trim().min(1, 'Length must be between 1 and 250.');
const schemaName = optionalText(250).transform((s) => (s ? s : null));
/** SQL as written (templates unrendered); blank text is no SQL, a physical dataset. */
const sqlText = z.string({ error: 'Not a valid string.' }).max(1_000_000, 'Longer than maximum length 1000000.').nullish()
  .transform((s) => (s && s.trim() ? s : null));
const bool = z.boolean({ error: NOT_BOOLEAN });
const integer = z.number({ error: NOT_INTEGER }).int(NOT_INTEGER).min(-2_147_483_648, NOT_INTEGER).max(2_147_483_647, NOT_INTEGER);
const anyText = (max: number) => z.string({ error: 'Not a valid string.' }).max(max, `Longer than maximum length ${max}.`).nullish();
const owners = z.array(positiveId, { error: 'Not a valid list.' }).max(100, 'At most 100 owners.');

/** Superset's DatasetPostSchema. */
export const DatasetCreateSchema = z.strictObject({
  database: positiveId,
  catalog: optionalText(256),
  schema: schemaName,
  table_name: tableName,
  sql: sqlText,
  owners: owners.optional(),
  is_managed_externally: bool.nullish(),
  external_url: z.url({ error: 'Not a valid URL.' }).max(2000).nullish(),
  normalize_columns: bool.optional(),
  always_filter_main_dttm: bool.optional(),
  template_params: jsonObjectText,
});
export type DatasetCreateInput = z.output<typeof DatasetCreateSchema>;

/** Superset's GetOrCreateDatasetSchema. */
export const GetOrCreateDatasetSchema = z.strictObject({
  table_name: tableName,
  database_id: positiveId,
  schema: schemaName,
  catalog: optionalText(256),
  template_params: jsonObjectText,
  normalize_columns: bool.optional(),
  always_filter_main_dttm: bool.optional(),
});
export type GetOrCreateDatasetInput = z.output<typeof GetOrCreateDatasetSchema>;

/** `q=(columns:!(…))` of `GET /api/v1/dataset/{id}`: the fields to answer, dotted for nested ones. */
export const DatasetShowQuerySchema = z.object({
  columns: z.array(z.string().max(200), { error: 'columns must be a list of field names.' }).max(100).optional(),
});
export type DatasetShowQuery = z.output<typeof DatasetShowQuerySchema>;

/**
 * Superset's python_date_format rule: epoch_s, epoch_ms, or an ISO 8601 pattern (`%Y`, `%Y-%m-%d`,
 * `%Y-%m-%d %H:%M:%S.%f`, …), the formats its time parsing reads back.
 */
const PYTHON_DATE_FORMAT = /^(epoch_s|epoch_ms|(%Y(-%m(-%d)?)?)([\sT](%H(:%M(:%S(\.%f)?)?)?))?)$/;

export function isPythonDateFormat(value: string): boolean {
  return PYTHON_DATE_FORMAT.test(value);
}

const pythonDateFormat = z.string({ error: 'Not a valid string.' }).max(255, 'Longer than maximum length 255.')
  .refine(isPythonDateFormat, 'Invalid date/timestamp format').nullish()
  .transform((s) => (s ? s : null));

/** Superset's DatasetColumnsPut: a column of the dataset editor; one without `id` is new. */
export const DatasetColumnInputSchema = z.strictObject({
  id: positiveId.optional(),
  // Sent back by Superset's editor as it read it; Sightline keeps the stored uuid.
  uuid: z.string({ error: 'Not a valid string.' }).max(36).nullish(),
  column_name: requiredText(255).min(1, 'Length must be between 1 and 255.'),
  verbose_name: anyText(1024),
  type: anyText(1000),
  is_dttm: bool.nullish(),
  python_date_format: pythonDateFormat,
  expression: anyText(65_535),
  filterable: bool.optional(),
  groupby: bool.optional(),
  description: anyText(65_535),
  advanced_data_type: anyText(255),
  extra: jsonObjectText,
  is_active: bool.nullish(),
});
export type DatasetColumnInput = z.output<typeof DatasetColumnInputSchema>;

/** A metric's currency: `{symbol, symbolPosition}`, as the object or its JSON text; stored as JSON text. */
const CurrencySchema = z.strictObject({
  symbol: z.string({ error: 'Not a valid string.' }).max(16),
  symbolPosition: z.enum(['prefix', 'suffix'], { error: 'Must be prefix or suffix.' }).optional(),
});
const currency = z.union([z.string(), z.record(z.string(), z.unknown())], { error: 'Must be a currency object or its JSON text.' }).nullish()
  .transform((value, ctx): string | null | undefined => {
    if (value === undefined || value === null) return value;
    let decoded: unknown = value;
    if (typeof value === 'string') {
      if (!value.trim()) return null;
      try {
        decoded = parseJsonText(value);
      } catch (error) {
        if (!(error instanceof JsonTextError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.problem === 'syntax' ? 'Not valid JSON.' : error.message });
        return z.NEVER;
      }
    }
    const parsed = CurrencySchema.safeParse(decoded);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'Must be {"symbol": "USD", "symbolPosition": "prefix" or "suffix"}.' });
      return z.NEVER;
    }
    return JSON.stringify(parsed.data);
  });

/** Superset's DatasetMetricsPut: a saved metric of the dataset editor; one without `id` is new. */
export const DatasetMetricInputSchema = z.strictObject({
  id: positiveId.optional(),
  uuid: z.string({ error: 'Not a valid string.' }).max(36).nullish(),
  metric_name: requiredText(255).min(1, 'Length must be between 1 and 255.'),
  verbose_name: anyText(1024),
  metric_type: anyText(32),
  expression: z.string({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid string.') }).max(65_535, 'Longer than maximum length 65535.')
    .refine((s) => s.trim().length > 0, 'A metric needs an SQL expression.'),
  description: anyText(65_535),
  d3format: anyText(128),
  currency,
  warning_text: anyText(65_535),
  extra: jsonObjectText,
});
export type DatasetMetricInput = z.output<typeof DatasetMetricInputSchema>;

/** Absent stays absent (an update leaves the field alone); empty text is null. */
const blankIsNull = (s: string | null | undefined) => (s === undefined ? undefined : s && s.trim() ? s : null);

/** Superset's DatasetPutSchema: every field optional; `columns` and `metrics` are the whole new sets. */
export const DatasetUpdateSchema = z.strictObject({
  table_name: tableName.optional(),
  database_id: positiveId.optional(),
  sql: z.string({ error: 'Not a valid string.' }).max(1_000_000, 'Longer than maximum length 1000000.').nullish().transform(blankIsNull),
  catalog: optionalText(250),
  schema: optionalText(255).transform(blankIsNull),
  description: anyText(65_535),
  main_dttm_col: anyText(250).transform(blankIsNull),
  cache_timeout: integer.min(-1, 'Must be -1 (never cache), 0 (the default) or more seconds.').nullish(),
  offset: integer.nullish(),
  default_endpoint: anyText(2000),
  filter_select_enabled: bool.nullish(),
  fetch_values_predicate: anyText(1000),
  normalize_columns: bool.nullish(),
  always_filter_main_dttm: bool.nullish(),
  is_sqllab_view: bool.nullish(),
  template_params: jsonObjectText,
  extra: jsonObjectText,
  owners: owners.optional(),
  is_managed_externally: bool.nullish(),
  external_url: z.url({ error: 'Not a valid URL.' }).max(2000).nullish(),
  columns: z.array(DatasetColumnInputSchema, { error: 'Not a valid list.' }).max(10_000, 'At most 10000 columns.').optional(),
  metrics: z.array(DatasetMetricInputSchema, { error: 'Not a valid list.' }).max(10_000, 'At most 10000 metrics.').optional(),
});
export type DatasetUpdateInput = z.output<typeof DatasetUpdateSchema>;

/** `?override_columns=true|false` of `PUT /api/v1/dataset/{id}` (Superset reads it as a boolean string). */
export const OverrideColumnsQuerySchema = z.object({
  override_columns: z.enum(['true', 'false', '1', '0', 'True', 'False'], { error: 'override_columns must be true or false.' }).optional()
    .transform((v) => v === 'true' || v === '1' || v === 'True'),
});

/** Superset's DatasetDuplicateSchema. */
export const DatasetDuplicateSchema = z.strictObject({
  base_model_id: positiveId,
  table_name: tableName,
});
export type DatasetDuplicateInput = z.output<typeof DatasetDuplicateSchema>;

/** `datasourceKey` of `/superset/fetch_datasource_metadata`: `<id>__<type>`. */
export const DatasourceKeyQuerySchema = z.object({
  datasourceKey: z.string({ error: 'Give datasourceKey as <id>__table.' }).max(100, 'Give datasourceKey as <id>__table.')
    .regex(/^[1-9]\d{0,15}__[a-z]{1,20}(?:_[a-z]{1,20})?$/, 'Give datasourceKey as <id>__table.')
    .transform((key) => {
      const [id, type] = key.split('__');
      return { id: Number(id), type };
    }),
});
