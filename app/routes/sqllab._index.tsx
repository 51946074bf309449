import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUserWith } from '~/server/auth/current-user.server';
import { listSqlLabDatabases } from '~/server/databases/list-databases.server';
import { ErrorPage } from '~/ui/ErrorPage';

// A placeholder until the SQL Lab issue replaces it with the editor; it already enforces the gate.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'menu_access', 'SQL Lab');
  return { databases: await listSqlLabDatabases(user) };
}

export default function SqlLab() {
  const { databases } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="sqllab-title" className="space-y-4">
      <h1 id="sqllab-title" className="text-2xl font-semibold">SQL Lab</h1>
      <p className="text-slate-600 dark:text-slate-300">The SQL editor is not built yet. These databases will be available in it:</p>
      {databases.length ? (
        <ul className="list-inside list-disc">
          {databases.map((db) => <li key={db.id}>{db.name} <span className="text-slate-500 dark:text-slate-400">({db.backend})</span></li>)}
        </ul>
      ) : (
        <p>No database is exposed in SQL Lab.</p>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'SQL Lab · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
