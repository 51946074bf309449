/**
 * /csstemplatemodelview/list/: the CSS templates the dashboard CSS editor offers, with add, edit
 * (`?edit=<id>`) and delete as plain forms, so all of it works without JavaScript. Reading takes
 * can_read on CssTemplate, changing can_write (Admin and Alpha, as in Superset). The forms save
 * through the API's domain functions and schemas (app/lib/css-templates.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { CssTemplateCreateSchema, TEMPLATE_NAME_MAX } from '~/lib/css-templates';
import { hasPermission } from '~/lib/permissions';
import { successToast } from '~/lib/toasts';
import { positiveInt, postedValues, saveForm, type FormFailure } from '~/routes/annotationlayer.list/form.server';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { CSS_TEMPLATE_LIST, listCssTemplatePage, type CssTemplateRow } from '~/server/css-templates/list.server';
import { CSS_TEMPLATE_VIEW } from '~/server/css-templates/resource.server';
import { createCssTemplate, deleteCssTemplate, getCssTemplate, updateCssTemplate } from '~/server/css-templates/templates.server';
import { InvalidInputError } from '~/server/domain-errors.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import { CsrfInput } from '~/ui/csrf-input';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, type Column } from '~/ui/list-table';
import { Pager } from '~/ui/pager';
import { buttonClass, linkClass } from '~/ui/primitives/button';
import { Input, TextArea } from '~/ui/primitives/input';
import { SearchForm } from '~/ui/search-form';

const PATH = '/csstemplatemodelview/list/';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_read', CSS_TEMPLATE_VIEW);
  const params = new URL(request.url).searchParams;
  return pageResult(async () => {
    const editId = positiveInt(params.get('edit'));
    const canWrite = hasPermission(user.roles, 'can_write', CSS_TEMPLATE_VIEW);
    const [page, editing] = await Promise.all([
      listCssTemplatePage(user, parsePageQuery(params, CSS_TEMPLATE_LIST)),
      canWrite && editId !== null ? getCssTemplate(user, editId) : null,
    ]);
    return { page, editing, canWrite };
  });
}

/** The form's fields as the API's input. */
function formInput(form: FormData): Record<string, unknown> {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === 'string' ? value : undefined;
  };
  return { template_name: text('template_name'), css: text('css') ?? '' };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWith(request, 'can_write', CSS_TEMPLATE_VIEW);
  return pageResult(async () => {
    const form = await readForm(request);
    const intent = String(form.get('intent') ?? '');
    const id = positiveInt(form.get('id'));
    const done = async (text: string) => redirect(PATH, { headers: { 'Set-Cookie': await flashToasts(request, [successToast(text)]) } });
    const values = postedValues(form, ['template_name', 'css']);
    switch (intent) {
      case 'create-template': {
        const failure = await saveForm({ intent, id: null, values }, formInput(form), CssTemplateCreateSchema, (input) => createCssTemplate(user, input));
        return failure ?? done(`CSS template ${values.template_name.trim()} was added.`);
      }
      case 'save-template': {
        if (id === null) throw new InvalidInputError('Which template? The form has no id.');
        const failure = await saveForm({ intent, id, values }, formInput(form), CssTemplateCreateSchema, (input) => updateCssTemplate(user, id, input));
        return failure ?? done(`CSS template ${values.template_name.trim()} was saved.`);
      }
      case 'delete-template': {
        if (id === null) throw new InvalidInputError('Which template? The form has no id.');
        const { template_name: name } = await getCssTemplate(user, id);
        const failure = await saveForm({ intent, id, values: {} }, {}, z.object({}), () => deleteCssTemplate(user, id));
        return failure ?? done(`CSS template ${name ?? ''} was deleted.`);
      }
      default:
        throw new InvalidInputError(`Unknown intent: ${intent}`);
    }
  });
}

type FormProps = { intent: string; id?: number; submitLabel: string; values: Record<string, string>; errors: Record<string, string> };

