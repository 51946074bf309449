/**
 * SQL Lab as plain HTML forms: what renders on the server and works without JavaScript (run a
 * query, page through its results, save it), and the confirmation shown for queries posted here
 * from elsewhere. The hydrated editor replaces it in the same layout.
 */
import { Form, Link, useNavigate } from '@remix-run/react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { confirmedQueryState } from '~/lib/sqllab/confirmed-query';
import type { PageError, RenderedResults } from '~/lib/sqllab/page-forms';
import { CsrfInput } from '../csrf-input';
import { Button, buttonClass } from '../primitives/button';
import { Icon } from '../primitives/icon';
import { Input } from '../primitives/input';
import { Select } from '../primitives/select';
import { useHydrated } from '../use-hydrated';
import { EDITOR_TEXTAREA_CLASS } from './editor';
import { TOOLBAR_CLASS } from './editor-toolbar';
import { LEFT_BAR_CLASS } from './left-bar';
import { limitMessage, rowCountText, textColumnDisplays } from './result-text';
import { SplitPanes } from './split-panes';
import { SqlLabFrame } from './sqllab-frame';
import { TAB_LIST_CLASS, TABS_BAR_CLASS, tabClass } from './tabs-bar';

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

/** Why the rows stop where they do, in Superset's words; nothing when nothing limited them. */
export function LimitNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100" data-testid="limit-message">
      {message}
    </span>
  );
}

/** The limiting factor of server-rendered results: the server's when it says it, else the dropdown's limit when reached. */
function renderedLimitMessage(results: RenderedResults, defaultLimit: number): string | null {
  const said = (results as RenderedResults & { limitingFactor?: string | null }).limitingFactor;
  const limitingFactor = said ?? (results.limitReached ? 'DROPDOWN' : null);
  return limitMessage({ limitingFactor, rows: results.totalRows, limit: results.limit, defaultLimit });
}

