import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { pageResult } from '~/server/api/error-response.server';
import { ErrorPage } from '~/ui/error-page';
import { SqlLabEditor } from '~/ui/sqllab/sqllab-editor';
import { ErrorNotice, PostedQueryConfirmation, StaticSqlLab } from '~/ui/sqllab/static-sqllab';
import { useHydrated } from '~/ui/use-hydrated';
import { loadSqlLabPage, sqlLabPageAction } from './page.server';

// The gate (menu_access on SQL Lab) is in loadSqlLabPage: a Gamma user gets 403.
export const loader = ({ request }: LoaderFunctionArgs) => pageResult(() => loadSqlLabPage(request));

export const action = ({ request }: ActionFunctionArgs) => pageResult(() => sqlLabPageAction(request));

export default function SqlLab() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  const databases = Object.values(page.bootstrap.databases);

  const confirm = result?.intent === 'confirm' ? result.posted : page.confirm;
  if (confirm) {
    return <PostedQueryConfirmation {...confirm} databases={databases} defaultLimit={page.defaultLimit} />;
  }

  const run = result?.intent === 'run' ? result : null;
  const ranQuery = run && 'query' in run ? run.query : null;
  const ranResults = run && 'results' in run ? run.results : null;
  if (hydrated) {
    return (
      <SqlLabEditor
        page={page}
        opened={ranQuery ? { query: ranQuery, results: ranResults, error: run && 'error' in run ? run.error : null } : null}
      />
    );
  }

  const requested = page.requested;
  const query = ranQuery ?? page.resultsQuery ?? (requested ? { sql: requested.sql, dbId: requested.dbId, schema: requested.schema } : null);
  const save = result?.intent === 'save-query' ? result : null;
  // The server's tabs (with backend persistence) as the editor will show them; a query opened
  // from a link or the results of another tab stand for a tab of their own.
  const active = page.bootstrap.active_tab;
  const tabs = page.persistence && !requested && page.bootstrap.tab_state_ids.length > 0
    ? page.bootstrap.tab_state_ids.map((t) => ({ id: t.id, name: t.label, active: t.id === active?.id }))
    : [{ id: null, name: requested?.name || 'Untitled Query 1', active: true }];
  // Tabs switch and open as form posts (tab-intents.server.ts) when the server keeps them.
  const tabForms = page.persistence && !requested;
  const tabResult = result?.intent === 'switch-tab' || result?.intent === 'new-tab' ? result : null;
  const tabError = tabResult && 'error' in tabResult ? tabResult.error : null;
  const openNotice = page.openError ? { message: page.openError } : null;
  const notice = tabError ?? openNotice;
  const activeSql = page.persistence && active && !query ? active.sql : null;
  if (databases.length === 0) {
    return (
      <section aria-labelledby="sqllab-title" className="space-y-4">
        <h1 id="sqllab-title" className="text-2xl font-semibold">SQL Lab</h1>
        <p>No database is exposed in SQL Lab.</p>
      </section>
    );
  }
  return (
    <StaticSqlLab
      databases={databases}
      limits={page.limits}
      defaultLimit={page.defaultLimit}
      tabs={tabs}
      tabForms={tabForms}
      notice={notice ? <ErrorNotice error={notice} /> : null}
      query={{
        sql: query?.sql ?? activeSql ?? 'SELECT *\nFROM\nWHERE',
        dbId: query?.dbId ?? (activeSql !== null ? (active?.database_id ?? null) : null),
        schema: query?.schema ?? (activeSql !== null ? (active?.schema ?? null) : null),
        queryLimit: run && 'queryLimit' in run && run.queryLimit ? run.queryLimit : page.defaultLimit,
      }}
      results={ranResults ?? page.results}
      error={(run && 'error' in run ? run.error : null) ?? page.resultsError}
      fieldErrors={{
        ...(run && 'fieldErrors' in run ? run.fieldErrors : {}), ...(save && 'fieldErrors' in save ? save.fieldErrors : {}),
        ...(tabResult && 'fieldErrors' in tabResult ? tabResult.fieldErrors : {}),
      }}
      saveError={save && 'error' in save ? save.error.message : null}
    />
  );
}

/** The app shell gives this page the whole window: editor and results split it, the page does not scroll. */
export const handle = { fullWindow: true };

export const meta: MetaFunction = () => [{ title: 'SQL Lab · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
