import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { databaseFormAction, loadAddPage } from './page.server';
import { DatabaseForm, EnginePicker } from '~/ui/database-form';
import { ErrorPage } from '~/ui/error-page';
import { linkClass } from '~/ui/primitives/button';
import { Icon } from '~/ui/primitives/icon';

export const loader = ({ request }: LoaderFunctionArgs) => loadAddPage(request);

export const action = ({ request }: ActionFunctionArgs) => databaseFormAction(request, undefined);

const BASE = '/databaseview/add';

export default function AddDatabase() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const chosen = page.engine !== null || page.connectWith === 'uri';
  return (
    <section aria-labelledby="add-database-title" className="mx-auto max-w-3xl space-y-6">
      <p><Link to="/databaseview/list/" className={`${linkClass} inline-flex items-center gap-1`}><Icon name="arrow-left" /> All databases</Link></p>
      <h1 id="add-database-title" className="text-2xl font-semibold">Connect a database</h1>
      <EnginePicker page={page} basePath={BASE} />
      {chosen ? (
        // A new engine or way to connect is a new form: its fields start from their defaults.
        <DatabaseForm key={`${page.engine}:${page.connectWith}`} page={page} result={result} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Choose the engine of the database above, or{' '}
          <Link to={`${BASE}?method=uri`} className={`${linkClass} underline`}>connect with a SQLAlchemy URI</Link>.
        </p>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Connect a database · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
