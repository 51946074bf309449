/**
 * The web half of the database form pages (/databaseview/add here, /databaseview/<id>/edit and
 * the list's delete import it): what the form shows, and the one action with the intents `save`,
 * `test-connection`, `save-anyway` and `delete`. Saving tests the connection first: a database
 * that cannot connect is not saved until the user confirms (`save-anyway`, the form's second
 * submit). The form posts the same settings the API takes
 * (app/lib/database-form.ts) and they are parsed with the API's schemas, so both go through one
 * set of domain functions and checks. Without JavaScript every answer is a page: errors and
 * notices re-render the form with what was typed, except a newly typed password, which is never
 * sent back.
 */
import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import {
  databaseFormInput, formErrorsOf, formParameters, formValuesFromForm, NEW_DATABASE_VALUES, parameterFields,
  type ConnectWith, type DatabaseFormPage, type DatabaseFormResult, type DatabaseFormValues, type EngineOption,
} from '~/lib/database-form';
import { databaseCreateSchema, databaseUpdateSchema, TestConnectionSchema } from '~/lib/database-settings';
import { fieldErrorsOf, type FieldErrors } from '~/lib/field-errors';
import { successToast, type Toast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { idParam, parseFields, parseParams } from '~/server/api/inputs.server';
import { requireUserWith, type CurrentUser } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { availableEngines, engineCatalog } from '~/server/databases/available.server';
import { resolveConnection } from '~/server/databases/connection.server';
import { getDatabase } from '~/server/databases/records.server';
import { createDatabase, deleteDatabase, updateDatabase } from '~/server/databases/save-database.server';
import { testConnection } from '~/server/databases/test-connection.server';
import { InputError, InvalidInputError, UnprocessableError } from '~/server/domain-errors.server';
import { EngineError } from '~/server/engines/errors.server';
import { PASSWORD_MASK } from '~/server/engines/uri.server';

export const CONNECTION_LOOKS_GOOD = 'Connection looks good!';
export const LIST_PATH = '/databaseview/list/';

const catalog = engineCatalog();
const CreateSchema = databaseCreateSchema(catalog);
const UpdateSchema = databaseUpdateSchema(catalog);
const IdParams = z.object({ id: idParam('database') });

/** A database id from the URL or a form field; anything else is the 404 of a missing database. */
export const databaseIdOf = (raw: string | undefined) => parseParams(IdParams, { id: raw }).id;

export function engineOptions(): EngineOption[] {
  return availableEngines().map((e) => ({ engine: e.engine, name: e.name, placeholder: e.sqlalchemy_uri_placeholder, fields: parameterFields(e.parameters) }));
}

/** The URL's choice of engine and way to connect (?engine=&method=), or `fallback`. */
export function choice(url: URL, engines: EngineOption[], fallback: string | null): { engine: string | null; connectWith: ConnectWith | null } {
  const asked = url.searchParams.get('engine');
  const engine = engines.find((e) => e.engine === asked)?.engine ?? fallback;
  const method = url.searchParams.get('method');
  return { engine, connectWith: method === 'uri' || method === 'parameters' ? method : null };
}

export function withDefaults(values: DatabaseFormValues, engine: EngineOption | undefined): DatabaseFormValues {
  const defaults = Object.fromEntries((engine?.fields ?? []).filter((f) => f.defaultValue !== '').map((f) => [f.name, f.defaultValue]));
  return { ...values, parameters: { ...defaults, ...values.parameters } };
}

export async function loadAddPage(request: Request): Promise<DatabaseFormPage> {
  await requireUserWith(request, 'can_write', 'Database');
  const engines = engineOptions();
  const { engine, connectWith } = choice(new URL(request.url), engines, null);
  const values = withDefaults(NEW_DATABASE_VALUES, engines.find((e) => e.engine === engine));
  return { engines, engine, connectWith: connectWith ?? 'parameters', values, database: null };
}

async function flash(request: Request, toast: Toast) {
  return { headers: { 'Set-Cookie': await flashToasts(request, [toast]) } };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The field errors a domain function threw about the input, or null for any other error. */
function fieldsOf(error: unknown): FieldErrors | null {
  return error instanceof InputError && error.fields ? error.fields : null;
}

/**
 * While the form's own fields are wrong (a number, a JSON text), the name and the connection are
 * checked too, so one answer shows every problem instead of one round trip per section.
 */
async function otherErrors(form: FormData, connectWith: ConnectWith, engine: string | null, id: number | null): Promise<Record<string, string>> {
  const name = UpdateSchema.safeParse({ database_name: text(form, 'database_name') });
  const errors = name.success ? {} : formErrorsOf(fieldErrorsOf(name.error));
  const connection =
    connectWith === 'parameters'
      ? { engine, configuration_method: 'dynamic_form' as const, parameters: formParameters(form) }
      : { sqlalchemy_uri: text(form, 'sqlalchemy_uri') };
  try {
    resolveConnection(connection, id === null ? null : await getDatabase(id));
  } catch (error) {
    const fields = fieldsOf(error);
    if (fields) return { ...errors, ...formErrorsOf(fields) };
    if (!(error instanceof EngineError)) throw error;
  }
  return errors;
}

/** The one action of the add and edit pages (and, for `delete`, of the list page). */
export async function databaseFormAction(request: Request, idParamValue: string | undefined) {
  const user = await requireUserWith(request, 'can_write', 'Database');
  return pageResult(async () => {
    const id = idParamValue === undefined ? null : databaseIdOf(idParamValue);
    const form = await readForm(request);
    const intent = text(form, 'intent');
    const engine = text(form, 'engine') || null;
    const connectWith: ConnectWith = text(form, 'connect_with') === 'uri' ? 'uri' : 'parameters';
    const { passwordDropped, ...values } = formValuesFromForm(form, PASSWORD_MASK);
    const answer = (status: number, result: Omit<DatabaseFormResult, 'intent' | 'values' | 'passwordDropped'>) =>
      data<DatabaseFormResult>({ intent, values, passwordDropped, ...result }, { status });

    switch (intent) {
      case 'save':
      case 'save-anyway': {
        const parsed = databaseFormInput(form, connectWith, engine);
        if (!parsed.ok) return answer(400, { errors: { ...(await otherErrors(form, connectWith, engine, id)), ...parsed.errors } });
        if (intent === 'save') {
          // Answered as a save (intent "save") with a failed notice: the form then asks to confirm.
          const failure = await connectionFailure(user, parsed.input, id);
          if (failure) return answer(failure.fields ? 400 : 422, { errors: failure.fields ?? {}, notice: { ok: false, text: failure.text } });
        }
        try {
          const record =
            id === null ? await createDatabase(user, parseFields(CreateSchema, parsed.input)) : await updateDatabase(user, id, parseFields(UpdateSchema, parsed.input));
          return redirect(LIST_PATH, await flash(request, successToast(`Database "${record.database_name}" was saved.`)));
        } catch (error) {
          const fields = fieldsOf(error);
          if (fields) return answer(400, { errors: formErrorsOf(fields) });
          throw error;
        }
      }
      case 'test-connection': {
        const parsed = databaseFormInput(form, connectWith, engine);
        const input = parsed.ok ? parsed.input : { database_name: text(form, 'database_name') };
        const connection = { engine: input.engine, configuration_method: input.configuration_method, sqlalchemy_uri: input.sqlalchemy_uri, parameters: input.parameters };
        try {
          await testConnection(user, parseFields(TestConnectionSchema, connection), { existingId: id ?? undefined });
          return answer(200, { errors: {}, notice: { ok: true, text: CONNECTION_LOOKS_GOOD } });
        } catch (error) {
          const fields = fieldsOf(error);
          if (fields) {
            const errors = formErrorsOf(fields);
            return answer(400, { errors, notice: { ok: false, text: `ERROR: ${Object.values(errors)[0] ?? (error as Error).message}` } });
          }
          if (error instanceof EngineError) return answer(422, { errors: {}, notice: { ok: false, text: `ERROR: ${error.message}` } });
          throw error;
        }
      }
      case 'delete': {
        if (id === null) throw new InvalidInputError('Say which database to delete.');
        return deleteAndRedirect(request, user, id, (message) => answer(422, { errors: {}, notice: { ok: false, text: message } }));
      }
      default:
        throw new InvalidInputError(`Unknown intent: ${intent}`);
    }
  });
}

type ConnectionInput = { engine?: string | null; configuration_method?: string; sqlalchemy_uri?: string; parameters?: unknown };

/** Why the form's connection does not connect (the engine's message), or null when it does. */
async function connectionFailure(user: CurrentUser, input: ConnectionInput, id: number | null): Promise<{ text: string; fields?: Record<string, string> } | null> {
  const connection = { engine: input.engine, configuration_method: input.configuration_method, sqlalchemy_uri: input.sqlalchemy_uri, parameters: input.parameters };
  try {
    await testConnection(user, parseFields(TestConnectionSchema, connection), { existingId: id ?? undefined });
    return null;
  } catch (error) {
    const fields = fieldsOf(error);
    if (fields) {
      const errors = formErrorsOf(fields);
      return { text: `ERROR: ${Object.values(errors)[0] ?? (error as Error).message}`, fields: errors };
    }
    if (error instanceof EngineError) return { text: `ERROR: ${error.message}` };
    throw error;
  }
}

/** Deletes and goes back to the list with a notice; a refusal (datasets still use it) is `refused`'s answer. */
export async function deleteAndRedirect<R>(request: Request, user: CurrentUser, id: number, refused: (message: string) => R) {
  try {
    const deleted = await deleteDatabase(user, id);
    return redirect(LIST_PATH, await flash(request, successToast(`Deleted: ${deleted.database_name}`)));
  } catch (error) {
    if (error instanceof UnprocessableError && !error.fields) return refused(error.message);
    throw error;
  }
}
