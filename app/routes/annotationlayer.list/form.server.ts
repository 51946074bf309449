/**
 * The web half the annotation layer and annotation pages share: a posted form read into the
 * API's input (app/server/annotations/schemas.server.ts) and saved, or its field errors with what
 * was typed, for the form to show again (400 for a malformed field, 422 for a taken name, a
 * repeated short description or an end before the start, as the API answers them).
 */
import { data } from '@remix-run/node';
import type { z } from 'zod';
import { fieldErrorsOf, firstMessages } from '~/lib/field-errors';
import { InputError } from '~/server/domain-errors.server';

/** Which form failed (its intent and, when editing, the object's id), its errors and its values. */
export type FormFailure = { intent: string; id: number | null; errors: Record<string, string>; values: Record<string, string> };

/** The posted fields as text, for the form to show again. */
export function postedValues(form: FormData, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => {
    const v = form.get(k);
    return [k, typeof v === 'string' ? v : ''];
  }));
}

/** Parses `input` with `schema` and runs `save`; a refusal comes back as the form's errors. */
export async function saveForm<S extends z.ZodType>(
  failure: Omit<FormFailure, 'errors'>,
  input: Record<string, unknown>,
  schema: S,
  save: (parsed: z.output<S>) => Promise<unknown>,
): Promise<ReturnType<typeof data<FormFailure>> | null> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return data<FormFailure>({ ...failure, errors: firstMessages(fieldErrorsOf(parsed.error)) }, { status: 400 });
  try {
    await save(parsed.data);
    return null;
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const errors = error.fields ? firstMessages(error.fields) : { form: error.message };
    return data<FormFailure>({ ...failure, errors }, { status: error.status });
  }
}

/** A path or form id: a positive integer, else null. */
export function positiveInt(raw: unknown): number | null {
  return typeof raw === 'string' && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}
