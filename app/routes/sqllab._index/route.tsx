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
  return (
    <section aria-labelledby="sqllab-title" className="space-y-4">
      <h1 id="sqllab-title" className="text-2xl font-semibold">SQL Lab</h1>
      {page.openError && <ErrorNotice error={{ message: page.openError }} />}
      {databases.length === 0 ? (
        <p>No database is exposed in SQL Lab.</p>
      ) : (
        <StaticSqlLab
          databases={databases}
          limits={page.limits}
          query={{
            sql: query?.sql ?? 'SELECT *\nFROM\nWHERE',
            dbId: query?.dbId ?? null,
            schema: query?.schema ?? null,
            queryLimit: run && 'queryLimit' in run && run.queryLimit ? run.queryLimit : page.defaultLimit,
          }}
          results={ranResults ?? page.results}
          error={(run && 'error' in run ? run.error : null) ?? page.resultsError}
          fieldErrors={{ ...(run && 'fieldErrors' in run ? run.fieldErrors : {}), ...(save && 'fieldErrors' in save ? save.fieldErrors : {}) }}
          saveError={save && 'error' in save ? save.error.message : null}
        />
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'SQL Lab · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
