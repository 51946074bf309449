/**
 * What annotation layers and annotations take on create and update, as Superset's
 * AnnotationLayerPostSchema / PutSchema and AnnotationPostSchema / PutSchema word it
 * (marshmallow's messages), and the page forms' fields read into the same shapes. Only the shape
 * is checked here; a taken name, a repeated short description and an end before the start are
 * the domain's (layers.server.ts, annotations.server.ts), answered as 422.
 */
import { z } from 'zod';
import { MISSING, positiveId } from '~/lib/schema-fields';
import { JsonTextError, parseJsonText } from '~/lib/safe-json';

const text = (max?: number) => {
  const base = z.string({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid string.') });
  return max === undefined ? base : base.max(max, `Longer than maximum length ${max}.`);
};
/** marshmallow's Length(1, max) on a string. */
const sized = (max: number) => text().min(1, `Length must be between 1 and ${max}.`).max(max, `Length must be between 1 and ${max}.`);

/**
 * marshmallow's ISO DateTime: a date and a time (`T` or a space between), seconds and fraction
 * optional, `Z` or an offset optional. Without a zone the time is UTC, as the store keeps it.
 */
const ISO_DATETIME = /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,6})\d{0,6})?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

export function parseIsoDateTime(value: string): Date | null {
  const m = ISO_DATETIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0', frac = '', zone] = m;
  const parts = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s)];
  const ms = Number(frac.padEnd(3, '0').slice(0, 3) || '0');
  const utc = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5], ms);
  const check = new Date(utc);
  // Date.UTC rolls 2020-02-31 over to March: a day or time out of range is not a date.
  if (check.getUTCFullYear() !== parts[0] || check.getUTCMonth() !== parts[1] - 1 || check.getUTCDate() !== parts[2] || parts[3] > 23 || parts[4] > 59 || parts[5] > 59) return null;
  let offsetMinutes = 0;
  if (zone && zone !== 'Z') {
    const digits = zone.replace(':', '');
    const sign = digits[0] === '-' ? -1 : 1;
    offsetMinutes = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || '0'));
  }
  return new Date(utc - offsetMinutes * 60_000);
}

const dateTime = z
  .string({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid datetime.') })
  .transform((value, ctx) => {
    const date = parseIsoDateTime(value);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'Not a valid datetime.' });
      return z.NEVER;
    }
    return date;
  });

/** Superset's validate_json: any JSON text (empty text passes), kept as sent. */
const jsonText = z
  .string({ error: 'Not a valid string.' })
  .max(65_535, 'Longer than maximum length 65535.')
  .refine((value) => {
    if (value.trim() === '') return true;
    try {
      parseJsonText(value);
      return true;
    } catch (error) {
      if (error instanceof JsonTextError) return false;
      throw error;
    }
  }, 'JSON not valid')
  .nullish();

export const LayerCreateSchema = z.strictObject({ name: sized(250), descr: text(65_535).nullish() });
export type LayerCreate = z.output<typeof LayerCreateSchema>;

export const LayerUpdateSchema = z.strictObject({ name: sized(250).optional(), descr: text(65_535).nullish() });
export type LayerUpdate = z.output<typeof LayerUpdateSchema>;

export const AnnotationCreateSchema = z.strictObject({
  short_descr: sized(500),
  long_descr: text(65_535).nullish(),
  start_dttm: dateTime,
  end_dttm: dateTime,
  json_metadata: jsonText,
});
export type AnnotationCreate = z.output<typeof AnnotationCreateSchema>;

export const AnnotationUpdateSchema = z.strictObject({
  short_descr: sized(500).optional(),
  long_descr: text(65_535).nullish(),
  start_dttm: dateTime.optional(),
  end_dttm: dateTime.optional(),
  json_metadata: jsonText,
});
export type AnnotationUpdate = z.output<typeof AnnotationUpdateSchema>;

/** `DELETE …/?q=!(1,2)`. */
export const BulkDeleteSchema = z.array(positiveId).min(1, 'Give at least one id.').max(1000, 'At most 1000 ids at once.');

/** A form's text field, undefined when absent (so the schema says it is missing). */
function field(form: FormData, key: string): string | undefined {
  const value = form.get(key);
  return typeof value === 'string' ? value : undefined;
}

/** The layer form as the create schema's input: a blank description is null. */
export function layerFormInput(form: FormData): Record<string, unknown> {
  const descr = field(form, 'descr');
  return { name: field(form, 'name')?.trim(), descr: descr?.trim() ? descr : null };
}

/**
 * The annotation form as the create schema's input. `datetime-local` inputs post
 * `2024-01-31T09:30`, which the schema reads as UTC; blank optional texts are null.
 */
export function annotationFormInput(form: FormData): Record<string, unknown> {
  const optional = (key: string) => {
    const value = field(form, key);
    return value?.trim() ? value : null;
  };
  return {
    short_descr: field(form, 'short_descr')?.trim(),
    long_descr: optional('long_descr'),
    start_dttm: field(form, 'start_dttm') || undefined,
    end_dttm: field(form, 'end_dttm') || undefined,
    json_metadata: optional('json_metadata'),
  };
}
