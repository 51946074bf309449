/**
 * What a row-level security filter's create and update take, as Superset's RLSPostSchema and
 * RLSPutSchema word it (marshmallow's messages), and the page form's fields read into the same
 * shape. Only the shape is checked here; that the roles and datasets exist and the name is free
 * is the domain's (filters.server.ts), answered as 422.
 */
import { z } from 'zod';
import { MISSING, optionalText, positiveId, requiredText } from '~/lib/schema-fields';

export const FILTER_TYPES = ['Regular', 'Base'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

const name = requiredText(255).refine((v) => v.trim().length > 0, 'Shorter than minimum length 1.');
const filterType = z.enum(FILTER_TYPES, { error: (i) => (i.input === undefined ? MISSING : 'Must be one of: Regular, Base.') });
const ids = z.array(positiveId, { error: (i) => (i.input === undefined ? MISSING : 'Not a valid list.') }).max(1000, 'At most 1000 ids.');
const clause = requiredText(65_535).refine((v) => v.trim().length > 0, 'The clause cannot be empty.');

/** `POST /api/v1/rowlevelsecurity/`: tables needs at least one dataset, roles may be empty (a Base filter for everyone). */
export const RlsCreateSchema = z.strictObject({
  name,
  description: optionalText(65_535),
  filter_type: filterType,
  tables: ids.min(1, 'Shorter than minimum length 1.'),
  roles: ids,
  group_key: optionalText(255),
  clause,
});
export type RlsCreate = z.output<typeof RlsCreateSchema>;

/** `PUT /api/v1/rowlevelsecurity/{id}`: any of the fields; those absent stay as they are. */
export const RlsUpdateSchema = z.strictObject({
  name: name.optional(),
  description: optionalText(65_535),
  filter_type: filterType.optional(),
  tables: ids.optional(),
  roles: ids.optional(),
  group_key: optionalText(255),
  clause: clause.optional(),
});
export type RlsUpdate = z.output<typeof RlsUpdateSchema>;

/** `DELETE /api/v1/rowlevelsecurity/?q=!(1,2)`. */
export const RlsBulkDeleteSchema = z.array(positiveId).min(1, 'Give at least one id.').max(1000, 'At most 1000 ids at once.');

/**
 * The page form's fields as the create schema's input: text as posted, ids from repeated
 * fields; blank optional texts are null. Anything that is not an id is left for the schema to refuse.
 */
export function rlsFormInput(form: FormData): Record<string, unknown> {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === 'string' ? value : undefined;
  };
  const optional = (key: string) => {
    const value = text(key)?.trim();
    return value ? value : null;
  };
  const idList = (key: string) => form.getAll(key).map((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v));
  return {
    name: text('name')?.trim(),
    description: optional('description'),
    filter_type: text('filter_type'),
    tables: idList('tables'),
    roles: idList('roles'),
    group_key: optional('group_key'),
    clause: text('clause'),
  };
}
