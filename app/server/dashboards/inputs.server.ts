/**
 * The input of `POST /api/v1/dashboard/`, as Superset's DashboardPostSchema words its errors
 * (marshmallow's messages; unknown fields refused, as its RAISE does). Only the fields this store
 * keeps are taken: a certification or an external URL would be dropped, so they are an unknown
 * field (400) rather than silently lost. The slug is cleaned as Superset's pre_load cleans it.
 */
import { z } from 'zod';
import { JsonTextError, isJsonObject, parseJsonText } from '~/lib/safe-json';
import { positiveId } from '~/lib/schema-fields';

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
