/**
 * A dashboard's JSON metadata as its properties editor checks it, in the browser and on the server
 * alike: the text must parse to an object, and each key dashboards.md section 3 names must have its
 * type (Superset's DashboardJSONMetadataSchema; messages worded as marshmallow words them, as the
 * PUT endpoint answers). `positions` (the layout Superset's save carries in the metadata) is only
 * checked to be an object here: the server's layout schema (app/server/dashboards/layout.server.ts)
 * checks its components, and may build its own schema as
 * `JsonMetadataKeysSchema.extend({ positions: LayoutSchema.nullish() })`.
 */
import { z } from 'zod';
import { fieldErrorsOf } from '~/lib/field-errors';
import { isJsonObject, JsonTextError, parseJsonText } from '~/lib/safe-json';

export const JSON_METADATA_INVALID = 'JSON metadata is invalid!';

const NOT_STRING = 'Not a valid string.';
const NOT_BOOLEAN = 'Not a valid boolean.';
const NOT_INTEGER = 'Not a valid integer.';
const NOT_LIST = 'Not a valid list.';
const NOT_MAPPING = 'Not a valid mapping type.';
const NOT_NEGATIVE = 'Must be greater than or equal to 0.';

const text = z.string({ error: NOT_STRING });
const mapping = z.record(z.string(), z.unknown(), { error: NOT_MAPPING });
const integer = z.number({ error: NOT_INTEGER }).int(NOT_INTEGER);

/** Every key the metadata may hold, with its type; any other key is refused ('Unknown field.'). */
export const JsonMetadataKeysSchema = z.strictObject({
  color_namespace: text.nullish(),
  color_scheme: text.nullish(),
  color_scheme_domain: z.array(text, { error: NOT_LIST }).nullish(),
  expanded_slices: mapping.nullish(),
  label_colors: mapping.nullish(),
  // A list of labels in Superset 4+, a label → colour mapping before.
  shared_label_colors: z.union([z.array(text), mapping], { error: 'Not a valid list or mapping.' }).nullish(),
  map_label_colors: mapping.nullish(),
  refresh_frequency: integer.min(0, NOT_NEGATIVE).nullish(),
  timed_refresh_immune_slices: z.array(integer, { error: NOT_LIST }).nullish(),
  cross_filters_enabled: z.boolean({ error: NOT_BOOLEAN }).nullish(),
  default_filters: text.nullish(),
  filter_scopes: mapping.nullish(),
  chart_configuration: mapping.nullish(),
  global_chart_configuration: mapping.nullish(),
  native_filter_configuration: z.array(mapping, { error: NOT_LIST }).nullish(),
  stagger_time: integer.min(0, NOT_NEGATIVE).nullish(),
  stagger_refresh: z.boolean({ error: NOT_BOOLEAN }).nullish(),
  filter_bar_orientation: z.enum(['VERTICAL', 'HORIZONTAL'], { error: 'Must be one of: VERTICAL, HORIZONTAL.' }).nullish(),
  positions: mapping.nullish(),
  show_native_filters: z.boolean({ error: NOT_BOOLEAN }).nullish(),
  // This product's own keys (decision 012): the bar applies each change at once; options per filter.
  native_filters_instant: z.boolean({ error: NOT_BOOLEAN }).nullish(),
  native_filter_row_limit: integer.min(1, 'Must be greater than or equal to 1.').nullish(),
  native_filter_migration: mapping.nullish(),
  import_time: integer.nullish(),
  remote_id: integer.nullish(),
}, { error: 'Must be a JSON object.' });

export type JsonMetadataCheck =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; errors: string[] };

/** The metadata text parsed, when it is a JSON object; null otherwise (not JSON, too deep, a list). */
export function parseJsonMetadata(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value = parseJsonText(text);
    return isJsonObject(value) ? value : null;
  } catch (error) {
    if (error instanceof JsonTextError) return null;
    throw error;
  }
}

/**
 * The editor's check on Apply: empty text is no metadata ({}); text that is not a JSON object is
 * JSON_METADATA_INVALID; a known key of the wrong type or an unknown key is one line each,
 * "key: message" (nested paths dotted).
 */
export function checkJsonMetadata(text: string): JsonMetadataCheck {
  const value = parseJsonMetadata(text);
  if (!value) return { ok: false, errors: [JSON_METADATA_INVALID] };
  const parsed = JsonMetadataKeysSchema.safeParse(value);
  if (parsed.success) return { ok: true, value };
  const errors = Object.entries(fieldErrorsOf(parsed.error)).map(([path, messages]) => `${path}: ${messages.join(' ')}`);
  return { ok: false, errors };
}

/** The colour scheme the metadata text names, '' when none (or when the text does not parse). */
export function colorSchemeOf(text: string): string {
  const value = parseJsonMetadata(text);
  return value && typeof value.color_scheme === 'string' ? value.color_scheme : '';
}

/**
 * The metadata text with `color_scheme` set to `scheme` ('' removes it), pretty-printed; null when
 * the text is not a JSON object (the caller keeps the user's text as it is).
 */
export function withColorScheme(text: string, scheme: string): string | null {
  const value = parseJsonMetadata(text);
  if (!value) return null;
  const { color_scheme: _previous, ...rest } = value;
  const next = scheme ? { ...value, color_scheme: scheme } : rest;
  return JSON.stringify(next, null, 2);
}
