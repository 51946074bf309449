import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { successToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { InvalidInputError } from '~/server/domain-errors.server';
import { createRlsFilter, RLS_VIEW } from '~/server/rls/filters.server';
import { rlsFormChoices } from '~/server/rls/list.server';
import { RlsCreateSchema } from '~/server/rls/schemas.server';
import { ErrorPage } from '~/ui/error-page';
import { linkClass } from '~/ui/primitives/button';
import { Icon } from '~/ui/primitives/icon';
import { saveRlsForm } from './form.server';
import { EMPTY_RLS_FORM, RlsForm } from './rls-form';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_write', RLS_VIEW);
  return { choices: await pageResult(() => rlsFormChoices(user)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWith(request, 'can_write', RLS_VIEW);
  return pageResult(async () => {
    const form = await readForm(request);
    if (form.get('intent') !== 'create-filter') throw new InvalidInputError(`Unknown intent: ${String(form.get('intent') ?? '')}`);
    const { failure } = await saveRlsForm(form, RlsCreateSchema, (input) => createRlsFilter(user, input));
    if (failure) return failure;
    return redirect('/rowlevelsecurity/list/', {
      headers: { 'Set-Cookie': await flashToasts(request, [successToast(`Filter ${String(form.get('name') ?? '').trim()} was added.`)]) },
    });
  });
}

export default function AddRowLevelSecurityFilter() {
  const { choices } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <section aria-labelledby="add-rls-title" className="mx-auto max-w-2xl space-y-6">
      <p><Link to="/rowlevelsecurity/list/" className={`${linkClass} inline-flex items-center gap-1`}><Icon name="arrow-left" /> All filters</Link></p>
      <h1 id="add-rls-title" className="text-2xl font-semibold">Add row level security filter</h1>
      <RlsForm intent="create-filter" submitLabel="Add filter" values={failed?.values ?? EMPTY_RLS_FORM} errors={failed?.errors ?? {}} choices={choices} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Add row level security filter · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
