/**
 * /annotationlayer/{pk}/annotation: one layer's annotations, with add, edit (`?edit=<id>`) and
 * delete as plain forms that work without JavaScript. Dates are entered and shown in UTC (the
 * store's time); the JSON metadata must parse. Reading takes can_read on Annotation, changing can_write.
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
import { createAnnotation, deleteAnnotation, getAnnotation, updateAnnotation } from '~/server/annotations/annotations.server';
import { ANNOTATION_VIEW, getLayer } from '~/server/annotations/layers.server';
import { ANNOTATION_LIST, listAnnotationPage, type AnnotationRow } from '~/server/annotations/list.server';
import { annotationFormInput, AnnotationCreateSchema } from '~/server/annotations/schemas.server';
import { InvalidInputError, NotFoundError } from '~/server/domain-errors.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import { CsrfInput } from '~/ui/csrf-input';
import { ErrorPage } from '~/ui/error-page';
import { ListTable, type Column } from '~/ui/list-table';
import { Pager } from '~/ui/pager';
import { buttonClass, linkClass } from '~/ui/primitives/button';
import { Icon } from '~/ui/primitives/icon';
import { Input, TextArea } from '~/ui/primitives/input';
import { SearchForm } from '~/ui/search-form';
import { positiveInt, postedValues, saveForm, type FormFailure } from './annotationlayer.list/form.server';

const FIELDS = ['short_descr', 'long_descr', 'start_dttm', 'end_dttm', 'json_metadata'];

function layerId(raw: string | undefined): number {
  const id = positiveInt(raw);
  if (id === null) throw new NotFoundError('Annotation layer not found.');
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_read', ANNOTATION_VIEW);
  const search = new URL(request.url).searchParams;
  return pageResult(async () => {
    const pk = layerId(params.pk);
    const layer = await getLayer(user, pk);
    const canWrite = hasPermission(user.roles, 'can_write', ANNOTATION_VIEW);
    const editId = positiveInt(search.get('edit'));
    const [page, editing] = await Promise.all([
      listAnnotationPage(user, pk, parsePageQuery(search, ANNOTATION_LIST)),
      canWrite && editId !== null ? getAnnotation(user, pk, editId) : null,
    ]);
    return { layer, page, editing, canWrite };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWith(request, 'can_write', ANNOTATION_VIEW);
  return pageResult(async () => {
    const pk = layerId(params.pk);
    const form = await readForm(request);
    const intent = String(form.get('intent') ?? '');
    const id = positiveInt(form.get('id'));
    const here = `/annotationlayer/${pk}/annotation`;
    const done = async (text: string) => redirect(here, { headers: { 'Set-Cookie': await flashToasts(request, [successToast(text)]) } });
    const values = postedValues(form, FIELDS);
    switch (intent) {
      case 'create-annotation': {
        const failure = await saveForm({ intent, id: null, values }, annotationFormInput(form), AnnotationCreateSchema, (input) => createAnnotation(user, pk, input));
        return failure ?? done(`Annotation ${values.short_descr.trim()} was added.`);
      }
      case 'save-annotation': {
        if (id === null) throw new InvalidInputError('Which annotation? The form has no id.');
        const failure = await saveForm({ intent, id, values }, annotationFormInput(form), AnnotationCreateSchema, (input) => updateAnnotation(user, pk, id, input));
        return failure ?? done(`Annotation ${values.short_descr.trim()} was saved.`);
      }
      case 'delete-annotation': {
        if (id === null) throw new InvalidInputError('Which annotation? The form has no id.');
        const { short_descr: name } = await getAnnotation(user, pk, id);
        const failure = await saveForm({ intent, id, values: {} }, {}, z.object({}), () => deleteAnnotation(user, pk, id));
        return failure ?? done(`Annotation ${name} was deleted.`);
      }
      default:
        throw new InvalidInputError(`Unknown intent: ${intent}`);
    }
  });
}

/** A stored time ("2024-01-31T09:30:00") as a datetime-local input's value (seconds kept). */
const localValue = (iso: string) => iso.slice(0, 19);
const shown = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function AnnotationForm({ intent, id, submitLabel, values, errors }: { intent: string; id?: number; submitLabel: string; values: Record<string, string>; errors: Record<string, string> }) {
  const fid = (name: string) => `${intent}-${name}`;
  return (
    <Form method="post" className="space-y-4" noValidate>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      <Input name="short_descr" id={fid('short_descr')} label="Name" required maxLength={500} defaultValue={values.short_descr ?? ''} error={errors.short_descr} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input name="start_dttm" id={fid('start_dttm')} label="Start (UTC)" type="datetime-local" step={1} required defaultValue={values.start_dttm ?? ''} error={errors.start_dttm} />
        <Input name="end_dttm" id={fid('end_dttm')} label="End (UTC)" type="datetime-local" step={1} required defaultValue={values.end_dttm ?? ''} error={errors.end_dttm}
          hint="The same as the start for an event." />
      </div>
      <TextArea name="long_descr" id={fid('long_descr')} label="Description" rows={3} defaultValue={values.long_descr ?? ''} error={errors.long_descr} />
      <TextArea name="json_metadata" id={fid('json_metadata')} label="JSON metadata" rows={3} controlClassName="font-mono" defaultValue={values.json_metadata ?? ''}
        error={errors.json_metadata} hint="Optional JSON the chart receives with the annotation." />
      {errors.form && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{errors.form}</p>}
      <button type="submit" className={buttonClass('primary')}>{submitLabel}</button>
    </Form>
  );
}

