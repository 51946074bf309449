/**
 * The dataset editor's sections (Source, Columns, Calculated columns, Metrics, Settings): plain
 * form controls named by the PUT body's paths (editor-values.ts), uncontrolled, so they post
 * without JavaScript and keep what was typed while hidden in another tab.
 */
import type { ReactNode } from 'react';
import { Button } from '../primitives/button';
import { errorClass, hintClass } from '../primitives/field';
import { Input, TextArea } from '../primitives/input';
import { Select } from '../primitives/select';
import type { Choice } from './list-types';
import type { ColumnValues, EditorValues, MetricValues } from './editor-values';

export type Errors = Record<string, string>;

const fieldId = (name: string) => `ds-${name.replace(/\./g, '-')}`;
const monospace = 'font-mono';

export function Check({ name, label, checked, hint, disabled }: { name: string; label: ReactNode; checked: boolean; hint?: string; disabled?: boolean }) {
  const id = fieldId(name);
  return (
    <div>
      <label htmlFor={id} className="inline-flex items-center gap-2 text-sm">
        <input id={id} type="checkbox" name={name} defaultChecked={checked} disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined}
          className="h-4 w-4 rounded border-slate-300 dark:border-slate-600 dark:bg-slate-900" />
        {label}
      </label>
      {hint && <p id={`${id}-hint`} className={hintClass}>{hint}</p>}
    </div>
  );
}

/** A text field of the form: id from its name, its error from the errors by name. */
function Text({ name, label, value, errors, hint, textarea, rows, mono, className }: {
  name: string; label: string; value: string; errors: Errors; hint?: string; textarea?: boolean; rows?: number; mono?: boolean; className?: string;
}) {
  const common = { id: fieldId(name), name, label, hint, error: errors[name], defaultValue: value, className, controlClassName: mono ? monospace : undefined };
  return textarea ? <TextArea rows={rows ?? 3} {...common} /> : <Input type="text" {...common} />;
}

