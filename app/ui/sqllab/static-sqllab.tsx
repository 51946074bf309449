/**
 * SQL Lab as plain HTML forms: what renders on the server and works without JavaScript (run a
 * query, page through its results, save it), and the confirmation shown for queries posted here
 * from elsewhere. The hydrated editor replaces it.
 */
import { Form, Link, useNavigate } from '@remix-run/react';
import type { FormEvent } from 'react';
import { confirmedQueryState } from '~/lib/sqllab/confirmed-query';
import type { PageError, RenderedResults } from '~/lib/sqllab/page-forms';
import { CsrfInput } from '../csrf-input';
import { Button, buttonClass } from '../primitives/button';
import { Input, TextArea } from '../primitives/input';
import { Select } from '../primitives/select';
import { useHydrated } from '../use-hydrated';

export type DatabaseOption = { id: number; database_name: string };

export function ErrorNotice({ error }: { error: PageError }) {
  return (
    <div role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-4 py-3 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">
      <p className="font-medium">{error.message}</p>
      {error.errors && error.errors.length > 1 && (
        <ul className="mt-1 list-inside list-disc">{error.errors.slice(1).map((e, i) => <li key={i}>{e.message}</li>)}</ul>
      )}
    </div>
  );
}

export function LimitBadge({ limitReached, limit }: { limitReached: boolean; limit: number | null }) {
  if (!limitReached) return null;
  return (
    <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100" title={limit ? `The query was limited to ${limit} rows` : undefined}>
      limit reached
    </span>
  );
}

