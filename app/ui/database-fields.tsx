import type { ReactNode } from 'react';
import { PARAMETER_PREFIX, type CheckboxName, type DatabaseFormValues, type EngineOption, type TextFieldName } from '~/lib/database-form-fields';
import { controlAria, FieldMessages } from './primitives/field';
import { Input as InputField, TextArea as TextAreaField } from './primitives/input';

/** The four sections of the database form; each field's section, so an error can open its tab. */
export const SECTIONS = [
  { id: 'connection', title: 'Connection' },
  { id: 'performance', title: 'Performance' },
  { id: 'security', title: 'Security' },
  { id: 'advanced', title: 'Advanced' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

const FIELD_SECTION: Record<string, SectionId> = {
  cache_timeout: 'performance', allow_run_async: 'performance', schema_cache_timeout: 'performance', table_cache_timeout: 'performance',
  expose_in_sqllab: 'security', allow_dml: 'security', allow_ctas: 'security', allow_cvas: 'security', force_ctas_schema: 'security',
  allow_file_upload: 'security', schemas_allowed_for_file_upload: 'security', disable_data_preview: 'security', impersonate_user: 'security',
  extra: 'advanced', engine_params: 'advanced', cost_estimate_enabled: 'advanced', allows_virtual_table_explore: 'advanced',
};

export function sectionOf(field: string): SectionId {
  return FIELD_SECTION[field] ?? 'connection';
}

const idOf = (name: string) => `db-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

type FieldProps = { name: string; label: string; hint?: string; error?: string; className?: string };

type InputProps = FieldProps & { defaultValue: string; type?: string; placeholder?: string; required?: boolean; autoComplete?: string; inputMode?: 'numeric' };

/** The form posts with noValidate (the server checks): `required` is announced and marked, not enforced by the browser. */
function Input({ name, label, required, ...rest }: InputProps) {
  const marked = required ? <>{label}<span className="text-rose-700 dark:text-rose-300"> (required)</span></> : label;
  return <InputField id={idOf(name)} name={name} label={marked} aria-required={required || undefined} {...rest} />;
}

function TextArea({ name, ...rest }: FieldProps & { defaultValue: string; placeholder?: string }) {
  return <TextAreaField id={idOf(name)} name={name} rows={5} spellCheck={false} controlClassName="font-mono" {...rest} />;
}

function Check({ name, label, hint, error, defaultChecked }: FieldProps & { defaultChecked: boolean }) {
  const id = idOf(name);
  return (
    <div>
      <div className="flex items-start gap-2">
        <input id={id} type="checkbox" name={name} defaultChecked={defaultChecked} {...controlAria(id, { hint, error })}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 dark:border-slate-600 dark:bg-slate-900" />
        <label htmlFor={id} className="text-sm font-medium">{label}</label>
      </div>
      <div className="ml-6"><FieldMessages id={id} hint={hint} error={error} /></div>
    </div>
  );
}

type SectionProps = { values: DatabaseFormValues; errors: Record<string, string> };

function fieldMakers({ values, errors }: SectionProps) {
  const text = (name: TextFieldName, label: string, extra: Partial<InputProps> = {}) => (
    <Input name={name} label={label} defaultValue={values[name]} error={errors[name]} {...extra} />
  );
  const check = (name: CheckboxName, label: string, hint?: string) => (
    <Check name={name} label={label} hint={hint} defaultChecked={values[name]} error={errors[name]} />
  );
  return { text, check };
}

const grid = (children: ReactNode) => <div className="grid gap-4 sm:grid-cols-2">{children}</div>;

type ConnectionProps = SectionProps & { engine: EngineOption | undefined; connectWith: 'parameters' | 'uri'; passwordDropped: boolean };

export function ConnectionFields({ values, errors, engine, connectWith, passwordDropped }: ConnectionProps) {
  const { text } = fieldMakers({ values, errors });
  const passwordNote = passwordDropped ? 'For your safety the password you typed is not sent back: enter it again.' : undefined;
  return grid(
    <>
      {text('database_name', 'Display name', { required: true, className: 'sm:col-span-2', hint: 'How this database is named in Sightline.' })}
      {connectWith === 'uri' || !engine ? (
        <Input name="sqlalchemy_uri" label="SQLAlchemy URI" required className="sm:col-span-2" defaultValue={values.sqlalchemy_uri}
          placeholder={engine?.placeholder ?? 'postgresql://user:password@host:5432/database'} error={errors.sqlalchemy_uri} autoComplete="off"
          hint={passwordNote ?? 'The password is stored encrypted and shown as XXXXXXXXXX; leave the mask to keep it.'} />
      ) : (
        engine.fields.map((field) => {
          const name = `${PARAMETER_PREFIX}${field.name}`;
          const wide = field.kind === 'query' || engine.fields.length === 2;
          return (
            <Input key={name} name={name} label={field.label} required={field.required} className={wide ? 'sm:col-span-2' : undefined}
              defaultValue={values.parameters[field.name] ?? ''} error={errors[name]}
              type={field.kind === 'password' ? 'password' : 'text'} inputMode={field.kind === 'number' ? 'numeric' : undefined}
              autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
              placeholder={field.kind === 'query' ? 'key=value&key2=value2' : undefined}
              hint={field.kind === 'password' ? (passwordNote ?? 'Stored encrypted; shown as XXXXXXXXXX. Leave the mask to keep it.') : field.description} />
          );
        })
      )}
    </>,
  );
}

export function PerformanceFields(props: SectionProps) {
  const { text, check } = fieldMakers(props);
  return grid(
    <>
      {text('cache_timeout', 'Chart cache timeout (seconds)', { inputMode: 'numeric', hint: 'Empty: the default. 0: never expires. -1: no cache.' })}
      <div className="self-end">{check('allow_run_async', 'Asynchronous query execution', 'SQL Lab runs queries in the background.')}</div>
      {text('schema_cache_timeout', 'Schema cache timeout (seconds)', { inputMode: 'numeric', hint: 'Empty or 0: schema lists are not cached.' })}
      {text('table_cache_timeout', 'Table cache timeout (seconds)', { inputMode: 'numeric', hint: 'Empty or 0: table lists are not cached.' })}
    </>,
  );
}

export function SecurityFields(props: SectionProps) {
  const { text, check } = fieldMakers(props);
  return (
    <div className="grid gap-4">
      {check('expose_in_sqllab', 'Expose database in SQL Lab')}
      {check('allow_dml', 'Allow DML', 'Statements other than SELECT (INSERT, UPDATE, CREATE, …) may run in SQL Lab.')}
      {check('allow_ctas', 'Allow CREATE TABLE AS')}
      {check('allow_cvas', 'Allow CREATE VIEW AS')}
      {text('force_ctas_schema', 'CTAS and CVAS schema', { hint: 'Tables and views created from SQL Lab go to this schema.' })}
      {check('allow_file_upload', 'Allow file uploads to database')}
      {text('schemas_allowed_for_file_upload', 'Schemas allowed for file upload', { hint: 'Comma-separated; empty allows every schema.' })}
      {check('disable_data_preview', 'Disable SQL Lab data preview queries')}
      {check('impersonate_user', 'Impersonate logged-in user', 'Not supported by these engines: leave unchecked.')}
    </div>
  );
}

export function AdvancedFields(props: SectionProps) {
  const { check } = fieldMakers(props);
  const { values, errors } = props;
  return (
    <div className="grid gap-4">
      {check('cost_estimate_enabled', 'Enable query cost estimation', 'SQL Lab offers an estimate before running (PostgreSQL and MySQL).')}
      {check('allows_virtual_table_explore', 'Allow this database to be explored', 'SQL Lab results can be explored as virtual datasets.')}
      <TextArea name="engine_params" label="Engine parameters (JSON)" defaultValue={values.engine_params} error={errors.engine_params}
        placeholder='{"connect_args": {}}' hint="Kept for Superset compatibility; the built-in drivers do not read it." />
      <TextArea name="extra" label="Extra (JSON)" defaultValue={values.extra} error={errors.extra} placeholder='{"metadata_params": {}, "version": "15"}'
        hint="Other keys of the database's extra: metadata_params, version, disable_drill_to_detail, cancel_query_on_windows_unload." />
    </div>
  );
}
