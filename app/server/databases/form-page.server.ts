/**
 * The server half of the database pages (/databaseview/add, /databaseview/<id>/edit and the
 * list's delete): loaders build what the form shows, the action handles the intents `save`,
 * `test-connection` and `delete`. The form posts the same settings the API takes
 * (app/lib/database-form.ts), so both go through one set of domain functions and checks.
 * Without JavaScript every answer is a page: errors and notices re-render the form with what
 * was typed, except a newly typed password, which is never sent back.
 */
import { data, redirect } from '@remix-run/node';
import { databaseUpdateSchema } from '~/lib/database-settings';
import {
  databaseFormInput, formErrorsOf, formParameters, formValuesFromDetail, formValuesFromForm, NEW_DATABASE_VALUES, parameterFields,
  type ConnectWith, type DatabaseFormPage, type DatabaseFormResult, type DatabaseFormValues, type EngineOption,
} from '~/lib/database-form';
import { successToast, type Toast } from '~/lib/toasts';
import { readForm } from '../api/body.server';
import { requireUserWith, type CurrentUser } from '../auth/current-user.server';
import { flashToasts } from '../auth/session.server';
import { EngineError } from '../engines/errors.server';
import { PASSWORD_MASK } from '../engines/uri.server';
import { badRequest } from '../http.server';
import { availableEngines, engineCatalog } from './available.server';
import { resolveConnection } from './connection.server';
import { DatabaseInputError, databaseId, getDatabase } from './records.server';
import { createDatabase, DatabaseRefusedError, deleteDatabase, fieldMessages, updateDatabase } from './save-database.server';
import { serializeDatabaseForEditor } from './serialize.server';
import { testConnection } from './test-connection.server';

export const CONNECTION_LOOKS_GOOD = 'Connection looks good!';
export const LIST_PATH = '/databaseview/list/';

function engineOptions(): EngineOption[] {
  return availableEngines().map((e) => ({ engine: e.engine, name: e.name, placeholder: e.sqlalchemy_uri_placeholder, fields: parameterFields(e.parameters) }));
}

function choice(url: URL, engines: EngineOption[], fallback: string | null): { engine: string | null; connectWith: ConnectWith | null } {
  const asked = url.searchParams.get('engine');
  const engine = engines.find((e) => e.engine === asked)?.engine ?? fallback;
  const method = url.searchParams.get('method');
  return { engine, connectWith: method === 'uri' || method === 'parameters' ? method : null };
}

