import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { pairValue, PermissionFilterSchema, permissionsFormInput, RoleFormSchema, RolePermissionsFormSchema } from '~/lib/admin-forms';
import { fieldErrorsOf, firstMessages } from '~/lib/field-errors';
import { isAdminRoleName } from '~/lib/permissions';
import { successToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { InvalidInputError, NotFoundError } from '~/server/domain-errors.server';
import { deleteRole, getRole, groupPermissions, permissionCatalog, renameRole, setRolePermissions } from '~/server/security/roles.server';
import { CsrfInput } from '~/ui/csrf-input';
import { ErrorPage } from '~/ui/error-page';
import { buttonClass, linkClass } from '~/ui/primitives/button';
import { Icon } from '~/ui/primitives/icon';
import { SearchForm } from '~/ui/search-form';
import { Input } from '~/ui/primitives/input';

function roleId(raw: string | undefined): number {
  const id = z.coerce.number().int().positive().safeParse(raw);
  if (!id.success) throw new NotFoundError('There is no such role.');
  return id.data;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireUserWith(request, 'can_write', 'Role');
  return pageResult(async () => {
    const filter = PermissionFilterSchema.parse(new URL(request.url).searchParams.get('filter') ?? undefined);
    const [role, catalog] = await Promise.all([getRole(actor, roleId(params.id)), permissionCatalog()]);
    const granted = new Set(role.permissions.map(pairValue));
    const groups = groupPermissions(catalog, filter).map(({ view, permissions }) => ({
      view,
      permissions: permissions.map((name) => {
        const value = pairValue([name, view]);
        return { name, value, granted: granted.has(value) };
      }),
    }));
    const { permissions: _all, ...summary } = role;
    return { role: summary, filter, groups, catalogSize: catalog.length };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireUserWith(request, 'can_write', 'Role');
  return pageResult(async () => {
    const id = roleId(params.id);
    const filter = PermissionFilterSchema.parse(new URL(request.url).searchParams.get('filter') ?? undefined);
    const back = `/roles/${id}/edit${filter ? `?${new URLSearchParams({ filter })}` : ''}`;
    const toast = async (text: string) => ({ headers: { 'Set-Cookie': await flashToasts(request, [successToast(text)]) } });
    const form = await readForm(request);
    const intent = form.get('intent');
    switch (intent) {
      case 'rename': {
        const parsed = RoleFormSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return data({ intent, errors: firstMessages(fieldErrorsOf(parsed.error)) }, { status: 400 });
        const result = await renameRole(actor, id, parsed.data);
        if (!result.ok) return data({ intent, errors: result.errors }, { status: 400 });
        return redirect(back, await toast(`The role is now named ${result.value.name}.`));
      }
      case 'save-permissions': {
        const parsed = RolePermissionsFormSchema.safeParse(permissionsFormInput(form));
        if (!parsed.success) return data({ intent, errors: { form: 'The form sent a malformed permission.' } }, { status: 400 });
        const result = await setRolePermissions(actor, id, parsed.data);
        if (!result.ok) return data({ intent, errors: result.errors }, { status: 400 });
        const { added, removed } = result.value;
        return redirect(back, await toast(`Permissions saved: ${added} granted, ${removed} removed.`));
      }
      case 'delete': {
        const result = await deleteRole(actor, id);
        if (!result.ok) return data({ intent, errors: result.errors }, { status: 400 });
        return redirect('/roles/list/', await toast(`Role ${result.value.name} was deleted.`));
      }
      default:
        throw new InvalidInputError(`Unknown intent: ${String(intent ?? '')}`);
    }
  });
}

const sectionClass = 'rounded-lg border border-slate-200 p-6 dark:border-slate-800';
const secondaryButton = 'rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';

function FormError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return <p id={id} role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">{message}</p>;
}

export default function EditRole() {
  const { role, filter, groups, catalogSize } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = (intent: string): Record<string, string> => (result && result.intent === intent ? result.errors : {});
  const shownCount = groups.reduce((n, g) => n + g.permissions.length, 0);
  return (
    <section aria-labelledby="edit-role-title" className="mx-auto max-w-5xl space-y-6">
      <p><Link to="/roles/list/" className={`${linkClass} inline-flex items-center gap-1`}><Icon name="arrow-left" /> All roles</Link></p>
      <h1 id="edit-role-title" className="text-2xl font-semibold">Edit role {role.name}</h1>

      <section className={sectionClass} aria-labelledby="name-title">
        <h2 id="name-title" className="text-lg font-semibold">Name</h2>
        {role.builtIn ? (
          <>
            <p className="mt-2 text-sm">{role.name} is a built-in role: its name cannot change, and seeding restores its built-in permissions at every start.</p>
            <FormError id="rename-error" message={errors('rename').name} />
          </>
        ) : (
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
            <CsrfInput />
            <input type="hidden" name="intent" value="rename" />
            <Input name="name" label="Role name" required maxLength={64} defaultValue={role.name} error={errors('rename').name} />
            <button type="submit" className={secondaryButton}>Rename</button>
          </Form>
        )}
      </section>

      <section className={sectionClass} aria-labelledby="permissions-title">
        <h2 id="permissions-title" className="text-lg font-semibold">Permissions</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {role.permissionCount} granted of {catalogSize} known.
          {isAdminRoleName(role.name) && ' A role named Admin holds every permission whatever is ticked here.'}
        </p>
        <div className="mt-4">
          <SearchForm label="Filter by permission or view" name="filter" search={filter} />
        </div>
        {groups.length === 0 ? (
          <p className="mt-4 text-sm">No permission matches “{filter}”.</p>
        ) : (
          <Form method="post" className="mt-4 space-y-4">
            <CsrfInput />
            <input type="hidden" name="intent" value="save-permissions" />
            {filter && (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Showing {shownCount} permissions; saving changes only these, the hidden ones stay as they are.
              </p>
            )}
            <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {groups.map((group) => (
                <fieldset key={group.view} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
                  <legend className="px-1 text-sm font-semibold">{group.view}</legend>
                  {group.permissions.map((p) => (
                    <div key={p.value}>
                      <input type="hidden" name="shown" value={p.value} />
                      <label className="flex items-center gap-2 py-0.5 text-sm">
                        <input type="checkbox" name="granted" value={p.value} defaultChecked={p.granted}
                          className="h-4 w-4 rounded border-slate-300 dark:border-slate-600 dark:bg-slate-900" />
                        {p.name}
                      </label>
                    </div>
                  ))}
                </fieldset>
              ))}
            </div>
            <FormError id="permissions-error" message={errors('save-permissions').form} />
            <button type="submit" className={buttonClass('primary')}>Save permissions</button>
          </Form>
        )}
      </section>

      {!role.builtIn && (
        <section className={sectionClass} aria-labelledby="delete-title">
          <h2 id="delete-title" className="text-lg font-semibold">Delete role</h2>
          {role.userCount > 0 ? (
            <p className="mt-2 text-sm">
              {role.userCount} user{role.userCount === 1 ? ' has' : 's have'} this role. Take it away from them before deleting it.
            </p>
          ) : (
            // A native disclosure asks for confirmation with or without JavaScript.
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-medium text-rose-700 dark:text-rose-300">Delete this role…</summary>
              <Form method="post" className="mt-3">
                <CsrfInput />
                <input type="hidden" name="intent" value="delete" />
                <p className="text-sm">Deleting {role.name} cannot be undone.</p>
                <button type="submit" className="mt-3 rounded-md bg-rose-600 px-4 py-2 text-sm font-medium text-white hover:bg-rose-700">
                  Delete {role.name}
                </button>
              </Form>
            </details>
          )}
          <FormError id="delete-error" message={errors('delete').form} />
        </section>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? `Edit role ${d.role.name}` : 'Edit role'} · Sightline` }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