export function ResultsTable({ results }: { results: RenderedResults }) {
  const pageLink = (page: number) => `/sqllab/?results=${encodeURIComponent(results.resultsKey ?? '')}&page=${page}`;
  return (
    <section aria-labelledby="results-title" className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="results-title" className="text-lg font-semibold">Results</h2>
        <span className="text-sm text-slate-600 dark:text-slate-300" data-testid="row-count">{results.totalRows} rows</span>
        <LimitBadge limitReached={results.limitReached} limit={results.limit} />
      </div>
      <div className="max-h-[60vh] overflow-auto rounded-md border border-slate-200 dark:border-slate-800">
        <table className="min-w-full text-left text-sm">
          <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
            <tr>{results.columns.map((c, i) => <th key={i} scope="col" className="px-3 py-2 font-semibold">{c}</th>)}</tr>
          </thead>
          <tbody>
            {results.rows.map((row, r) => (
              <tr key={r} className="border-t border-slate-100 dark:border-slate-800">
                {row.map((cell, c) => (
                  <td key={c} className="whitespace-nowrap px-3 py-1.5 font-mono">
                    {cell === null ? <span className="text-slate-400 italic">NULL</span> : cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {results.pageCount > 1 && results.resultsKey && (
        <nav aria-label="Result pages" className="flex items-center gap-3 text-sm">
          {results.page > 1 && <Link to={pageLink(results.page - 1)} className="text-brand-700 underline dark:text-brand-100">Previous page</Link>}
          <span>Page {results.page} of {results.pageCount}</span>
          {results.page < results.pageCount && <Link to={pageLink(results.page + 1)} className="text-brand-700 underline dark:text-brand-100">Next page</Link>}
        </nav>
      )}
    </section>
  );
}

type QueryFields = { sql: string; dbId: number | null; schema: string | null; queryLimit: number };

export function StaticSqlLab(props: {
  databases: DatabaseOption[];
  limits: number[];
  query: QueryFields;
  results: RenderedResults | null;
  error: PageError | null;
  fieldErrors: Record<string, string>;
  saveError: string | null;
}) {
  const { databases, limits, query, results, error, fieldErrors } = props;
  return (
    <div className="space-y-6">
      <Form method="post" action="/sqllab/?index" className="space-y-3" aria-label="Run a query">
        <CsrfInput />
        <div className="flex flex-wrap gap-3">
          <Select id="sqllab-database" name="database_id" label="Database" defaultValue={query.dbId ?? databases[0]?.id} required error={fieldErrors.database_id}>
            {databases.map((db) => <option key={db.id} value={db.id}>{db.database_name}</option>)}
          </Select>
          <Input id="sqllab-schema" name="schema" label="Schema" defaultValue={query.schema ?? ''} />
          <Select id="sqllab-limit" name="queryLimit" label="Limit" defaultValue={query.queryLimit}>
            {limits.map((n) => <option key={n} value={n}>{n.toLocaleString('en-US')}</option>)}
          </Select>
        </div>
        <TextArea id="sqllab-sql" name="sql" label="SQL" defaultValue={query.sql} rows={10} spellCheck={false} error={fieldErrors.sql} controlClassName="font-mono" />
        <Button type="submit" name="intent" value="run" variant="primary">Run</Button>
      </Form>
      {error && <ErrorNotice error={error} />}
      {results && <ResultsTable results={results} />}
      <details className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
        <summary className="cursor-pointer text-sm font-medium">Save query</summary>
        <Form method="post" action="/sqllab/?index" className="mt-3 grid gap-3 sm:grid-cols-2">
          <CsrfInput />
          <input type="hidden" name="database_id" value={query.dbId ?? databases[0]?.id ?? ''} />
          <input type="hidden" name="schema" value={query.schema ?? ''} />
          <input type="hidden" name="sql" value={query.sql} />
          <Input name="label" label="Name" required error={fieldErrors.label} />
          <Input name="description" label="Description" />
          {props.saveError && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300 sm:col-span-2">{props.saveError}</p>}
          <div><Button type="submit" name="intent" value="save-query" variant="primary">Save query</Button></div>
        </Form>
      </details>
    </div>
  );
}

/**
 * A query posted from elsewhere: shown, never run until the user clicks Run (a form of ours).
 * Without JavaScript the form runs it on the server and renders the results. With JavaScript the
 * editor opens it in a new tab and runs it there: the form is not sent, else the query would run
 * twice (once by the page action, once in the tab).
 */
export function PostedQueryConfirmation({ sql, dbId, schema, databases, defaultLimit }: { sql: string; dbId: number | null; schema: string | null; databases: DatabaseOption[]; defaultLimit: number }) {
  const database = databases.find((d) => d.id === dbId);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const openInEditor = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    navigate('/sqllab/', { state: confirmedQueryState({ sql, dbId, schema }) });
  };
  return (
    <section aria-labelledby="confirm-title" className="mx-auto max-w-3xl space-y-4">
      <h1 id="confirm-title" className="text-2xl font-semibold">Run this query?</h1>
      <p className="text-slate-700 dark:text-slate-300">
        Another page sent this query to SQL Lab. Nothing has run. Read it, and click Run to open it in the editor and run it
        {database ? <> on <strong>{database.database_name}</strong></> : null}.
      </p>
      <label htmlFor="posted-sql" className="block text-sm font-medium">SQL</label>
      <textarea id="posted-sql" readOnly value={sql} rows={Math.min(20, sql.split('\n').length + 1)}
        className="block w-full rounded-md border border-slate-300 bg-slate-50 p-3 font-mono text-sm dark:border-slate-700 dark:bg-slate-900" />
      {!database && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">The database of this query is not available to you in SQL Lab.</p>}
      <Form method="post" action="/sqllab/?index" className="flex gap-3" onSubmit={openInEditor}>
        <CsrfInput />
        <input type="hidden" name="sql" value={sql} />
        <input type="hidden" name="database_id" value={dbId ?? ''} />
        <input type="hidden" name="schema" value={schema ?? ''} />
        <input type="hidden" name="queryLimit" value={defaultLimit} />
        <Button type="submit" name="intent" value="run" variant="primary" disabled={!database}>Run</Button>
        <Link to="/sqllab/" className={buttonClass('secondary', 'sm')}>Cancel</Link>
      </Form>
    </section>
  );
}