function withDefaults(values: DatabaseFormValues, engine: EngineOption | undefined): DatabaseFormValues {
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

export async function loadEditPage(request: Request, idParam: string | undefined): Promise<DatabaseFormPage> {
  await requireUserWith(request, 'can_write', 'Database');
  const record = await getDatabase(databaseId(idParam));
  const detail = serializeDatabaseForEditor(record);
  const engines = engineOptions();
  const { engine, connectWith } = choice(new URL(request.url), engines, detail.engine);
  let values = formValuesFromDetail(detail);
  // Another engine than the stored one was picked: the stored parameters mean nothing to it.
  if (engine !== detail.engine) values = withDefaults({ ...values, parameters: {} }, engines.find((e) => e.engine === engine));
  return { engines, engine, connectWith: connectWith ?? (detail.engine ? 'parameters' : 'uri'), values, database: { id: record.id, name: record.database_name } };
}

async function flash(request: Request, toast: Toast) {
  return { headers: { 'Set-Cookie': await flashToasts(request, [toast]) } };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * While the form's own fields are wrong (a number, a JSON text), the name and the connection are
 * checked too, so one answer shows every problem instead of one round trip per section.
 */
async function otherErrors(form: FormData, connectWith: ConnectWith, engine: string | null, id: number | null): Promise<Record<string, string>> {
  const name = databaseUpdateSchema(engineCatalog()).safeParse({ database_name: text(form, 'database_name') });
  const errors = name.success ? {} : formErrorsOf(fieldMessages(name.error));
  const connection =
    connectWith === 'parameters'
      ? { engine, configuration_method: 'dynamic_form' as const, parameters: formParameters(form) }
      : { sqlalchemy_uri: text(form, 'sqlalchemy_uri') };
  try {
    resolveConnection(connection, id === null ? null : await getDatabase(id));
  } catch (error) {
    if (error instanceof DatabaseInputError) return { ...errors, ...formErrorsOf(error.fields) };
    if (!(error instanceof EngineError)) throw error;
  }
  return errors;
}

/** The one action of the add and edit pages (and, for `delete`, of the list page). */
export async function databaseFormAction(request: Request, idParam: string | undefined) {
  const user = await requireUserWith(request, 'can_write', 'Database');
  const id = idParam === undefined ? null : databaseId(idParam);
  const form = await readForm(request);
  const intent = text(form, 'intent');
  const engine = text(form, 'engine') || null;
  const connectWith: ConnectWith = text(form, 'connect_with') === 'uri' ? 'uri' : 'parameters';
  const { passwordDropped, ...values } = formValuesFromForm(form, PASSWORD_MASK);
  const answer = (status: number, result: Omit<DatabaseFormResult, 'intent' | 'values' | 'passwordDropped'>) =>
    data<DatabaseFormResult>({ intent, values, passwordDropped, ...result }, { status });

  switch (intent) {
    case 'save': {
      const parsed = databaseFormInput(form, connectWith, engine);
      if (!parsed.ok) return answer(400, { errors: { ...(await otherErrors(form, connectWith, engine, id)), ...parsed.errors } });
      try {
        const record = id === null ? await createDatabase(user, parsed.input) : await updateDatabase(user, id, parsed.input);
        return redirect(LIST_PATH, await flash(request, successToast(`Database "${record.database_name}" was saved.`)));
      } catch (error) {
        if (error instanceof DatabaseInputError) return answer(400, { errors: formErrorsOf(error.fields) });
        throw error;
      }
    }
    case 'test-connection': {
      const parsed = databaseFormInput(form, connectWith, engine);
      const input = parsed.ok ? parsed.input : { database_name: text(form, 'database_name') };
      const connection = { engine: input.engine, configuration_method: input.configuration_method, sqlalchemy_uri: input.sqlalchemy_uri, parameters: input.parameters };
      try {
        await testConnection(user, connection, { existingId: id ?? undefined });
        return answer(200, { errors: {}, notice: { ok: true, text: CONNECTION_LOOKS_GOOD } });
      } catch (error) {
        if (error instanceof DatabaseInputError) {
          const errors = formErrorsOf(error.fields);
          return answer(400, { errors, notice: { ok: false, text: `ERROR: ${Object.values(errors)[0] ?? error.message}` } });
        }
        if (error instanceof EngineError) return answer(422, { errors: {}, notice: { ok: false, text: `ERROR: ${error.message}` } });
        throw error;
      }
    }
    case 'delete': {
      if (id === null) throw badRequest('Say which database to delete.');
      return deleteAndRedirect(request, user, id, (message) => answer(422, { errors: {}, notice: { ok: false, text: message } }));
    }
    default:
      throw badRequest(`Unknown intent: ${intent}`);
  }
}

async function deleteAndRedirect<R>(request: Request, user: CurrentUser, id: number, refused: (message: string) => R) {
  try {
    const deleted = await deleteDatabase(user, id);
    return redirect(LIST_PATH, await flash(request, successToast(`Deleted: ${deleted.database_name}`)));
  } catch (error) {
    if (error instanceof DatabaseRefusedError) return refused(error.message);
    throw error;
  }
}

/** The list page's action: `delete` with the database's id; a refusal (422) names the datasets in the way. */
export async function databaseListAction(request: Request) {
  const user = await requireUserWith(request, 'can_write', 'Database');
  const form = await readForm(request);
  if (text(form, 'intent') !== 'delete') throw badRequest(`Unknown intent: ${text(form, 'intent')}`);
  const id = databaseId(text(form, 'id'));
  return deleteAndRedirect(request, user, id, (message) => data({ id, error: message }, { status: 422 }));
}
