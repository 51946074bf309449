/**
 * The database add/edit form: its field names, its values (what a re-render shows), and its
 * parsing into the API's settings shape (database-settings.ts), so a form save and a
 * `POST /api/v1/database/` go through the same domain function. Form-only checks (numbers typed
 * as text, JSON text areas, comma lists) happen here with messages under the field; the rest
 * (name, URI, extra keys, connection) is the API schema's and the server's.
 *
 * Keys of `extra` that have their own field (cache timeouts, upload schemas, flags,
 * engine_params) are edited there; the "Extra" text area holds the remaining keys.
 */
import { z } from 'zod';
import { jsonObjectText, type ConfigurationMethod } from './database-settings';
import type { FieldErrors } from './field-errors';
import { readDatabaseExtra } from './stored-json/database-extra';
import {
  CHECKBOXES, NEW_DATABASE_VALUES, PARAMETER_PREFIX, TEXT_FIELDS, type CheckboxName, type ConnectWith, type DatabaseFormValues,
} from './database-form-fields';

export * from './database-form-fields';

/** Keys of `extra` edited through their own fields. */
const OWN_FIELD_KEYS = [
  'metadata_cache_timeout', 'schemas_allowed_for_file_upload', 'cost_estimate_enabled', 'allows_virtual_table_explore',
  'disable_data_preview', 'engine_params',
];

/** What the API's GET answers and the form needs (a subset of DatabaseRestApi's result). */
export type DatabaseDetailForForm = {
  database_name: string;
  sqlalchemy_uri: string;
  parameters: Record<string, unknown>;
  cache_timeout: number | null;
  force_ctas_schema: string | null;
  extra: string;
} & Record<Exclude<CheckboxName, 'disable_data_preview' | 'cost_estimate_enabled' | 'allows_virtual_table_explore'>, boolean>;

const pretty = (value: Record<string, unknown>) => (Object.keys(value).length ? JSON.stringify(value, null, 2) : '');

function parameterText(name: string, value: unknown): string {
  if (name === 'query' && value && typeof value === 'object') return new URLSearchParams(value as Record<string, string>).toString();
  return value === undefined || value === null ? '' : String(value);
}

export function formValuesFromDetail(detail: DatabaseDetailForForm): DatabaseFormValues {
  const extra = readDatabaseExtra(detail.extra);
  const rest = Object.fromEntries(Object.entries(extra).filter(([key]) => !OWN_FIELD_KEYS.includes(key)));
  const timeouts = extra.metadata_cache_timeout ?? {};
  return {
    database_name: detail.database_name,
    sqlalchemy_uri: detail.sqlalchemy_uri,
    cache_timeout: detail.cache_timeout === null ? '' : String(detail.cache_timeout),
    schema_cache_timeout: timeouts.schema_cache_timeout == null ? '' : String(timeouts.schema_cache_timeout),
    table_cache_timeout: timeouts.table_cache_timeout == null ? '' : String(timeouts.table_cache_timeout),
    force_ctas_schema: detail.force_ctas_schema ?? '',
    schemas_allowed_for_file_upload: (extra.schemas_allowed_for_file_upload ?? []).join(', '),
    engine_params: pretty(extra.engine_params ?? {}),
    extra: pretty(rest),
    expose_in_sqllab: detail.expose_in_sqllab,
    allow_run_async: detail.allow_run_async,
    allow_dml: detail.allow_dml,
    allow_ctas: detail.allow_ctas,
    allow_cvas: detail.allow_cvas,
    allow_file_upload: detail.allow_file_upload,
    impersonate_user: detail.impersonate_user,
    disable_data_preview: extra.disable_data_preview === true,
    cost_estimate_enabled: extra.cost_estimate_enabled === true,
    allows_virtual_table_explore: extra.allows_virtual_table_explore !== false,
    parameters: Object.fromEntries(Object.entries(detail.parameters).map(([k, v]) => [k, parameterText(k, v)])),
  };
}

/**
 * What was typed, to show again when the form re-renders without JavaScript. A password is
 * shown again only when it is the mask (the stored one): a newly typed one is never sent back.
 */
export function formValuesFromForm(form: FormData, mask: string): DatabaseFormValues & { passwordDropped: boolean } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = { ...NEW_DATABASE_VALUES, parameters: {} as Record<string, string> };
  for (const name of TEXT_FIELDS) values[name] = text(name);
  for (const name of CHECKBOXES) values[name] = form.get(name) === 'on';
  let passwordDropped = false;
  for (const key of form.keys()) {
    if (!key.startsWith(PARAMETER_PREFIX)) continue;
    const name = key.slice(PARAMETER_PREFIX.length);
    const value = text(key);
    if (name === 'password' && value !== '' && value !== mask) {
      passwordDropped = true;
      continue;
    }
    values.parameters[name] = value;
  }
  if (values.sqlalchemy_uri && uriPassword(values.sqlalchemy_uri) && uriPassword(values.sqlalchemy_uri) !== mask) {
    values.sqlalchemy_uri = values.sqlalchemy_uri.replace(/(\/\/[^:/@]*):[^@]*@/, '$1@');
    passwordDropped = true;
  }
  return { ...values, passwordDropped };
}

