import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData } from '@remix-run/react';
import { RoleFormSchema } from '~/lib/admin-forms';
import { fieldErrorsOf, firstMessages } from '~/lib/field-errors';
import { successToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { InvalidInputError } from '~/server/domain-errors.server';
import { createRole } from '~/server/security/roles.server';
import { CsrfInput } from '~/ui/csrf-input';
import { ErrorPage } from '~/ui/error-page';
import { buttonClass, linkClass } from '~/ui/primitives/button';
import { Icon } from '~/ui/primitives/icon';
import { Input } from '~/ui/primitives/input';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, 'can_write', 'Role');
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, 'can_write', 'Role');
  return pageResult(async () => {
    const form = Object.fromEntries(await readForm(request));
    if (form.intent !== 'create-role') throw new InvalidInputError(`Unknown intent: ${String(form.intent ?? '')}`);
    const name = typeof form.name === 'string' ? form.name : '';
    const parsed = RoleFormSchema.safeParse(form);
    if (!parsed.success) return data({ errors: firstMessages(fieldErrorsOf(parsed.error)), name }, { status: 400 });
    const result = await createRole(actor, parsed.data);
    if (!result.ok) return data({ errors: result.errors, name }, { status: 400 });
    // Straight to the new role's permissions: an empty role is rarely what anyone wants.
    return redirect(`/roles/${result.value.id}/edit`, {
      headers: { 'Set-Cookie': await flashToasts(request, [successToast(`Role ${result.value.name} was created. Now choose its permissions.`)]) },
    });
  });
}

export default function AddRole() {
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="add-role-title" className="mx-auto max-w-xl space-y-6">
      <p><Link to="/roles/list/" className={`${linkClass} inline-flex items-center gap-1`}><Icon name="arrow-left" /> All roles</Link></p>
      <h1 id="add-role-title" className="text-2xl font-semibold">Add role</h1>
      <Form method="post" className="space-y-4" noValidate>
        <CsrfInput />
        <input type="hidden" name="intent" value="create-role" />
        <Input name="name" label="Name" required maxLength={64} defaultValue={result?.name} error={result?.errors.name} />
        <div className="flex gap-3">
          <button type="submit" className={buttonClass('primary')}>Create role</button>
          <Link to="/roles/list/" className="rounded-md px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800">Cancel</Link>
        </div>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Add role · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
