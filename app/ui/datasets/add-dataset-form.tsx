/**
 * The steps of /dataset/add/: a GET form choosing the database and schema (the choices live in
 * the URL; without JavaScript a "Show schemas" / "Show tables" button reloads the page, with it a
 * change reloads at once), then a posted form choosing the table and creating the dataset.
 */
import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { useRef } from 'react';
import { CsrfInput } from '../csrf-input';
import { Button } from '../primitives/button';
import { Select } from '../primitives/select';
import { useHydrated } from '../use-hydrated';
import type { Choice } from './list-types';

export type AddDatasetPage = {
  databases: Choice[];
  /** The chosen database's id, or ''. */
  database: string;
  /** The database's schemas once one is chosen (null before, or when they could not be read). */
  schemas: string[] | null;
  schema: string;
  /**
   * `dataset`: the table has one in this schema (a second is refused), or one naming no schema
   * (most likely this table in the default schema: said, not refused).
   */
  tables: { name: string; type: string; dataset: 'schema' | 'default' | null }[] | null;
  /** Why the schemas or tables could not be read. */
  error: string | null;
};

function StepsForm({ page }: { page: AddDatasetPage }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  // A changed database makes the schema meaningless: drop it before reloading.
  const reload = (dropSchema: boolean) => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    if (dropSchema) data.delete('schema');
    submit(data, { method: 'get', replace: true, preventScrollReset: true });
  };
  return (
    <Form ref={formRef} method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose the database and schema">
      <Select id="add-database" name="database" label="Database" defaultValue={page.database} key={`db-${page.database}`}
        onChange={hydrated ? () => reload(true) : undefined} className="w-64">
        <option value="">Choose a database</option>
        {page.databases.map((d) => <option key={d.value} value={d.value}>{d.label}</option>)}
      </Select>
      {page.schemas && (
        <Select id="add-schema" name="schema" label="Schema" defaultValue={page.schema} key={`schema-${page.database}-${page.schema}`}
          onChange={hydrated ? () => reload(false) : undefined} className="w-64">
          <option value="">Choose a schema</option>
          {page.schemas.map((s) => <option key={s} value={s}>{s}</option>)}
        </Select>
      )}
      {!hydrated && <Button type="submit">{page.schemas ? 'Show tables' : 'Show schemas'}</Button>}
    </Form>
  );
}

function TableForm({ page, error }: { page: AddDatasetPage; error: string | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const tables = page.tables ?? [];
  if (tables.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">The schema {page.schema} has no tables or views.</p>;
  return (
    <Form method="post" className="space-y-4" aria-label="Create the dataset">
      <CsrfInput />
      <input type="hidden" name="database" value={page.database} />
      <input type="hidden" name="schema" value={page.schema} />
      <Select id="add-table" name="table_name" label="Table" defaultValue="" required className="w-96 max-w-full"
        error={error} errorRole="alert">
        <option value="" disabled>Choose a table</option>
        {tables.map((t) => (
          <option key={t.name} value={t.name} disabled={t.dataset === 'schema'}>
            {[t.name, t.type === 'table' ? '' : ` (${t.type.replace('_', ' ')})`, t.dataset ? ' (has a dataset)' : ''].join('')}
          </option>
        ))}
      </Select>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="create" variant="primary" disabled={busy}>Create dataset</Button>
        <Button type="submit" name="intent" value="create-explore" disabled={busy}>Create dataset and explore</Button>
      </div>
    </Form>
  );
}

export function AddDatasetForm({ page, error }: { page: AddDatasetPage; error: string | undefined }) {
  return (
    <div className="space-y-6">
      <StepsForm page={page} />
      {page.error && <p role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">{page.error}</p>}
      {page.tables ? (
        <TableForm page={page} error={error} />
      ) : (
        !page.error && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {page.database ? 'Choose the schema of the table.' : 'Choose the database of the table the dataset reads.'}
          </p>
        )
      )}
    </div>
  );
}
