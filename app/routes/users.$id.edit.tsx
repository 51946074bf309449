import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { EditUserFormSchema, SetActiveFormSchema, userFormInput } from '~/lib/admin-forms';
import { fieldErrorsOf, firstMessages } from '~/lib/field-errors';
import { successToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { InvalidInputError, NotFoundError } from '~/server/domain-errors.server';
import { roleNames } from '~/server/security/roles.server';
import { getUser, updateUser } from '~/server/security/users.server';
import { CheckboxGroup } from '~/ui/checkbox-group';
import { CsrfInput } from '~/ui/csrf-input';
import { ErrorPage } from '~/ui/error-page';
import { DateTime } from '~/ui/list-table';
import { buttonClass, linkClass } from '~/ui/primitives/button';
import { Icon } from '~/ui/primitives/icon';
import { Input } from '~/ui/primitives/input';

const IdSchema = z.coerce.number().int().positive();

function userId(raw: string | undefined): number {
  const id = IdSchema.safeParse(raw);
  if (!id.success) throw new NotFoundError('There is no such user.');
  return id.data;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireUserWith(request, 'can_write', 'User');
  return pageResult(async () => {
    const id = userId(params.id);
    const [user, roles] = await Promise.all([getUser(id), roleNames()]);
    return { user, roles, self: actor.id === id };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, 'can_write', 'User');
  return pageResult(async () => {
    const id = userId(params.id);
    const form = await readForm(request);
    const intent = form.get('intent');
    const toast = async (text: string) => ({ headers: { 'Set-Cookie': await flashToasts(request, [successToast(text)]) } });
    switch (intent) {
      case 'save-user': {
        const input = userFormInput(form);
        // Echoed back so a re-render without JavaScript keeps what was typed; never the passwords.
        const values = {
          first_name: String(input.first_name ?? ''), last_name: String(input.last_name ?? ''), email: String(input.email ?? ''),
          roles: form.getAll('roles').map(String),
        };
        const parsed = EditUserFormSchema.safeParse(input);
        if (!parsed.success) return data({ intent, errors: firstMessages(fieldErrorsOf(parsed.error)), values }, { status: 400 });
        const { confirm_password: _confirm, password, ...fields } = parsed.data;
        const result = await updateUser(actor, id, { ...fields, ...(password ? { password } : {}) });
        if (!result.ok) return data({ intent, errors: result.errors, values }, { status: 400 });
        return redirect('/users/list/', await toast(`User ${result.value.username} was saved.`));
      }
      case 'set-active': {
        const parsed = SetActiveFormSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return data({ intent, errors: firstMessages(fieldErrorsOf(parsed.error)) }, { status: 400 });
        const result = await updateUser(actor, id, { active: parsed.data.active });
        if (!result.ok) return data({ intent, errors: result.errors }, { status: 400 });
        const { username, active } = result.value;
        return redirect(`/users/${id}/edit`, await toast(`User ${username} was ${active ? 'reactivated' : 'deactivated'}.`));
      }
      default:
        throw new InvalidInputError(`Unknown intent: ${String(intent ?? '')}`);
    }
  });
}

const sectionClass = 'rounded-lg border border-slate-200 p-6 dark:border-slate-800';

export default function EditUser() {
  const { user, roles, self } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = (intent: string): Record<string, string> => (result && result.intent === intent ? result.errors : {});
  const saveErrors = errors('save-user');
  const typed = result && 'values' in result ? result.values : undefined;
  const shown = { ...user, email: user.email ?? '', ...typed };
  const statusError = errors('set-active').active;
  return (
    <section aria-labelledby="edit-user-title" className="mx-auto max-w-2xl space-y-6">
      <p><Link to="/users/list/" className={`${linkClass} inline-flex items-center gap-1`}><Icon name="arrow-left" /> All users</Link></p>
      <h1 id="edit-user-title" className="text-2xl font-semibold">Edit user {user.username}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Created <DateTime iso={user.created_on} />; last login <DateTime iso={user.last_login} />.
      </p>
      {self && (
        <p className="rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100">
          This is your own account: you cannot deactivate it or remove your Admin role.
        </p>
      )}
      <Form method="post" className={`grid gap-4 sm:grid-cols-2 ${sectionClass}`} noValidate aria-labelledby="details-title">
        <h2 id="details-title" className="text-lg font-semibold sm:col-span-2">Details</h2>
        <CsrfInput />
        <input type="hidden" name="intent" value="save-user" />
        <Input name="first_name" label="First name" defaultValue={shown.first_name} error={saveErrors.first_name} />
        <Input name="last_name" label="Last name" defaultValue={shown.last_name} error={saveErrors.last_name} />
        <Input name="email" label="Email" type="email" defaultValue={shown.email} error={saveErrors.email} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <CheckboxGroup name="roles" legend="Roles" error={saveErrors.roles}
            options={roles.map((r) => ({ value: r, label: r, checked: shown.roles.includes(r) }))} />
        </div>
        <Input name="password" label="New password (leave blank to keep)" type="password" autoComplete="new-password" error={saveErrors.password} />
        <Input name="confirm_password" label="Confirm new password" type="password" autoComplete="new-password" error={saveErrors.confirm_password} />
        <div className="sm:col-span-2"><button type="submit" className={buttonClass('primary')}>Save user</button></div>
      </Form>
      <Form method="post" className={sectionClass} aria-labelledby="status-title">
        <h2 id="status-title" className="text-lg font-semibold">Account status</h2>
        <CsrfInput />
        <input type="hidden" name="intent" value="set-active" />
        <input type="hidden" name="active" value={user.active ? 'false' : 'true'} />
        <p className="mt-2 text-sm">
          {user.active ? 'Active: this user can log in.' : 'Deactivated: this user cannot log in.'}
        </p>
        {statusError && <p id="status-error" role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">{statusError}</p>}
        <button type="submit" aria-describedby={statusError ? 'status-error' : undefined}
          className="mt-4 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
          {user.active ? 'Deactivate user' : 'Reactivate user'}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? `Edit ${d.user.username}` : 'Edit user'} · Sightline` }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