/** `hideSql`: only once hydrated, where the type radio can show it again; without JavaScript it is always there. */
export function SourceSection({ values, database, errors, kind, onKind, hideSql }: {
  values: EditorValues; database: string; errors: Errors; kind: EditorValues['kind']; onKind: (kind: EditorValues['kind']) => void; hideSql: boolean;
}) {
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium">Dataset type</legend>
        <div className="mt-2 flex flex-wrap gap-6">
          {(['physical', 'virtual'] as const).map((k) => (
            <label key={k} className="inline-flex items-center gap-2 text-sm">
              <input type="radio" name="kind" value={k} defaultChecked={values.kind === k} onChange={() => onKind(k)} className="h-4 w-4" />
              {k === 'physical' ? 'Physical (table or view)' : 'Virtual (SQL)'}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-sm">Database: <strong>{database}</strong></p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Text name="schema" label="Schema" value={values.schema} errors={errors} />
        <Text name="table_name" label={kind === 'virtual' ? 'Dataset name' : 'Table name'} value={values.table_name} errors={errors} />
      </div>
      <div hidden={hideSql}>
        <Text name="sql" label="SQL" value={values.sql} errors={errors} textarea rows={10} mono
          hint="A virtual dataset is one SELECT statement; its columns are what it returns." />
      </div>
      <Text name="template_params" label="Template parameters" value={values.template_params} errors={errors} textarea mono
        hint='A JSON object of the Jinja parameters the SQL uses, e.g. {"country": "FR"}.' />
    </div>
  );
}

const cellInput = 'w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm aria-[invalid]:border-rose-500 dark:border-slate-700 dark:bg-slate-900';

/** One input of a column or metric row, named by its path, with its error under it. */
function CellInput({ name, label, value, errors, mono }: { name: string; label: string; value: string; errors: Errors; mono?: boolean }) {
  const id = fieldId(name);
  const error = errors[name];
  return (
    <>
      <input id={id} type="text" name={name} defaultValue={value} aria-label={label} aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined} className={`${cellInput} ${mono ? monospace : ''}`} />
      {error && <p id={`${id}-error`} className={errorClass}>{error}</p>}
    </>
  );
}

function CellCheck({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return <input type="checkbox" name={name} defaultChecked={checked} aria-label={label} className="h-4 w-4" />;
}

/** What every column row posts besides its visible fields. */
function ColumnHidden({ at, column }: { at: string; column: ColumnValues }) {
  return (
    <>
      {column.id !== null && <input type="hidden" name={`${at}.id`} value={column.id} />}
      <input type="hidden" name={`${at}.extra`} value={column.extra} />
      <input type="hidden" name={`${at}.calculated`} value={column.calculated ? 'yes' : 'no'} />
    </>
  );
}

export type Row<T> = { key: string; index: number; value: T };

export function ColumnsSection({ rows, errors, syncForm, canEdit }: { rows: Row<ColumnValues>[]; errors: Errors; syncForm: string; canEdit: boolean }) {
  const physical = rows.filter((r) => !r.value.calculated);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">The columns the table or SQL returns. Sync them after the source changed.</p>
        <Button type="submit" form={syncForm} name="intent" value="sync-columns" size="sm" disabled={!canEdit}>Sync columns from source</Button>
      </div>
      {physical.length === 0 ? (
        <p className="text-sm">No columns yet: sync them from the source.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
          <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
            <caption className="sr-only">Columns</caption>
            <thead className="bg-slate-50 dark:bg-slate-900">
              <tr>
                {['Column', 'Type', 'Label', 'Is temporal', 'Datetime format', 'Is filterable', 'Is dimension', 'Is active', 'Description', 'Advanced data type'].map((h) => (
                  <th key={h} scope="col" className="px-2 py-2 text-left font-semibold">{h}</th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {physical.map(({ key, index, value: c }) => {
                const at = `columns.${index}`;
                return (
                  <tr key={key}>
                    <th scope="row" className="px-2 py-2 text-left font-mono font-medium">
                      {c.column_name}
                      <input type="hidden" name={`${at}.column_name`} value={c.column_name} />
                      <input type="hidden" name={`${at}.type`} value={c.type} />
                      <ColumnHidden at={at} column={c} />
                    </th>
                    <td className="px-2 py-2 font-mono text-xs">{c.type || '—'}</td>
                    <td className="px-2 py-2"><CellInput name={`${at}.verbose_name`} label={`Label of ${c.column_name}`} value={c.verbose_name} errors={errors} /></td>
                    <td className="px-2 py-2 text-center"><CellCheck name={`${at}.is_dttm`} label={`${c.column_name} is temporal`} checked={c.is_dttm} /></td>
                    <td className="px-2 py-2"><CellInput name={`${at}.python_date_format`} label={`Datetime format of ${c.column_name}`} value={c.python_date_format} errors={errors} mono /></td>
                    <td className="px-2 py-2 text-center"><CellCheck name={`${at}.filterable`} label={`${c.column_name} is filterable`} checked={c.filterable} /></td>
                    <td className="px-2 py-2 text-center"><CellCheck name={`${at}.groupby`} label={`${c.column_name} is a dimension`} checked={c.groupby} /></td>
                    <td className="px-2 py-2 text-center"><CellCheck name={`${at}.is_active`} label={`${c.column_name} is active`} checked={c.is_active} /></td>
                    <td className="px-2 py-2"><CellInput name={`${at}.description`} label={`Description of ${c.column_name}`} value={c.description} errors={errors} /></td>
                    <td className="px-2 py-2"><CellInput name={`${at}.advanced_data_type`} label={`Advanced data type of ${c.column_name}`} value={c.advanced_data_type} errors={errors} /></td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className={hintClass}>Datetime format: how a text or number column holds dates, e.g. %Y-%m-%d, %Y or epoch_s.</p>
    </div>
  );
}

/** Remove: a checkbox without JavaScript (the row goes on save), a button with it (the row goes now). */
function RemoveControl({ name, label, checked, onRemove }: { name: string; label: string; checked: boolean; onRemove: (() => void) | null }) {
  if (onRemove) return <Button size="xs" variant="danger-outline" onClick={onRemove}>Remove<span className="sr-only"> {label}</span></Button>;
  return <Check name={name} label={<>Remove<span className="sr-only"> {label}</span> on save</>} checked={checked} />;
}

const card = 'space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800';

export function CalculatedSection({ rows, errors, onAdd, onRemove }: {
  rows: Row<ColumnValues>[]; errors: Errors; onAdd: (() => void) | null; onRemove: ((key: string) => void) | null;
}) {
  const calculated = rows.filter((r) => r.value.calculated);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">Columns computed by an SQL expression on the dataset’s other columns.</p>
      {calculated.map(({ key, index, value: c }, n) => {
        const at = `columns.${index}`;
        const title = c.column_name || `new calculated column ${n + 1}`;
        return (
          <fieldset key={key} className={card}>
            <legend className="px-1 text-sm font-semibold">{c.column_name || 'New calculated column'}</legend>
            <ColumnHidden at={at} column={c} />
            <div className="grid gap-3 sm:grid-cols-2">
              <Text name={`${at}.column_name`} label="Column name" value={c.column_name} errors={errors} mono />
              <Text name={`${at}.verbose_name`} label="Label" value={c.verbose_name} errors={errors} />
            </div>
            <Text name={`${at}.expression`} label="SQL expression" value={c.expression} errors={errors} textarea mono />
            <div className="grid gap-3 sm:grid-cols-3">
              <Text name={`${at}.type`} label="Data type" value={c.type} errors={errors} mono />
              <Text name={`${at}.python_date_format`} label="Datetime format" value={c.python_date_format} errors={errors} mono />
              <Text name={`${at}.advanced_data_type`} label="Advanced data type" value={c.advanced_data_type} errors={errors} />
            </div>
            <Text name={`${at}.description`} label="Description" value={c.description} errors={errors} />
            <div className="flex flex-wrap gap-6">
              <Check name={`${at}.is_dttm`} label="Is temporal" checked={c.is_dttm} />
              <Check name={`${at}.filterable`} label="Is filterable" checked={c.filterable} />
              <Check name={`${at}.groupby`} label="Is dimension" checked={c.groupby} />
              <Check name={`${at}.is_active`} label="Is active" checked={c.is_active} />
            </div>
            <RemoveControl name={`${at}.remove`} label={title} checked={c.remove} onRemove={onRemove && (() => onRemove(key))} />
          </fieldset>
        );
      })}
      {onAdd ? <Button size="sm" onClick={onAdd}>+ Add calculated column</Button> : <p className={hintClass}>Fill in the blank one to add a calculated column; it is added on save.</p>}
    </div>
  );
}

export function MetricsSection({ rows, errors, onAdd, onRemove }: {
  rows: Row<MetricValues>[]; errors: Errors; onAdd: (() => void) | null; onRemove: ((key: string) => void) | null;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">Saved metrics: aggregate SQL expressions every chart of the dataset can use.</p>
      {rows.map(({ key, index, value: m }, n) => {
        const at = `metrics.${index}`;
        const title = m.metric_name || `new metric ${n + 1}`;
        return (
          <fieldset key={key} className={card}>
            <legend className="px-1 text-sm font-semibold">{m.metric_name || 'New metric'}</legend>
            {m.id !== null && <input type="hidden" name={`${at}.id`} value={m.id} />}
            <input type="hidden" name={`${at}.metric_type`} value={m.metric_type} />
            <input type="hidden" name={`${at}.extra`} value={m.extra} />
            <div className="grid gap-3 sm:grid-cols-2">
              <Text name={`${at}.metric_name`} label="Metric name" value={m.metric_name} errors={errors} mono />
              <Text name={`${at}.verbose_name`} label="Label" value={m.verbose_name} errors={errors} />
            </div>
            <Text name={`${at}.expression`} label="SQL expression" value={m.expression} errors={errors} textarea mono />
            <div className="grid gap-3 sm:grid-cols-3">
              <Text name={`${at}.d3format`} label="D3 format" value={m.d3format} errors={errors} mono hint="e.g. ,.2f or .1%" />
              <Text name={`${at}.currency_symbol`} label="Currency" value={m.currency_symbol} errors={errors} hint="A currency code, e.g. USD or EUR." />
              <Select id={fieldId(`${at}.currency_position`)} name={`${at}.currency_position`} label="Currency position" defaultValue={m.currency_position}>
                <option value="prefix">Prefix</option>
                <option value="suffix">Suffix</option>
              </Select>
            </div>
            {errors[`${at}.currency`] && <p className={errorClass}>{errors[`${at}.currency`]}</p>}
            <Text name={`${at}.description`} label="Description" value={m.description} errors={errors} />
            <Text name={`${at}.warning_text`} label="Warning" value={m.warning_text} errors={errors} />
            <div className="grid gap-3 sm:grid-cols-2">
              <Text name={`${at}.certified_by`} label="Certified by" value={m.certified_by} errors={errors} />
              <Text name={`${at}.certification_details`} label="Certification details" value={m.certification_details} errors={errors} />
            </div>
            <RemoveControl name={`${at}.remove`} label={title} checked={m.remove} onRemove={onRemove && (() => onRemove(key))} />
          </fieldset>
        );
      })}
      {onAdd ? <Button size="sm" onClick={onAdd}>+ Add metric</Button> : <p className={hintClass}>Fill in the blank one to add a metric; it is added on save.</p>}
    </div>
  );
}

export function SettingsSection({ values, errors, temporal, owners, managedExternally }: {
  values: EditorValues; errors: Errors; temporal: string[]; owners: Choice[]; managedExternally: boolean;
}) {
  return (
    <div className="space-y-4">
      <Text name="description" label="Description" value={values.description} errors={errors} textarea />
      <div className="grid gap-4 sm:grid-cols-3">
        <Select id={fieldId('main_dttm_col')} name="main_dttm_col" label="Default datetime column" defaultValue={values.main_dttm_col} error={errors.main_dttm_col}>
          <option value="">None</option>
          {temporal.map((c) => <option key={c} value={c}>{c}</option>)}
        </Select>
        <Text name="cache_timeout" label="Cache timeout (seconds)" value={values.cache_timeout} errors={errors}
          hint="Empty: the database's timeout; -1: never cache." />
        <Text name="offset" label="Hours offset" value={values.offset} errors={errors} hint="Hours added to the dataset's datetimes." />
      </div>
      <Text name="default_endpoint" label="Default URL" value={values.default_endpoint} errors={errors}
        hint="Where the dataset's link in the list leads, e.g. /superset/dashboard/1/." />
      <Text name="fetch_values_predicate" label="Autocomplete query predicate" value={values.fetch_values_predicate} errors={errors} mono
        hint="A WHERE clause for the filter choices, e.g. value > 0." />
      <div className="flex flex-col gap-3">
        <Check name="filter_select_enabled" label="Autocomplete filters" checked={values.filter_select_enabled} hint="Filters offer the column's values." />
        <Check name="normalize_columns" label="Normalize column names" checked={values.normalize_columns} />
        <Check name="always_filter_main_dttm" label="Always filter main datetime column" checked={values.always_filter_main_dttm}
          hint="The time range applies to the default datetime column as well as the chosen one." />
        <Check name="disallow_adhoc_metrics" label="Disallow ad-hoc metrics" checked={values.disallow_adhoc_metrics}
          hint="Charts may use only the saved metrics." />
      </div>
      <Text name="warning_markdown" label="Warning" value={values.warning_markdown} errors={errors} textarea hint="Shown beside the dataset's name (Markdown)." />
      <div className="grid gap-4 sm:grid-cols-2">
        <Text name="certified_by" label="Certified by" value={values.certified_by} errors={errors} />
        <Text name="certification_details" label="Certification details" value={values.certification_details} errors={errors} />
      </div>
      <Select id={fieldId('owners')} name="owners" label="Owners" multiple size={Math.min(8, Math.max(3, owners.length))} defaultValue={values.owners.map(String)}
        error={errors.owners} hint="Owners may edit the dataset; hold Ctrl (⌘) to choose several.">
        {owners.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </Select>
      <p className="text-sm">Managed externally: <strong>{managedExternally ? 'Yes' : 'No'}</strong></p>
      <Text name="external_url" label="External URL" value={values.external_url} errors={errors} hint="Where the dataset is defined, when another tool manages it." />
      <input type="hidden" name="extra" value={values.extra} />
      {errors.extra && <p className={errorClass}>{errors.extra}</p>}
    </div>
  );
}
