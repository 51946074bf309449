/**
 * The web half the add and edit pages of row level security share: the posted form read into
 * the API's input (app/server/rls/schemas.server.ts) and saved, or its field errors with what
 * was typed, for the form to show again (400 for a malformed field, 422 for a taken name or a
 * missing role or dataset, as the API answers them).
 */
import { data } from '@remix-run/node';
import type { z } from 'zod';
import { fieldErrorsOf, firstMessages } from '~/lib/field-errors';
import { InputError } from '~/server/domain-errors.server';
import { rlsFormInput } from '~/server/rls/schemas.server';
import type { RlsFormValues } from './rls-form';

export type RlsFormFailure = { errors: Record<string, string>; values: RlsFormValues };

/** What the form showed, as it was posted: ids that are not numbers are dropped (no option carries them). */
function echo(input: Record<string, unknown>): RlsFormValues {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
  return {
    name: text(input.name), description: text(input.description), filter_type: text(input.filter_type) || 'Regular',
    tables: ids(input.tables), roles: ids(input.roles), group_key: text(input.group_key), clause: text(input.clause),
  };
}

/** Parses the form with `schema` and runs `save`; a refusal comes back as the form's errors. */
export async function saveRlsForm<S extends z.ZodType>(form: FormData, schema: S, save: (input: z.output<S>) => Promise<unknown>) {
  const input = rlsFormInput(form);
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { failure: data<RlsFormFailure>({ errors: firstMessages(fieldErrorsOf(parsed.error)), values: echo(input) }, { status: 400 }) };
  try {
    await save(parsed.data);
    return { failure: null };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const errors = error.fields ? firstMessages(error.fields) : { form: error.message };
    return { failure: data<RlsFormFailure>({ errors, values: echo(input) }, { status: error.status }) };
  }
}
