/**
 * Field types the input schemas share, worded as marshmallow words its errors (Superset's
 * clients and tests read these texts). Isomorphic: forms and the API validate with the same ones.
 */
import { z } from 'zod';
import { isJsonObject, JsonTextError, parseJsonText } from './safe-json';

export const MISSING = 'Missing data for required field.';

export const requiredText = (max: number) =>
  z.string({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid string.') }).max(max, `Longer than maximum length ${max}.`);

export const optionalText = (max: number) => z.string({ error: 'Not a valid string.' }).max(max, `Longer than maximum length ${max}.`).nullish();

export const positiveId = z
  .number({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid integer.') })
  .int('Not a valid integer.')
  .positive('Must be a positive id.');

/** An id as the legacy views get it: a number, or its text from a form. */
export const idLike = z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v), positiveId);

/** A JSON object given as text (stored as is) or as an object (stored as its JSON); empty text or null is null. */
export const jsonObjectText = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: 'Must be a JSON object or its JSON text.' })
  .nullish()
  .transform((value, ctx): string | null | undefined => {
    if (value === undefined || value === null) return value;
    if (typeof value !== 'string') return JSON.stringify(value);
    if (value.trim() === '') return null;
    try {
      if (isJsonObject(parseJsonText(value))) return value;
    } catch (error) {
      if (!(error instanceof JsonTextError)) throw error;
      if (error.problem !== 'syntax') {
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }
    ctx.addIssue({ code: 'custom', message: 'Not a valid JSON object.' });
    return z.NEVER;
  });

/**
 * A required JSON object, given as the object or as its JSON text (the legacy views' clients
 * send the text). `notJson` is the message for text that is not JSON at all.
 */
export const jsonObjectValue = (notJson = 'Must be a JSON object.') =>
  z.unknown().transform((value, ctx): Record<string, unknown> => {
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: MISSING });
      return z.NEVER;
    }
    let decoded: unknown = value;
    if (typeof value === 'string') {
      try {
        decoded = parseJsonText(value);
      } catch (error) {
        if (!(error instanceof JsonTextError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.problem === 'syntax' ? notJson : error.message });
        return z.NEVER;
      }
    }
    if (!isJsonObject(decoded)) {
      ctx.addIssue({ code: 'custom', message: 'Must be a JSON object.' });
      return z.NEVER;
    }
    return decoded;
  });

/** Drops the keys whose value is undefined (what zod leaves for absent optional fields). */
export function definedOnly<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
