/**
 * Control validators with Superset's messages (spec explore.md section 5): each returns the
 * message to show, or false when the value is fine.
 */
import type { Validator } from '../types';

/** Fails for null, undefined, '' and [] ('cannot be empty'): entity, metrics, metric, x-axis. */
export const validateNonEmpty: Validator = (value) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0) ? 'cannot be empty' : false;

/** An empty value passes; otherwise it must be an integer (row limit, series limit). */
export const legacyValidateInteger: Validator = (value) => {
  if (!value) return false;
  const n = Number(value);
  return Number.isNaN(n) || parseInt(String(value), 10) !== n ? 'is expected to be an integer' : false;
};

/** An empty value passes; otherwise it must be a number. */
export const legacyValidateNumber: Validator = (value) => (value && Number.isNaN(Number(value)) ? 'is expected to be a number' : false);

/** A required integer (the strict check: an empty value fails). */
export const validateInteger: Validator = (value) =>
  (typeof value === 'string' && value.trim().length > 0 && Number.isInteger(Number(value.trim()))) || (typeof value === 'number' && Number.isInteger(value))
    ? false
    : 'is expected to be an integer';

/** A required finite number (the strict check: an empty value fails). */
export const validateNumber: Validator = (value) =>
  (typeof value === 'string' && value.trim().length > 0 && Number.isFinite(Number(value.trim()))) || (typeof value === 'number' && Number.isFinite(value))
    ? false
    : 'is expected to be a number';

/** At most `max` ('Value cannot exceed 100000'). */
export const validateMaxValue =
  (max: number): Validator =>
  (value) =>
    Number(value) > max ? `Value cannot exceed ${max}` : false;

/** Runs validators in order and gathers their messages (a control shows them all). */
export function runValidators(validators: Validator[] | undefined, value: unknown, context: Parameters<Validator>[1]): string[] {
  const errors: string[] = [];
  for (const validate of validators ?? []) {
    const message = validate(value, context);
    if (message) errors.push(message);
  }
  return errors;
}
