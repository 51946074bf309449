import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { successToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { InvalidInputError, NotFoundError } from '~/server/domain-errors.server';
import { deleteRlsFilter, getRlsFilter, RLS_VIEW, updateRlsFilter } from '~/server/rls/filters.server';
import { rlsFormChoices } from '~/server/rls/list.server';
import { RlsCreateSchema } from '~/server/rls/schemas.server';
import { CsrfInput } from '~/ui/csrf-input';
import { ErrorPage } from '~/ui/error-page';
import { linkClass } from '~/ui/primitives/button';
import { Icon } from '~/ui/primitives/icon';
import { saveRlsForm } from '../rowlevelsecurity.add/form.server';
import { RlsForm } from '../rowlevelsecurity.add/rls-form';

function filterId(raw: string | undefined): number {
  const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).safeParse(raw);
  if (!id.success) throw new NotFoundError('There is no such row level security filter.');
  return id.data;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_write', RLS_VIEW);
  return pageResult(async () => {
    const [filter, choices] = await Promise.all([getRlsFilter(user, filterId(params.id)), rlsFormChoices(user)]);
    return { filter, choices };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWith(request, 'can_write', RLS_VIEW);
  return pageResult(async () => {
    const id = filterId(params.id);
    const form = await readForm(request);
    const toast = async (text: string) => ({ headers: { 'Set-Cookie': await flashToasts(request, [successToast(text)]) } });
    switch (form.get('intent')) {
      case 'save-filter': {
        // The form sends every field, so the whole filter is checked as on create.
        const { failure } = await saveRlsForm(form, RlsCreateSchema, (input) => updateRlsFilter(user, id, input));
        if (failure) return failure;
        return redirect('/rowlevelsecurity/list/', await toast(`Filter ${String(form.get('name') ?? '').trim()} was saved.`));
      }
      case 'delete-filter': {
        const { name } = await getRlsFilter(user, id);
        await deleteRlsFilter(user, id);
        return redirect('/rowlevelsecurity/list/', await toast(`Filter ${name} was deleted.`));
      }
      default:
        throw new InvalidInputError(`Unknown intent: ${String(form.get('intent') ?? '')}`);
    }
  });
}

const sectionClass = 'rounded-lg border border-slate-200 p-6 dark:border-slate-800';

export default function EditRowLevelSecurityFilter() {
  const { filter, choices } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const values = failed?.values ?? {
    name: filter.name, description: filter.description ?? '', filter_type: filter.filter_type, tables: filter.tables.map((t) => t.id),
    roles: filter.roles.map((r) => r.id), group_key: filter.group_key ?? '', clause: filter.clause,
  };
  return (
    <section aria-labelledby="edit-rls-title" className="mx-auto max-w-2xl space-y-6">
      <p><Link to="/rowlevelsecurity/list/" className={`${linkClass} inline-flex items-center gap-1`}><Icon name="arrow-left" /> All filters</Link></p>
      <h1 id="edit-rls-title" className="text-2xl font-semibold">Edit filter {filter.name}</h1>
      <RlsForm intent="save-filter" submitLabel="Save filter" values={values} errors={failed?.errors ?? {}} choices={choices} />
      <section className={sectionClass} aria-labelledby="delete-title">
        <h2 id="delete-title" className="text-lg font-semibold">Delete filter</h2>
        {/* A native disclosure asks for confirmation with or without JavaScript. */}
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-rose-700 dark:text-rose-300">Delete this filter…</summary>
          <Form method="post" className="mt-3">
            <CsrfInput />
            <input type="hidden" name="intent" value="delete-filter" />
            <p className="text-sm">Its datasets will no longer be filtered by it. This cannot be undone.</p>
            <button type="submit" className="mt-3 rounded-md bg-rose-600 px-4 py-2 text-sm font-medium text-white hover:bg-rose-700">
              Delete {filter.name}
            </button>
          </Form>
        </details>
      </section>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? `Edit filter ${d.filter.name}` : 'Edit filter'} · Sightline` }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
