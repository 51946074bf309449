/**
 * The inputs of the chart write endpoints, as zod schemas with marshmallow's messages: Superset's
 * ChartPostSchema and ChartPutSchema (unknown fields refused, as marshmallow's RAISE does), and the
 * `q=(columns:!(…))` of `GET /api/v1/chart/{id}`. `params` and `query_context` are JSON text,
 * checked to be JSON (and safe to hand on: depth, NUL) and stored as written. Only app/lib is
 * imported, so the Explore save form may share these once they move to app/lib.
 */
import { z } from 'zod';
import { JsonTextError, parseJsonText } from '~/lib/safe-json';
import { MISSING, optionalText, positiveId } from '~/lib/schema-fields';

const NOT_INTEGER = 'Not a valid integer.';
const NOT_BOOLEAN = 'Not a valid boolean.';

/** Superset's datasource types (ChartPostSchema's OneOf); only `table` names something here. */
export const DATASOURCE_TYPES = ['table', 'dataset', 'query', 'saved_query', 'view'] as const;

const sliceName = z
  .string({ error: (i) => (i.input === undefined ? MISSING : i.input === null ? 'Field may not be null.' : 'Not a valid string.') })
  .min(1, 'Length must be between 1 and 250.')
  .max(250, 'Length must be between 1 and 250.');

const vizType = z.string({ error: 'Not a valid string.' }).max(250, 'Length must be between 0 and 250.');

/** JSON text (any JSON value), as Superset's validate_json checks it: "JSON not valid" otherwise. */
const jsonText = z
  .string({ error: 'Not a valid string.' })
  .max(10_000_000, 'Longer than maximum length 10000000.')
  .superRefine((text, ctx) => {
    try {
      parseJsonText(text);
    } catch (error) {
      if (!(error instanceof JsonTextError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.problem === 'syntax' ? 'JSON not valid' : error.message });
    }
  })
  .nullish();

/**
 * Seconds, or null. Empty text is null (the properties modal's empty field); numeric text is its
 * number, as marshmallow's non-strict Integer reads it.
 */
const cacheTimeout = z
  .preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v) : v),
    z.number({ error: NOT_INTEGER }).int(NOT_INTEGER).min(-1, 'Must be -1 (never cache) or more.').max(2_147_483_647, NOT_INTEGER).nullable(),
  )
  .optional();

const ids = (what: string) => z.array(positiveId, { error: 'Not a valid list.' }).max(1000, `At most 1000 ${what}.`);

const datasourceType = z.enum(DATASOURCE_TYPES, {
  error: (i) => (i.input === undefined ? MISSING : `Must be one of: ${DATASOURCE_TYPES.join(', ')}.`),
});

/** Fields both schemas take alike. */
const common = {
  description: optionalText(1_000_000),
  params: jsonText,
  query_context: jsonText,
  query_context_generation: z.boolean({ error: NOT_BOOLEAN }).nullish(),
  cache_timeout: cacheTimeout,
  owners: ids('owners').optional(),
  dashboards: ids('dashboards').optional(),
  certified_by: optionalText(1000),
  certification_details: optionalText(1_000_000),
  is_managed_externally: z.boolean({ error: NOT_BOOLEAN }).nullish(),
  external_url: optionalText(2000),
};

/** Superset's ChartPostSchema. */
export const ChartCreateSchema = z.strictObject({
  slice_name: sliceName,
  viz_type: vizType.optional(),
  datasource_id: positiveId,
  datasource_type: datasourceType,
  // Superset takes it and then names the chart's datasource from the dataset itself: so do we.
  datasource_name: optionalText(2000),
  ...common,
});
export type ChartCreateInput = z.output<typeof ChartCreateSchema>;

/** Superset's ChartPutSchema: every field optional, so a payload changes only what it names. */
export const ChartUpdateSchema = z.strictObject({
  slice_name: sliceName.optional(),
  viz_type: vizType.min(1, 'Length must be between 1 and 250.').optional(),
  datasource_id: positiveId.nullish(),
  datasource_type: datasourceType.nullish(),
  tags: ids('tags').optional(),
  ...common,
});
export type ChartUpdateInput = z.output<typeof ChartUpdateSchema>;

/** `q=(columns:!(…))` of `GET /api/v1/chart/{id}`: the fields to answer, dotted for nested ones. */
export const ChartShowQuerySchema = z.object({
  columns: z.array(z.string().max(200), { error: 'columns must be a list of field names.' }).max(100).optional(),
});
export type ChartShowQuery = z.output<typeof ChartShowQuerySchema>;