export function ResultsTable({ results, defaultLimit }: { results: RenderedResults; defaultLimit: number }) {
  const pageLink = (page: number) => `/sqllab/?results=${encodeURIComponent(results.resultsKey ?? '')}&page=${page}`;
  const displays = textColumnDisplays(results.columns.length, results.rows);
  return (
    <section aria-labelledby="results-title" className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="results-title" className="text-lg font-semibold">Results</h2>
        <span className="text-sm text-slate-600 dark:text-slate-300" data-testid="row-count">{rowCountText(results.totalRows, false)}</span>
        <LimitNotice message={renderedLimitMessage(results, defaultLimit)} />
      </div>
      {/* Scrolls by itself: focusable and named, so a keyboard reaches every row and column. */}
      <div tabIndex={0} role="region" aria-label="Result rows" className="min-h-0 flex-1 overflow-auto rounded-md border border-slate-200 dark:border-slate-800">
        <table className="min-w-full text-left text-sm">
          <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
            <tr>{results.columns.map((c, i) => <th key={i} scope="col" className={`px-3 py-2 font-semibold ${displays[i]?.align === 'right' ? 'text-right' : ''}`}>{c}</th>)}</tr>
          </thead>
          <tbody>
            {results.rows.map((row, r) => (
              <tr key={r} className="border-t border-slate-100 dark:border-slate-800">
                {row.map((cell, c) => (
                  <td key={c} className={`whitespace-nowrap px-3 py-1.5 font-mono ${displays[c]?.align === 'right' ? 'text-right tabular-nums' : ''}`}>
                    {cell === null ? <span className="italic text-slate-600 dark:text-slate-400">NULL</span> : displays[c]?.text(cell) ?? cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {results.pageCount > 1 && results.resultsKey && (
        <nav aria-label="Result pages" className="flex shrink-0 items-center gap-3 text-sm">
          {results.page > 1 && <Link to={pageLink(results.page - 1)} className="text-brand-700 underline dark:text-brand-100">Previous page</Link>}
          <span>Page {results.page} of {results.pageCount}</span>
          {results.page < results.pageCount && <Link to={pageLink(results.page + 1)} className="text-brand-700 underline dark:text-brand-100">Next page</Link>}
        </nav>
      )}
    </section>
  );
}

type QueryFields = { sql: string; dbId: number | null; schema: string | null; queryLimit: number };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function textareaHtml(sql: string, errorId: string | null): string {
  const described = errorId ? ` aria-invalid="true" aria-describedby="${errorId}"` : '';
  // A leading newline of a textarea's content is dropped by the HTML parser: one more keeps the SQL's own.
  return `<textarea id="sqllab-sql" name="sql" spellcheck="false" class="${EDITOR_TEXTAREA_CLASS}"${described}>\n${escapeHtml(sql)}</textarea>`;
}

export type TypedFields = { sql?: string; dbId?: number; schema?: string | null };

/** What was typed or chosen in the server-rendered page before it hydrated, handed to the hydrated editor once. */
let typedBeforeHydration: TypedFields | null = null;

export function takeTypedFields(): TypedFields | null {
  const typed = typedBeforeHydration;
  typedBeforeHydration = null;
  return typed;
}

/** The fields of the server's form that the user changed (their value differs from the HTML's). */
function changedFields(form: HTMLFormElement): TypedFields | null {
  const typed: TypedFields = {};
  const sql = form.elements.namedItem('sql');
  if (sql instanceof HTMLTextAreaElement && sql.value !== sql.defaultValue) typed.sql = sql.value;
  const db = form.elements.namedItem('database_id');
  if (db instanceof HTMLSelectElement) {
    const initial = Array.from(db.options).find((o) => o.defaultSelected) ?? db.options[0];
    if (initial && db.value !== initial.value && Number(db.value)) typed.dbId = Number(db.value);
  }
  const schema = form.elements.namedItem('schema');
  if (schema instanceof HTMLInputElement && schema.value !== schema.defaultValue) typed.schema = schema.value.trim() || null;
  // Another database with the schema untouched: the old database's schema is not its (the hydrated select clears it the same way).
  else if (typed.dbId !== undefined) typed.schema = null;
  return Object.keys(typed).length ? typed : null;
}

/**
 * SQL Lab without JavaScript, in the hydrated editor's layout (sqllab-frame.tsx): one form holds
 * the database, schema, limit, SQL and the save fields, so Run and Save query both send the SQL
 * as it is in the textarea.
 */
export function StaticSqlLab(props: {
  databases: DatabaseOption[];
  limits: number[];
  defaultLimit: number;
  query: QueryFields;
  /** The tabs the server knows (backend persistence; with their ids), else the one this page stands for (no id). */
  tabs: { id: number | null; name: string; active: boolean }[];
  /** Whether the tab bar switches and opens tabs (form posts kept on the server); else it only names the tab shown. */
  tabForms?: boolean;
  results: RenderedResults | null;
  error: PageError | null;
  notice: ReactNode;
  fieldErrors: Record<string, string>;
  saveError: string | null;
}) {
  const { databases, limits, query, results, error, fieldErrors } = props;
  const formRef = useRef<HTMLFormElement>(null);
  // Runs at hydration, before the hydrated editor replaces this form: what was typed goes over.
  useEffect(() => {
    if (formRef.current) typedBeforeHydration = changedFields(formRef.current);
  }, []);
  const saveOpen = Boolean(props.saveError || fieldErrors.label);
  const tabForms = Boolean(props.tabForms);
  const shownTabId = tabForms ? (props.tabs.find((t) => t.active)?.id ?? null) : null;
  return (
    <Form ref={formRef} method="post" action="/sqllab/?index" className="h-full min-h-0" aria-label="Run a query">
      <CsrfInput />
      {/* Enter in a field submits with the form's first submit button: Run, not the tab bar's buttons before it. */}
      {tabForms && <button type="submit" name="intent" value="run" formNoValidate hidden tabIndex={-1} />}
      <SqlLabFrame
        notice={props.notice}
        tabs={(
          <div className={TABS_BAR_CLASS}>
            {shownTabId !== null && <input type="hidden" name="tab_id" value={shownTabId} />}
            <div role="tablist" aria-label="Query tabs" className={TAB_LIST_CLASS}>
              {props.tabs.map((tab, i) => (
                tabForms && !tab.active && tab.id !== null ? (
                  // Without JavaScript a tab is a submit button of the page's form: the shown tab keeps
                  // what was typed, then this one becomes active (tab-intents.server.ts). Reachable by
                  // Tab, since arrow keys need the script.
                  <button key={tab.id} type="submit" role="tab" aria-selected={false} name="intent" value="switch-tab"
                    formAction={`/sqllab/?index&tab=${tab.id}`} formNoValidate className={tabClass(false)}>{tab.name}</button>
                ) : (
                  <span key={tab.id ?? `shown-${i}`} role="tab" aria-selected={tab.active} aria-disabled={tab.active ? undefined : true} tabIndex={tab.active ? 0 : -1} className={tabClass(tab.active)}>{tab.name}</span>
                )
              ))}
            </div>
            {tabForms && (
              <button type="submit" name="intent" value="new-tab" formNoValidate aria-label="New tab" title="New tab" className={buttonClass('ghost', 'icon', 'mb-0.5 shrink-0')}>
                <Icon name="plus" className="h-5 w-5" />
              </button>
            )}
          </div>
        )}
        leftBar={(
          <aside aria-label="Browse tables" className={`${LEFT_BAR_CLASS} max-md:grid max-md:grid-cols-2 max-md:gap-2`}>
            <Select id="sqllab-database" name="database_id" label="Database" defaultValue={query.dbId ?? databases[0]?.id} required error={fieldErrors.database_id}>
              {databases.map((db) => <option key={db.id} value={db.id}>{db.database_name}</option>)}
            </Select>
            <Input id="sqllab-schema" name="schema" label="Schema" defaultValue={query.schema ?? ''} />
          </aside>
        )}
        toolbar={(
          <div className={TOOLBAR_CLASS} role="toolbar" aria-label="Query actions">
            <Button type="submit" name="intent" value="run" variant="primary" size="sm" formNoValidate>Run</Button>
            <Select id="sqllab-limit" name="queryLimit" label="Limit" layout="inline" defaultValue={query.queryLimit} className="max-sm:[&_label]:sr-only">
              {limits.map((n) => <option key={n} value={n}>{n.toLocaleString('en-US')}</option>)}
            </Select>
            <span className="flex-1" />
            <details className="relative" open={saveOpen}>
              <summary className={buttonClass('secondary', 'sm', 'cursor-pointer list-none')}>Save query</summary>
              <div className="absolute right-0 z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] space-y-3 rounded-md border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900">
                <Input name="label" label="Name" error={fieldErrors.label} aria-required />
                <Input name="description" label="Description" />
                {props.saveError && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{props.saveError}</p>}
                <Button type="submit" name="intent" value="save-query" variant="primary" size="sm">Save query</Button>
              </div>
            </details>
          </div>
        )}
        panes={(
          <SplitPanes northPercent={50} southLabel="Results pane"
            north={(
              <div className="relative min-h-32 flex-1 overflow-hidden rounded-md border border-slate-300 dark:border-slate-700">
                <label htmlFor="sqllab-sql" className="sr-only">SQL</label>
                {/* Plain HTML that React does not own: hydrating a <textarea> resets its value to the
                    server's text, which would lose what was typed meanwhile. */}
                <div className="contents" dangerouslySetInnerHTML={{ __html: textareaHtml(query.sql, fieldErrors.sql ? 'sqllab-sql-error' : null) }} />
              </div>
            )}
            south={(
              <>
                {fieldErrors.sql && <p id="sqllab-sql-error" role="alert" className="text-sm text-rose-700 dark:text-rose-300">{fieldErrors.sql}</p>}
                {error && <ErrorNotice error={error} />}
                {results && <ResultsTable results={results} defaultLimit={props.defaultLimit} />}
              </>
            )}
          />
        )}
      />
    </Form>
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