const sectionClass = 'rounded-lg border border-slate-200 p-4 dark:border-slate-800';

export default function LayerAnnotations() {
  const { layer, page, editing, canWrite } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as FormFailure | undefined;
  const failedOn = (intent: string) => (failed?.intent === intent ? failed : undefined);
  const editFailure = failedOn('save-annotation');
  const editTarget = editFailure ? { id: editFailure.id ?? 0, values: editFailure.values, errors: editFailure.errors }
    : editing ? {
      id: editing.id,
      values: { short_descr: editing.short_descr, long_descr: editing.long_descr ?? '', start_dttm: localValue(editing.start_dttm), end_dttm: localValue(editing.end_dttm), json_metadata: editing.json_metadata ?? '' },
      errors: {},
    } : null;

  const columns: Column<AnnotationRow>[] = [
    { key: 'short_descr', header: 'Name', sortKey: 'short_descr', rowHeader: true, cell: (a) => a.shortDescr },
    { key: 'long_descr', header: 'Description', cell: (a) => a.longDescr || '—' },
    { key: 'start', header: 'Start', sortKey: 'start_dttm', firstDir: 'desc', cell: (a) => shown(a.start) },
    { key: 'end', header: 'End', sortKey: 'end_dttm', firstDir: 'desc', cell: (a) => shown(a.end) },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions', header: 'Actions',
      cell: (a) => (
        <div className="flex flex-wrap items-start gap-3">
          <Link to={`?edit=${a.id}`} className={linkClass}>Edit<span className="sr-only"> {a.shortDescr}</span></Link>
          <details>
            <summary className="cursor-pointer text-rose-700 dark:text-rose-300">Delete<span className="sr-only"> {a.shortDescr}</span></summary>
            <Form method="post" className="mt-2">
              <CsrfInput />
              <input type="hidden" name="intent" value="delete-annotation" />
              <input type="hidden" name="id" value={a.id} />
              <button type="submit" className={buttonClass('danger', 'sm')}>Delete {a.shortDescr}</button>
            </Form>
          </details>
        </div>
      ),
    });
  }

  return (
    <section aria-labelledby="annotations-title" className="space-y-4">
      <p><Link to="/annotationlayer/list/" className={`${linkClass} inline-flex items-center gap-1`}><Icon name="arrow-left" /> All annotation layers</Link></p>
      <h1 id="annotations-title" className="text-2xl font-semibold">Annotations of {layer.name}</h1>
      {layer.descr && <p className="text-sm text-slate-600 dark:text-slate-300">{layer.descr}</p>}
      {canWrite && (
        <details className={sectionClass} open={Boolean(failedOn('create-annotation'))}>
          <summary className="cursor-pointer font-medium">Add annotation</summary>
          <div className="mt-3">
            <AnnotationForm intent="create-annotation" submitLabel="Add annotation" values={failedOn('create-annotation')?.values ?? {}} errors={failedOn('create-annotation')?.errors ?? {}} />
          </div>
        </details>
      )}
      {editTarget && (
        <section className={sectionClass} aria-labelledby="edit-annotation-title">
          <h2 id="edit-annotation-title" className="mb-3 text-lg font-semibold">Edit annotation</h2>
          <AnnotationForm intent="save-annotation" id={editTarget.id} submitLabel="Save annotation" values={editTarget.values} errors={editTarget.errors} />
          <p className="mt-2"><Link to="?" className={linkClass}>Cancel</Link></p>
        </section>
      )}
      <SearchForm label="Search by name or description" search={page.search} keep={{ sort: page.sort, dir: page.dir }} />
      <ListTable caption={`Annotations of ${layer.name}`} noun="annotations" columns={columns} rows={page.rows} rowKey={(a) => a.id} state={page}
        search={page.search} empty={<p>This layer has no annotations yet.</p>} />
      <Pager state={page} noun="annotations" />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? `Annotations of ${d.layer.name}` : 'Annotations'} · Sightline` }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
