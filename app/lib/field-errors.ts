/**
 * The one shape of field errors, for the API and the forms alike: a field's path (dotted for a
 * nested field, `_schema` for the input as a whole) → its messages, as marshmallow words them
 * (`{"schedule_info.output_table": ["Not a valid string."]}`). A key the schema does not know is
 * `["Unknown field."]`, marshmallow's text. Isomorphic: page forms render the first message under
 * their input with the same function the API answers with.
 */
import type { z } from 'zod';

export type FieldErrors = Record<string, string[]>;

export const SCHEMA_FIELD = '_schema';
export const UNKNOWN_FIELD = 'Unknown field.';

/** Adds an own property: a key from the client may be `__proto__` or `constructor`, and stays a key. */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  const existing = Object.hasOwn(errors, field) ? errors[field] : [];
  Object.defineProperty(errors, field, { value: [...existing, message], enumerable: true, writable: true, configurable: true });
}

/** A zod failure as field errors. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const at = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) addFieldError(out, [...at, key].join('.'), UNKNOWN_FIELD);
    else addFieldError(out, at.length ? at.join('.') : SCHEMA_FIELD, issue.message);
  }
  return out;
}

/** One line naming every field and its messages: "page_size: Too big; name: Required". */
export function describeFieldErrors(errors: FieldErrors): string {
  return Object.entries(errors)
    .map(([field, messages]) => (field === SCHEMA_FIELD ? messages.join('; ') : `${field}: ${messages.join('; ')}`))
    .join('; ');
}

/** The first message of each field, for a form that shows one line under each input. */
export function firstMessages(errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) if (messages.length) out[field] = messages[0];
  return out;
}

/** A zod failure as one message per field: what a form re-renders under its inputs. */
export const formMessagesOf = (error: z.ZodError): Record<string, string> => firstMessages(fieldErrorsOf(error));
