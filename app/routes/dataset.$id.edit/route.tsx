import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { safeRedirect } from '~/lib/safe-redirect';
import { editorAction, loadEditorPage } from './page.server';
import { DatasetEditor } from '~/ui/datasets/dataset-editor';
import { ErrorPage } from '~/ui/error-page';
import { linkClass } from '~/ui/primitives/button';
import { Icon } from '~/ui/primitives/icon';

export const loader = ({ request, params }: LoaderFunctionArgs) => loadEditorPage(request, params.id);

export const action = ({ request, params }: ActionFunctionArgs) => editorAction(request, params.id);

export default function EditDataset() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // Explore's 'Edit dataset' says where it came from (`?next=`): the way back is to that chart.
  const back = safeRedirect(useSearchParams()[0].get('next'), '');
  return (
    <section aria-labelledby="edit-dataset-title" className="space-y-6">
      <p>
        {back
          ? <Link to={back} className={`${linkClass} inline-flex items-center gap-1`}><Icon name="arrow-left" /> Back to chart</Link>
          : <Link to="/tablemodelview/list/" className={`${linkClass} inline-flex items-center gap-1`}><Icon name="arrow-left" /> All datasets</Link>}
      </p>
      <h1 id="edit-dataset-title" className="text-2xl font-semibold">Edit dataset {page.dataset.name}</h1>
      {/* Saved data is a new form: its rows and fields start from what is stored. */}
      <DatasetEditor key={JSON.stringify(page.values)} page={page} result={result} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? `Edit ${d.dataset.name}` : 'Edit dataset'} · Sightline` }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
