import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { databaseFormAction } from '../databaseview.add/page.server';
import { loadEditPage } from './page.server';
import { DatabaseForm, DeleteDatabase, EnginePicker } from '~/ui/database-form';
import { ErrorPage } from '~/ui/error-page';
import { linkClass } from '~/ui/primitives/button';
import { Icon } from '~/ui/primitives/icon';

export const loader = ({ request, params }: LoaderFunctionArgs) => loadEditPage(request, params.id);

export const action = ({ request, params }: ActionFunctionArgs) => databaseFormAction(request, params.id);

export default function EditDatabase() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const database = page.database!;
  const base = `/databaseview/${database.id}/edit`;
  const refusal = result?.intent === 'delete' ? result.notice?.text : undefined;
  return (
    <section aria-labelledby="edit-database-title" className="mx-auto max-w-3xl space-y-6">
      <p><Link to="/databaseview/list/" className={`${linkClass} inline-flex items-center gap-1`}><Icon name="arrow-left" /> All databases</Link></p>
      <h1 id="edit-database-title" className="text-2xl font-semibold">Edit database {database.name}</h1>
      <EnginePicker page={page} basePath={base} />
      <DatabaseForm key={`${page.engine}:${page.connectWith}`} page={page} result={result?.intent === 'delete' ? undefined : result} />
      <DeleteDatabase name={database.name} refusal={refusal} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.database ? `Edit ${d.database.name}` : 'Edit database'} · Sightline` }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
