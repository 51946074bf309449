/**
 * /explore/: a placeholder until chart building lands. It already loads the dataset the URL names
 * (permission and access checked) and shows what a chart will be built from: its name, database,
 * SQL and columns.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ErrorPage } from '~/ui/error-page';
import { loadExplorePlaceholder } from './page.server';

export const loader = ({ request }: LoaderFunctionArgs) => loadExplorePlaceholder(request);

const GENERIC_NAMES: Record<number, string> = { 0: 'Numeric', 1: 'String', 2: 'Temporal', 3: 'Boolean' };

export default function ExplorePlaceholder() {
  const { dataset } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="explore-title" className="space-y-6">
      <div className="space-y-1">
        <p className="text-sm text-slate-600 dark:text-slate-300">Explore · {dataset.kind === 'virtual' ? 'Virtual dataset' : 'Physical dataset'}</p>
        <h1 id="explore-title" className="text-2xl font-semibold">{dataset.table_name}</h1>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1"><dt className="font-medium">Database</dt><dd>{dataset.database.database_name}</dd></div>
          <div className="flex gap-1"><dt className="font-medium">Schema</dt><dd>{dataset.schema ?? '—'}</dd></div>
        </dl>
      </div>
      <p role="note" className="rounded-md border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100">
        Chart building comes with the Explore work. The dataset is saved: its columns are listed below.
      </p>
      {dataset.sql && (
        <section aria-labelledby="explore-sql" className="space-y-2">
          <h2 id="explore-sql" className="text-lg font-semibold">SQL</h2>
          <pre className="max-h-72 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm dark:border-slate-800 dark:bg-slate-900">{dataset.sql}</pre>
        </section>
      )}
      <section aria-labelledby="explore-columns" className="space-y-2">
        <h2 id="explore-columns" className="text-lg font-semibold">Columns</h2>
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
          <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
            <caption className="sr-only">Columns of {dataset.table_name}</caption>
            <thead className="bg-slate-50 dark:bg-slate-900">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Column</th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Type</th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Kind</th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Temporal</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {dataset.columns.map((c) => (
                <tr key={c.column_name}>
                  <td className="px-3 py-2 font-mono">{c.column_name}</td>
                  <td className="px-3 py-2 font-mono">{c.type ?? '—'}</td>
                  <td className="px-3 py-2">{c.type_generic === null ? '—' : (GENERIC_NAMES[c.type_generic] ?? '—')}</td>
                  <td className="px-3 py-2">{c.is_dttm ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.dataset.table_name ?? 'Explore'} · Explore · Sightline` }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
