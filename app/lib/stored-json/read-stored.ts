/**
 * How the readers of this folder read a JSON text column: parsed the one safe way (safe-json.ts:
 * nesting and NUL bounded), then checked by the column's schema. Stored values may predate a
 * check, come from Superset's imports or be written by hand, and a page must still open: text
 * that is not JSON, or not of the column's shape, reads as the column's empty value, never an
 * error. Schemas are lenient key by key (`lenient`), so one odd key does not empty the rest, and
 * loose, so keys we do not know yet are kept for whoever writes the value back.
 */
import { z } from 'zod';
import { isJsonObject, parseJsonText } from '../safe-json';

/** The schema, optional, with a value that does not pass reading as absent. */
export const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** A list whose items that do not pass `item` are left out; a value that is not a list reads as []. */
export const lenientList = <T extends z.ZodType>(item: T) =>
  z.array(z.unknown()).catch([]).transform((items) => items.flatMap((value) => {
    const parsed = item.safeParse(value);
    return parsed.success ? [parsed.data as z.output<T>] : [];
  }));

/** A record whose entries that do not pass `value` are left out. */
export const lenientRecord = <T extends z.ZodType>(value: T) =>
  z.unknown().transform((raw) => {
    const out: Record<string, z.output<T>> = {};
    if (!isJsonObject(raw)) return out;
    for (const [key, entry] of Object.entries(raw)) {
      const parsed = value.safeParse(entry);
      // An own property: a stored key may be `__proto__`.
      if (parsed.success) Object.defineProperty(out, key, { value: parsed.data, enumerable: true, writable: true, configurable: true });
    }
    return out;
  });

/** The stored text as the schema reads it; `empty` when it is empty, not JSON, or not of the shape. */
export function readStoredJson<T>(text: string | null | undefined, schema: z.ZodType<T>, empty: () => T): T {
  if (!text || !text.trim()) return empty();
  let value: unknown;
  try {
    value = parseJsonText(text);
  } catch {
    return empty();
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : empty();
}