function uriPassword(uri: string): string | null {
  return /\/\/[^:/@]*:([^@]*)@/.exec(uri)?.[1] ?? null;
}

const wholeSeconds = (label: string) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || /^-?\d+$/.test(s), `${label} must be a whole number of seconds.`)
    .transform((s) => (s === '' ? null : Number(s)));

const FormFieldsSchema = z.object({
  cache_timeout: wholeSeconds('The cache timeout'),
  schema_cache_timeout: wholeSeconds('The schema cache timeout'),
  table_cache_timeout: wholeSeconds('The table cache timeout'),
  schemas_allowed_for_file_upload: z.string().transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean)),
  engine_params: jsonObjectText('Engine parameters'),
  extra: jsonObjectText('Extra'),
});

export type FormParse = { ok: true; input: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/**
 * The form as the API's create/update body. `connectWith` and `engine` come from the page (the
 * URL's choice, echoed in hidden fields); the parameters are the `parameters.*` fields.
 */
export function databaseFormInput(form: FormData, connectWith: ConnectWith, engine: string | null): FormParse {
  const checked = (name: CheckboxName) => form.get(name) === 'on';
  const raw = Object.fromEntries(TEXT_FIELDS.map((name) => [name, typeof form.get(name) === 'string' ? String(form.get(name)) : '']));
  const parsed = FormFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
    return { ok: false, errors };
  }
  const f = parsed.data;
  const timeouts = {
    ...(f.schema_cache_timeout !== null ? { schema_cache_timeout: f.schema_cache_timeout } : {}),
    ...(f.table_cache_timeout !== null ? { table_cache_timeout: f.table_cache_timeout } : {}),
  };
  const extra: Record<string, unknown> = {
    ...f.extra,
    metadata_cache_timeout: timeouts,
    ...(f.schemas_allowed_for_file_upload.length ? { schemas_allowed_for_file_upload: f.schemas_allowed_for_file_upload } : {}),
    cost_estimate_enabled: checked('cost_estimate_enabled'),
    allows_virtual_table_explore: checked('allows_virtual_table_explore'),
    disable_data_preview: checked('disable_data_preview'),
    ...(Object.keys(f.engine_params).length ? { engine_params: f.engine_params } : {}),
  };
  const parameters = formParameters(form);
  const method: ConfigurationMethod = connectWith === 'parameters' ? 'dynamic_form' : 'sqlalchemy_form';
  return {
    ok: true,
    input: {
      database_name: raw.database_name,
      ...(connectWith === 'parameters' ? { engine, parameters } : { sqlalchemy_uri: raw.sqlalchemy_uri }),
      configuration_method: method,
      expose_in_sqllab: checked('expose_in_sqllab'),
      allow_run_async: checked('allow_run_async'),
      allow_dml: checked('allow_dml'),
      allow_ctas: checked('allow_ctas'),
      allow_cvas: checked('allow_cvas'),
      allow_file_upload: checked('allow_file_upload'),
      force_ctas_schema: raw.force_ctas_schema.trim() || null,
      cache_timeout: f.cache_timeout,
      impersonate_user: checked('impersonate_user'),
      extra: JSON.stringify(extra),
    },
  };
}

/** The `parameters.*` fields, by parameter name. */
export function formParameters(form: FormData): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const key of form.keys()) if (key.startsWith(PARAMETER_PREFIX)) parameters[key.slice(PARAMETER_PREFIX.length)] = String(form.get(key) ?? '');
  return parameters;
}

/** The form field an API error path belongs under (`extra.metadata_cache_timeout.schema_cache_timeout` → `schema_cache_timeout`). */
export function formFieldOf(apiPath: string): string {
  const [head, second, third] = apiPath.split('.');
  if (head === 'parameters') return second ? `${PARAMETER_PREFIX}${second}` : 'sqlalchemy_uri';
  if (head === 'extra') {
    if (second === 'metadata_cache_timeout' && (third === 'schema_cache_timeout' || third === 'table_cache_timeout')) return third;
    if (second && OWN_FIELD_KEYS.includes(second) && second !== 'metadata_cache_timeout') return second;
    return 'extra';
  }
  if ((TEXT_FIELDS as readonly string[]).includes(head) || (CHECKBOXES as readonly string[]).includes(head) || head === 'engine') return head;
  return 'form';
}

/** API field errors (path → messages) as one message per form field. */
export function formErrorsOf(fields: FieldErrors): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fields)) errors[formFieldOf(path)] ??= messages.join(' ');
  return errors;
}
