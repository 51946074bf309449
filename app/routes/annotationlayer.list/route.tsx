/**
 * /annotationlayer/list/: the annotation layers, with add, edit (`?edit=<id>`) and delete as
 * plain forms, so all of it works without JavaScript. Reading takes can_read on Annotation,
 * changing can_write (Admin and Alpha, as in Superset).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { hasPermission } from '~/lib/permissions';
import { successToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { ANNOTATION_VIEW, createLayer, deleteLayer, getLayer, updateLayer } from '~/server/annotations/layers.server';
import { LAYER_LIST, listLayerPage, type LayerRow } from '~/server/annotations/list.server';
import { layerFormInput, LayerCreateSchema } from '~/server/annotations/schemas.server';
import { InvalidInputError } from '~/server/domain-errors.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import { CsrfInput } from '~/ui/csrf-input';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, type Column } from '~/ui/list-table';
import { Pager } from '~/ui/pager';
import { buttonClass, linkClass } from '~/ui/primitives/button';
import { Input, TextArea } from '~/ui/primitives/input';
import { SearchForm } from '~/ui/search-form';
import { positiveInt, postedValues, saveForm, type FormFailure } from './form.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_read', ANNOTATION_VIEW);
  const params = new URL(request.url).searchParams;
  return pageResult(async () => {
    const editId = positiveInt(params.get('edit'));
    const canWrite = hasPermission(user.roles, 'can_write', ANNOTATION_VIEW);
    const [page, editing] = await Promise.all([
      listLayerPage(user, parsePageQuery(params, LAYER_LIST)),
      canWrite && editId !== null ? getLayer(user, editId) : null,
    ]);
    return { page, editing, canWrite };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWith(request, 'can_write', ANNOTATION_VIEW);
  return pageResult(async () => {
    const form = await readForm(request);
    const intent = String(form.get('intent') ?? '');
    const id = positiveInt(form.get('id'));
    const done = async (text: string) => redirect('/annotationlayer/list/', { headers: { 'Set-Cookie': await flashToasts(request, [successToast(text)]) } });
    const values = postedValues(form, ['name', 'descr']);
    switch (intent) {
      case 'create-layer': {
        const failure = await saveForm({ intent, id: null, values }, layerFormInput(form), LayerCreateSchema, (input) => createLayer(user, input));
        return failure ?? done(`Annotation layer ${values.name.trim()} was added.`);
      }
      case 'save-layer': {
        if (id === null) throw new InvalidInputError('Which layer? The form has no id.');
        const failure = await saveForm({ intent, id, values }, layerFormInput(form), LayerCreateSchema, (input) => updateLayer(user, id, input));
        return failure ?? done(`Annotation layer ${values.name.trim()} was saved.`);
      }
      case 'delete-layer': {
        if (id === null) throw new InvalidInputError('Which layer? The form has no id.');
        const { name } = await getLayer(user, id);
        // A layer that still has annotations is refused (422): the page says why rather than failing.
        const failure = await saveForm({ intent, id, values: {} }, {}, z.object({}), () => deleteLayer(user, id));
        return failure ?? done(`Annotation layer ${name} was deleted.`);
      }
      default:
        throw new InvalidInputError(`Unknown intent: ${intent}`);
    }
  });
}



function LayerForm({ intent, id, submitLabel, values, errors }: { intent: string; id?: number; submitLabel: string; values: Record<string, string>; errors: Record<string, string> }) {
  return (
    <Form method="post" action="/annotationlayer/list/" className="space-y-4" noValidate>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      <Input name="name" id={`${intent}-name`} label="Layer name" required maxLength={250} defaultValue={values.name ?? ''} error={errors.name} />
      <TextArea name="descr" id={`${intent}-descr`} label="Description" rows={2} defaultValue={values.descr ?? ''} error={errors.descr} />
      {errors.form && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{errors.form}</p>}
      <button type="submit" className={buttonClass('primary')}>{submitLabel}</button>
    </Form>
  );
}

const sectionClass = 'rounded-lg border border-slate-200 p-4 dark:border-slate-800';

export default function AnnotationLayerList() {
  const { page, editing, canWrite } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as FormFailure | undefined;
  const failedOn = (intent: string) => (failed?.intent === intent ? failed : undefined);
  const editFailure = failedOn('save-layer');
  const editTarget = editFailure ? { id: editFailure.id ?? 0, values: editFailure.values, errors: editFailure.errors }
    : editing ? { id: editing.id, values: { name: editing.name, descr: editing.descr ?? '' }, errors: {} } : null;

  const columns: Column<LayerRow>[] = [
    {
      key: 'name', header: 'Name', sortKey: 'name', rowHeader: true,
      cell: (l) => <Link to={`/annotationlayer/${l.id}/annotation`} className={linkClass}>{l.name}<span className="sr-only"> (annotations)</span></Link>,
    },
    { key: 'descr', header: 'Description', sortKey: 'descr', cell: (l) => l.descr || '—' },
    { key: 'annotations', header: 'Annotations', cell: (l) => l.annotations },
    { key: 'modified', header: 'Last modified', sortKey: 'changed_on', firstDir: 'desc', cell: (l) => <DateTime iso={l.changedOn} /> },
    { key: 'by', header: 'Modified by', cell: (l) => l.changedBy ?? '—' },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions', header: 'Actions',
      cell: (l) => (
        <div className="flex flex-wrap items-start gap-3">
          <Link to={`?edit=${l.id}`} className={linkClass}>Edit<span className="sr-only"> {l.name}</span></Link>
          <details>
            <summary className="cursor-pointer text-rose-700 dark:text-rose-300">Delete<span className="sr-only"> {l.name}</span></summary>
            <Form method="post" action="/annotationlayer/list/" className="mt-2 space-y-2">
              <CsrfInput />
              <input type="hidden" name="intent" value="delete-layer" />
              <input type="hidden" name="id" value={l.id} />
              <p className="text-xs">{l.annotations ? 'Delete its annotations first.' : 'This cannot be undone.'}</p>
              <button type="submit" className={buttonClass('danger', 'sm')}>Delete {l.name}</button>
            </Form>
          </details>
        </div>
      ),
    });
  }

  return (
    <section aria-labelledby="layers-title" className="space-y-4">
      <h1 id="layers-title" className="text-2xl font-semibold">Annotation layers</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        A layer holds annotations (labelled dates and time ranges) that time-series charts can draw over their data.
      </p>
      {canWrite && (
        <details className={sectionClass} open={Boolean(failedOn('create-layer'))}>
          <summary className="cursor-pointer font-medium">Add annotation layer</summary>
          <div className="mt-3">
            <LayerForm intent="create-layer" submitLabel="Add layer" values={failedOn('create-layer')?.values ?? {}} errors={failedOn('create-layer')?.errors ?? {}} />
          </div>
        </details>
      )}
      {editTarget && (
        <section className={sectionClass} aria-labelledby="edit-layer-title">
          <h2 id="edit-layer-title" className="mb-3 text-lg font-semibold">Edit layer</h2>
          <LayerForm intent="save-layer" id={editTarget.id} submitLabel="Save layer" values={editTarget.values} errors={editTarget.errors} />
          <p className="mt-2"><Link to="/annotationlayer/list/" className={linkClass}>Cancel</Link></p>
        </section>
      )}
      {failedOn('delete-layer') && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{failedOn('delete-layer')?.errors.form}</p>}
      <SearchForm label="Search by name or description" search={page.search} keep={{ sort: page.sort, dir: page.dir }} />
      <ListTable caption="Annotation layers" noun="layers" columns={columns} rows={page.rows} rowKey={(l) => l.id} state={page}
        search={page.search} empty={<p>No annotation layers yet.</p>} />
      <Pager state={page} noun="layers" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Annotation layers · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
