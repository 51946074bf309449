/**
 * The form of a row level security filter, for the add and edit pages: native controls only
 * (a multiple select for datasets, checkboxes for roles), so it posts without JavaScript.
 */
import { Form } from '@remix-run/react';
import { CheckboxGroup } from '~/ui/checkbox-group';
import { CsrfInput } from '~/ui/csrf-input';
import { buttonClass } from '~/ui/primitives/button';
import { Input, TextArea } from '~/ui/primitives/input';
import { Select } from '~/ui/primitives/select';

export type RlsFormValues = {
  name: string;
  description: string;
  filter_type: string;
  tables: number[];
  roles: number[];
  group_key: string;
  clause: string;
};

export type RlsChoices = { roles: { id: number; name: string }[]; tables: { id: number; label: string }[] };

export const EMPTY_RLS_FORM: RlsFormValues = { name: '', description: '', filter_type: 'Regular', tables: [], roles: [], group_key: '', clause: '' };

type Props = { intent: string; submitLabel: string; values: RlsFormValues; errors: Record<string, string>; choices: RlsChoices };

export function RlsForm({ intent, submitLabel, values, errors, choices }: Props) {
  const chosenTables = values.tables.map(String);
  return (
    <Form method="post" className="space-y-4" noValidate>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <Input name="name" label="Name" required maxLength={255} defaultValue={values.name} error={errors.name} />
      <Select name="filter_type" label="Filter type" defaultValue={values.filter_type} error={errors.filter_type}
        hint="Regular filters apply to the roles below; Base filters apply to everyone except them.">
        <option value="Regular">Regular</option>
        <option value="Base">Base</option>
      </Select>
      <Select name="tables" label="Datasets" multiple size={Math.min(10, Math.max(3, choices.tables.length))} defaultValue={chosenTables}
        error={errors.tables} hint="The datasets whose queries get the clause. Hold Ctrl (or ⌘) to choose several.">
        {choices.tables.map((t) => <option key={t.id} value={t.id}>{t.label}</option>)}
      </Select>
      <CheckboxGroup name="roles" legend="Roles" error={errors.roles}
        hint="For Regular filters, the roles the filter applies to; for Base filters, the roles it does not apply to."
        options={choices.roles.map((r) => ({ value: String(r.id), label: r.name, checked: values.roles.includes(r.id) }))} />
      <Input name="group_key" label="Group key" maxLength={255} defaultValue={values.group_key} error={errors.group_key}
        hint="Filters with the same group key are combined with OR (e.g. department); different keys with AND." />
      <TextArea name="clause" label="Clause" required rows={3} controlClassName="font-mono" defaultValue={values.clause} error={errors.clause}
        hint="The condition added to the WHERE clause, e.g. client_id = 9. Templates such as {{ current_username() }} are allowed." />
      <TextArea name="description" label="Description" rows={2} defaultValue={values.description} error={errors.description} />
      {errors.form && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{errors.form}</p>}
      <button type="submit" className={buttonClass('primary')}>{submitLabel}</button>
    </Form>
  );
}
