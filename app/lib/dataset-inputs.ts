/**
 * The inputs of the dataset endpoints, as zod schemas the server validates with and clients (SQL
 * Lab's "Save dataset") can share: Superset's DatasetPostSchema and GetOrCreateDatasetSchema,
 * with marshmallow's messages, and the `q` of `GET /api/v1/dataset/{id}`.
 */
import { z } from 'zod';
import { optionalText, positiveId, requiredText } from './schema-fields';

const tableName = requiredText(250).trim().min(1, 'Length must be between 1 and 250.');
const schemaName = optionalText(250).transform((s) => (s ? s : null));

/** Superset's DatasetPostSchema. */
export const DatasetCreateSchema = z.strictObject({
  database: positiveId,
  catalog: optionalText(256),
  schema: schemaName,
  table_name: tableName,
  sql: z.string({ error: 'Not a valid string.' }).max(1_000_000, 'Longer than maximum length 1000000.').nullish()
    .transform((s) => (s && s.trim() ? s : null)),
  owners: z.array(positiveId, { error: 'Not a valid list.' }).max(100).optional(),
  is_managed_externally: z.boolean({ error: 'Not a valid boolean.' }).nullish(),
  external_url: z.url({ error: 'Not a valid URL.' }).max(2000).nullish(),
  normalize_columns: z.boolean({ error: 'Not a valid boolean.' }).optional(),
  always_filter_main_dttm: z.boolean({ error: 'Not a valid boolean.' }).optional(),
});
export type DatasetCreateInput = z.output<typeof DatasetCreateSchema>;

/** Superset's GetOrCreateDatasetSchema. */
export const GetOrCreateDatasetSchema = z.strictObject({
  table_name: tableName,
  database_id: positiveId,
  schema: schemaName,
  catalog: optionalText(256),
  template_params: z.string({ error: 'Not a valid string.' }).nullish(),
  normalize_columns: z.boolean({ error: 'Not a valid boolean.' }).optional(),
  always_filter_main_dttm: z.boolean({ error: 'Not a valid boolean.' }).optional(),
});
export type GetOrCreateDatasetInput = z.output<typeof GetOrCreateDatasetSchema>;

/** `q=(columns:!(…))` of `GET /api/v1/dataset/{id}`: the fields to answer, dotted for nested ones. */
export const DatasetShowQuerySchema = z.object({
  columns: z.array(z.string().max(200), { error: 'columns must be a list of field names.' }).max(100).optional(),
});
export type DatasetShowQuery = z.output<typeof DatasetShowQuerySchema>;
