import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { addDatasetAction, loadAddDatasetPage } from './page.server';
import { AddDatasetForm } from '~/ui/datasets/add-dataset-form';
import { ErrorPage } from '~/ui/error-page';
import { linkClass } from '~/ui/primitives/button';
import { Icon } from '~/ui/primitives/icon';

export const loader = ({ request }: LoaderFunctionArgs) => loadAddDatasetPage(request);

export const action = ({ request }: ActionFunctionArgs) => addDatasetAction(request);

export default function AddDataset() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="add-dataset-title" className="mx-auto max-w-3xl space-y-6">
      <p><Link to="/tablemodelview/list/" className={`${linkClass} inline-flex items-center gap-1`}><Icon name="arrow-left" /> All datasets</Link></p>
      <h1 id="add-dataset-title" className="text-2xl font-semibold">New dataset</h1>
      <AddDatasetForm page={page} error={result?.error} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'New dataset · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
