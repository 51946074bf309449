/**
 * `databases.extra`, the JSON text column of a database's optional settings: the one schema of
 * what may be written there (DatabaseExtraSchema, which the API and the form check a new value
 * with) and the one way to read what is stored (readDatabaseExtra). Stored rows may predate the
 * checks or be written by hand, so reading is lenient key by key: a value that does not pass its
 * key's schema reads as absent, an unknown key is dropped, text that is not a JSON object is {}.
 */
import { z } from 'zod';
import { isJsonObject } from '../safe-json';
import { lenient, readStoredJson } from './read-stored';

const seconds = (what: string) =>
  z
    .int(`${what} must be a whole number of seconds.`)
    .min(0, `${what} cannot be negative.`)
    .max(10 * 365 * 24 * 3600, `${what} is longer than ten years.`);

export const MetadataCacheTimeoutSchema = z.strictObject({
  schema_cache_timeout: seconds('The schema cache timeout').nullish(),
  table_cache_timeout: seconds('The table cache timeout').nullish(),
});

const JsonObjectSchema = z.record(z.string(), z.unknown());

const EXTRA_SHAPE = {
  metadata_cache_timeout: MetadataCacheTimeoutSchema.optional(),
  schemas_allowed_for_file_upload: z.array(z.string().trim().min(1, 'A schema name cannot be empty.')).optional(),
  cost_estimate_enabled: z.boolean().optional(),
  allows_virtual_table_explore: z.boolean().optional(),
  disable_data_preview: z.boolean().optional(),
  disable_drill_to_detail: z.boolean().optional(),
  cancel_query_on_windows_unload: z.boolean().optional(),
  engine_params: JsonObjectSchema.optional(),
  metadata_params: JsonObjectSchema.optional(),
  version: z.string().nullish(),
};
type ExtraKey = keyof typeof EXTRA_SHAPE;
export const EXTRA_KEYS = Object.keys(EXTRA_SHAPE) as ExtraKey[];

export type DatabaseExtra = z.infer<z.ZodObject<typeof EXTRA_SHAPE>>;

const unknownKeysOf = (value: unknown) => (isJsonObject(value) ? Object.keys(value).filter((k) => !Object.hasOwn(EXTRA_SHAPE, k)) : []);

/**
 * A new `extra`: known keys with valid values. An unknown key (a typo such as
 * `schema_cache_timout`) is refused with the list of known keys rather than stored and ignored;
 * the refusal is one message about `extra` as a whole, checked alongside the values' own errors.
 */
export const DatabaseExtraSchema = z
  .looseObject(EXTRA_SHAPE)
  .refine((value) => unknownKeysOf(value).length === 0, {
    when: (payload) => isJsonObject(payload.value),
    error: (issue) => {
      const keys = unknownKeysOf(issue.input);
      return `Unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')} in extra. Known keys: ${EXTRA_KEYS.join(', ')}.`;
    },
  })
  // Past the refinement no other key is left: the value is the known keys alone.
  .transform((value): DatabaseExtra => value);

/**
 * What is stored, read leniently key by key (read-stored.ts). Unlike the loose readers beside it,
 * keys this schema does not know are dropped: every write replaces the whole text with a value
 * DatabaseExtraSchema passed, so no reader needs to keep them for the writer. Built from the
 * writable shape, so the two never list different keys.
 */
const StoredDatabaseExtraSchema = z.object(
  Object.fromEntries(EXTRA_KEYS.map((key) => [key, lenient(EXTRA_SHAPE[key])])),
) as unknown as z.ZodType<DatabaseExtra>;

/** The stored text as settings: each known key whose value is valid, nothing else. */
export function readDatabaseExtra(text: string | null | undefined): DatabaseExtra {
  return readStoredJson(text, StoredDatabaseExtraSchema, () => ({}));
}

/** How long schema and table lists are cached: unset or 0 means not cached (see docs/databases.md). */
export function metadataCacheTimeouts(extra: DatabaseExtra): { schemas: number; tables: number } {
  const timeouts = extra.metadata_cache_timeout ?? {};
  return { schemas: timeouts.schema_cache_timeout ?? 0, tables: timeouts.table_cache_timeout ?? 0 };
}

