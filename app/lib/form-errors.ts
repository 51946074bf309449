import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** A zod failure as one message per field, the shape forms re-render under their inputs. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
