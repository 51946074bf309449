import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { NewUserFormSchema, userFormInput } from '~/lib/admin-forms';
import { fieldErrorsOf, firstMessages } from '~/lib/field-errors';
import { successToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { InvalidInputError } from '~/server/domain-errors.server';
import { roleNames } from '~/server/security/roles.server';
import { addUser } from '~/server/security/users.server';
import { CheckboxGroup } from '~/ui/checkbox-group';
import { CsrfInput } from '~/ui/csrf-input';
import { ErrorPage } from '~/ui/error-page';
import { buttonClass, linkClass } from '~/ui/primitives/button';
import { Icon } from '~/ui/primitives/icon';
import { Input } from '~/ui/primitives/input';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWith(request, 'can_write', 'User');
  return { roles: await roleNames() };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, 'can_write', 'User');
  return pageResult(async () => {
    const form = await readForm(request);
    if (form.get('intent') !== 'create-user') throw new InvalidInputError(`Unknown intent: ${String(form.get('intent') ?? '')}`);
    const input = userFormInput(form);
    // Echoed back so the form keeps what was typed when it re-renders without JavaScript; never the passwords.
    const values = {
      username: String(input.username ?? ''), first_name: String(input.first_name ?? ''), last_name: String(input.last_name ?? ''),
      email: String(input.email ?? ''), roles: form.getAll('roles').map(String),
    };
    const parsed = NewUserFormSchema.safeParse(input);
    if (!parsed.success) return data({ errors: firstMessages(fieldErrorsOf(parsed.error)), values }, { status: 400 });
    const result = await addUser(actor, parsed.data);
    if (!result.ok) return data({ errors: result.errors, values }, { status: 400 });
    return redirect('/users/list/', {
      headers: { 'Set-Cookie': await flashToasts(request, [successToast(`User ${result.value.username} was created.`)]) },
    });
  });
}

export default function AddUser() {
  const { roles } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Record<string, string> = result?.errors ?? {};
  const values = result?.values;
  return (
    <section aria-labelledby="add-user-title" className="mx-auto max-w-2xl space-y-6">
      <p><Link to="/users/list/" className={`${linkClass} inline-flex items-center gap-1`}><Icon name="arrow-left" /> All users</Link></p>
      <h1 id="add-user-title" className="text-2xl font-semibold">Add user</h1>
      <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
        <CsrfInput />
        <input type="hidden" name="intent" value="create-user" />
        <Input name="username" label="Username" autoComplete="off" required defaultValue={values?.username} error={errors.username} className="sm:col-span-2" />
        <Input name="first_name" label="First name" defaultValue={values?.first_name} error={errors.first_name} />
        <Input name="last_name" label="Last name" defaultValue={values?.last_name} error={errors.last_name} />
        <Input name="email" label="Email" type="email" defaultValue={values?.email} error={errors.email} className="sm:col-span-2" />
        <Input name="password" label="Password (at least 8 characters)" type="password" autoComplete="new-password" required error={errors.password} />
        <Input name="confirm_password" label="Confirm password" type="password" autoComplete="new-password" required error={errors.confirm_password} />
        <div className="sm:col-span-2">
          <CheckboxGroup name="roles" legend="Roles" error={errors.roles}
            options={roles.map((r) => ({ value: r, label: r, checked: values ? values.roles.includes(r) : r === 'Gamma' }))} />
        </div>
        <div className="flex gap-3 sm:col-span-2">
          <button type="submit" className={buttonClass('primary')}>Create user</button>
          <Link to="/users/list/" className="rounded-md px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800">Cancel</Link>
        </div>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Add user · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