function TemplateForm({ intent, id, submitLabel, values, errors }: FormProps) {
  return (
    <Form method="post" action={PATH} className="space-y-4" noValidate>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      <Input name="template_name" id={`${intent}-name`} label="Template name" required maxLength={TEMPLATE_NAME_MAX}
        defaultValue={values.template_name ?? ''} error={errors.template_name} />
      <TextArea name="css" id={`${intent}-css`} label="CSS" rows={10} spellCheck={false} controlClassName="font-mono text-xs"
        defaultValue={values.css ?? ''} error={errors.css} />
      {errors.form && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{errors.form}</p>}
      <button type="submit" className={buttonClass('primary')}>{submitLabel}</button>
    </Form>
  );
}

const sectionClass = 'rounded-lg border border-slate-200 p-4 dark:border-slate-800';

export default function CssTemplateList() {
  const { page, editing, canWrite } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as FormFailure | undefined;
  const failedOn = (intent: string) => (failed?.intent === intent ? failed : undefined);
  const editFailure = failedOn('save-template');
  const editTarget = editFailure ? { id: editFailure.id ?? 0, values: editFailure.values, errors: editFailure.errors }
    : editing ? { id: editing.id, values: { template_name: editing.template_name ?? '', css: editing.css }, errors: {} } : null;

  const columns: Column<CssTemplateRow>[] = [
    { key: 'name', header: 'Name', sortKey: 'template_name', rowHeader: true, cell: (t) => t.name || '—' },
    {
      key: 'css', header: 'CSS',
      cell: (t) => <code className="line-clamp-2 max-w-md font-mono text-xs whitespace-pre-wrap">{t.css || '—'}</code>,
    },
    { key: 'modified', header: 'Last modified', sortKey: 'changed_on', firstDir: 'desc', cell: (t) => <DateTime iso={t.changedOn} /> },
    { key: 'by', header: 'Modified by', cell: (t) => t.changedBy ?? '—' },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions', header: 'Actions',
      cell: (t) => (
        <div className="flex flex-wrap items-start gap-3">
          <Link to={`?edit=${t.id}`} className={linkClass}>Edit<span className="sr-only"> {t.name}</span></Link>
          <details>
            <summary className="cursor-pointer text-rose-700 dark:text-rose-300">Delete<span className="sr-only"> {t.name}</span></summary>
            <Form method="post" action={PATH} className="mt-2 space-y-2">
              <CsrfInput />
              <input type="hidden" name="intent" value="delete-template" />
              <input type="hidden" name="id" value={t.id} />
              <p className="text-xs">This cannot be undone.</p>
              <button type="submit" className={buttonClass('danger', 'sm')}>Delete {t.name}</button>
            </Form>
          </details>
        </div>
      ),
    });
  }

  return (
    <section aria-labelledby="css-templates-title" className="space-y-4">
      <h1 id="css-templates-title" className="text-2xl font-semibold">CSS templates</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Styles to start a dashboard&apos;s CSS from: the dashboard CSS editor offers them to load.
      </p>
      {canWrite && (
        <details className={sectionClass} open={Boolean(failedOn('create-template'))}>
          <summary className="cursor-pointer font-medium">Add CSS template</summary>
          <div className="mt-3">
            <TemplateForm intent="create-template" submitLabel="Add template" values={failedOn('create-template')?.values ?? {}}
              errors={failedOn('create-template')?.errors ?? {}} />
          </div>
        </details>
      )}
      {editTarget && (
        <section className={sectionClass} aria-labelledby="edit-template-title">
          <h2 id="edit-template-title" className="mb-3 text-lg font-semibold">Edit CSS template</h2>
          <TemplateForm intent="save-template" id={editTarget.id} submitLabel="Save template" values={editTarget.values} errors={editTarget.errors} />
          <p className="mt-2"><Link to={PATH} className={linkClass}>Cancel</Link></p>
        </section>
      )}
      {failedOn('delete-template') && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{failedOn('delete-template')?.errors.form}</p>}
      <SearchForm label="Search by name or CSS" search={page.search} keep={{ sort: page.sort, dir: page.dir }} />
      <ListTable caption="CSS templates" noun="templates" columns={columns} rows={page.rows} rowKey={(t) => t.id} state={page}
        search={page.search} empty={<p>No CSS templates yet.</p>} />
      <Pager state={page} noun="templates" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'CSS templates · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
