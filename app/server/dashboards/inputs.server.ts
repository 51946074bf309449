/**
 * The inputs of the dashboard write endpoints, as Superset's schemas word their errors
 * (marshmallow's messages; unknown fields refused, as its RAISE does): DashboardPostSchema for
 * `POST /api/v1/dashboard/`, DashboardPutSchema for `PUT /api/v1/dashboard/{id}`,
 * DashboardCopySchema for `POST …/{id_or_slug}/copy/`, and the `{id_or_slug}` path segment. Only
 * the fields this store keeps are taken on create: a certification or an external URL would be
 * dropped, so they are an unknown field (400) rather than silently lost. The slug is cleaned as
 * Superset's pre_load cleans it. JSON text fields are checked to parse (400 'JSON not valid'),
 * and the layout and metadata to have the shapes layout.server.ts gives them.
 */
import { z } from 'zod';
import { JsonTextError, isJsonObject, parseJsonText } from '~/lib/safe-json';
import { MISSING, optionalText, positiveId } from '~/lib/schema-fields';
import { JsonMetadataSchema, LayoutSchema } from './layout.server';

const NOT_STRING = 'Not a valid string.';

/** Superset's slug pre_load: trimmed, spaces to dashes, then only word characters and dashes. */
export function cleanSlug(slug: string): string {
  return slug.trim().replace(/ /g, '-').replace(/[^\w-]+/g, '');
}

/** JSON text that must parse to `shape`'s kind of value (Superset's validate_json / validate_json_metadata). */
const jsonText = (objectOnly: boolean) =>
  z
    .string({ error: NOT_STRING })
    .max(10_000_000, 'Longer than maximum length 10000000.')
    .superRefine((text, ctx) => {
      if (text.trim() === '') return;
      try {
        const value = parseJsonText(text);
        if (objectOnly && !isJsonObject(value)) ctx.addIssue({ code: 'custom', message: 'JSON not valid' });
      } catch (error) {
        if (!(error instanceof JsonTextError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.problem === 'syntax' ? 'JSON not valid' : error.message });
      }
    })
    .nullish();

const ids = (what: string) => z.array(positiveId, { error: 'Not a valid list.' }).max(1000, `At most 1000 ${what}.`);

export const DashboardCreateSchema = z.strictObject({
  // Superset allows none (its model column is nullable); here the column is NOT NULL, so none is the untitled name.
  dashboard_title: z.string({ error: NOT_STRING }).max(500, 'Length must be between 0 and 500.').nullish(),
  slug: z
    .string({ error: NOT_STRING })
    .transform(cleanSlug)
    .pipe(z.string().min(1, 'Length must be between 1 and 255.').max(255, 'Length must be between 1 and 255.'))
    .nullish(),
  owners: ids('owners').optional(),
  roles: ids('roles').optional(),
  position_json: jsonText(false),
  css: z.string({ error: NOT_STRING }).max(1_000_000, 'Longer than maximum length 1000000.').nullish(),
  json_metadata: jsonText(true),
  published: z.boolean({ error: 'Not a valid boolean.' }).nullish(),
});
export type DashboardCreateInput = z.output<typeof DashboardCreateSchema>;

/**
 * JSON text whose value `shape` must accept: 'JSON not valid' when it does not parse, the shape's
 * own messages (at `field.key…`) when it does not fit. Kept as the text the client wrote, so a
 * later read compares equal (the save's overwrite check).
 */
const checkedJsonText = (shape: z.ZodType) =>
  z
    .string({ error: (i) => (i.input === undefined ? MISSING : NOT_STRING) })
    .max(10_000_000, 'Longer than maximum length 10000000.')
    .superRefine((text, ctx) => {
      let value: unknown;
      try {
        value = parseJsonText(text);
      } catch (error) {
        if (!(error instanceof JsonTextError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.problem === 'syntax' ? 'JSON not valid' : error.message });
        return;
      }
      const parsed = shape.safeParse(value);
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k]) : [issue.path];
        for (const path of keys) ctx.addIssue({ code: 'custom', path: path.map(String), message: issue.code === 'unrecognized_keys' ? 'Unknown field.' : issue.message });
      }
    });

/** Superset's DashboardPutSchema: every field optional, so a payload changes only what it names. */
export const DashboardUpdateSchema = z.strictObject({
  dashboard_title: z.string({ error: NOT_STRING }).max(500, 'Length must be between 0 and 500.').nullish(),
  // Empty (or nothing left once cleaned) clears the slug: the properties modal sends '' for none.
  slug: z.string({ error: NOT_STRING }).transform(cleanSlug).pipe(z.string().max(255, 'Length must be between 0 and 255.')).nullish(),
  owners: ids('owners').optional(),
  roles: ids('roles').optional(),
  position_json: checkedJsonText(LayoutSchema).nullish(),
  css: z.string({ error: NOT_STRING }).max(1_000_000, 'Longer than maximum length 1000000.').nullish(),
  json_metadata: checkedJsonText(JsonMetadataSchema).nullish(),
  published: z.boolean({ error: 'Not a valid boolean.' }).nullish(),
  certified_by: optionalText(1000),
  certification_details: optionalText(1_000_000),
  tags: ids('tags').optional(),
});
export type DashboardUpdateInput = z.output<typeof DashboardUpdateSchema>;

/** Superset's DashboardCopySchema: json_metadata is required (the save-as modal sends the layout in its `positions`). */
export const DashboardCopySchema = z.strictObject({
  dashboard_title: z.string({ error: NOT_STRING }).max(500, 'Length must be between 0 and 500.').nullish(),
  css: z.string({ error: NOT_STRING }).max(1_000_000, 'Longer than maximum length 1000000.').nullish(),
  duplicate_slices: z.boolean({ error: 'Not a valid boolean.' }).nullish(),
  json_metadata: checkedJsonText(JsonMetadataSchema),
});
export type DashboardCopyInput = z.output<typeof DashboardCopySchema>;

/** Superset's id_or_slug: digits name an id, anything else a slug. */
export type DashboardRef = { id: number } | { slug: string };

/** The largest id an INTEGER column holds (PostgreSQL refuses a bigger literal with an error). */
const MAX_ROW_ID = 2_147_483_647;

/** Superset's id_or_slug: digits are an id (one past any row's reads as no dashboard), anything else a slug. */
export function dashboardRefOf(value: string): DashboardRef | null {
  if (/^\d{1,16}$/.test(value)) {
    const id = Number(value);
    return { id: id >= 1 && id <= MAX_ROW_ID ? id : 0 };
  }
  return value && value.length <= 255 ? { slug: value } : null;
}

export const idOrSlugParam = z.string().optional().transform((value, ctx): DashboardRef => {
  const ref = value === undefined ? null : dashboardRefOf(value);
  if (ref) return ref;
  ctx.addIssue({ code: 'custom', message: `There is no dashboard ${JSON.stringify(value ?? '')}.` });
  return z.NEVER;
});
