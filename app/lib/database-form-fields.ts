/**
 * The database form's names, values and page types: what the browser needs of the form, with no
 * zod (app/lib/database-form.ts holds the parsing, which only the server runs), so the add and
 * edit pages do not ship a validation library they never use.
 */

export type ConnectWith = 'parameters' | 'uri';

export const CHECKBOXES = [
  'expose_in_sqllab', 'allow_run_async', 'allow_dml', 'allow_ctas', 'allow_cvas', 'allow_file_upload',
  'disable_data_preview', 'impersonate_user', 'cost_estimate_enabled', 'allows_virtual_table_explore',
] as const;
export type CheckboxName = (typeof CHECKBOXES)[number];

export const TEXT_FIELDS = [
  'database_name', 'sqlalchemy_uri', 'cache_timeout', 'schema_cache_timeout', 'table_cache_timeout', 'force_ctas_schema',
  'schemas_allowed_for_file_upload', 'engine_params', 'extra',
] as const;
export type TextFieldName = (typeof TEXT_FIELDS)[number];

export const PARAMETER_PREFIX = 'parameters.';

export type DatabaseFormValues = Record<TextFieldName, string> & Record<CheckboxName, boolean> & { parameters: Record<string, string> };

export const NEW_DATABASE_VALUES: DatabaseFormValues = {
  database_name: '', sqlalchemy_uri: '', cache_timeout: '', schema_cache_timeout: '', table_cache_timeout: '', force_ctas_schema: '',
  schemas_allowed_for_file_upload: '', engine_params: '', extra: '',
  expose_in_sqllab: true, allow_run_async: false, allow_dml: false, allow_ctas: false, allow_cvas: false, allow_file_upload: false,
  disable_data_preview: false, impersonate_user: false, cost_estimate_enabled: false, allows_virtual_table_explore: true,
  parameters: {},
};

/** One connection parameter as the form renders it, read from the engine's JSON Schema. */
export type ParameterField = {
  name: string;
  label: string;
  description: string;
  required: boolean;
  kind: 'text' | 'number' | 'password' | 'query';
  defaultValue: string;
};

type JsonSchemaProperty = { title?: unknown; description?: unknown; type?: unknown; writeOnly?: unknown; default?: unknown };

/** The parameter fields of an engine, in the schema's order: secrets as passwords, `query` as `key=value&…` text. */
export function parameterFields(schema: Record<string, unknown>): ParameterField[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchemaProperty>;
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  return Object.entries(properties).map(([name, p]) => {
    const kind: ParameterField['kind'] =
      p.writeOnly === true ? 'password' : p.type === 'object' ? 'query' : p.type === 'integer' || p.type === 'number' ? 'number' : 'text';
    const fallback = p.default === undefined || typeof p.default === 'object' ? '' : String(p.default);
    return {
      name,
      label: typeof p.title === 'string' ? p.title : name,
      description: typeof p.description === 'string' ? p.description : '',
      required: required.includes(name),
      kind,
      defaultValue: fallback,
    };
  });
}

/** An engine the form can connect to, as the pages' loaders send it. */
export type EngineOption = { engine: string; name: string; placeholder: string; fields: ParameterField[] };

/** What the add and edit pages render. `engine` and `connectWith` are the URL's choice (?engine=&method=). */
export type DatabaseFormPage = {
  engines: EngineOption[];
  engine: string | null;
  connectWith: ConnectWith;
  values: DatabaseFormValues;
  database: { id: number; name: string } | null;
};

/** "Connection looks good!" or "ERROR: …". */
export type Notice = { ok: boolean; text: string };

/** What the action answers when it does not redirect: errors by form field, what to show again, a notice. */
export type DatabaseFormResult = {
  intent: string;
  errors: Record<string, string>;
  values?: DatabaseFormValues;
  notice?: Notice;
  passwordDropped?: boolean;
};
