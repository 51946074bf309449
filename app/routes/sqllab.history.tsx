import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireUserWith } from '~/server/auth/current-user.server';
import { ErrorPage } from '~/ui/ErrorPage';

// A placeholder until the SQL Lab issue records queries; it already enforces the permission.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, 'can_read', 'Query');
  return null;
}

export default function QueryHistory() {
  return (
    <section aria-labelledby="history-title" className="space-y-4">
      <h1 id="history-title" className="text-2xl font-semibold">Query history</h1>
      <div className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
        <p>No queries yet. Queries you run in SQL Lab will be listed here once the SQL editor arrives.</p>
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Query history · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
