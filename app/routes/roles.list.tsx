import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { hasPermission } from '~/lib/permissions';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { listRoles, type RoleSummary } from '~/server/security/roles.server';
import { ErrorPage } from '~/ui/error-page';
import { ListTable, YesNo, type Column } from '~/ui/list-table';
import { buttonClass, linkClass } from '~/ui/primitives/button';
import { useShell } from '~/ui/use-shell';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_read', 'Role');
  return { roles: await pageResult(() => listRoles(user)) };
}

const columns: Column<RoleSummary>[] = [
  {
    key: 'name', header: 'Name', rowHeader: true,
    cell: (r) => <Link to={`/roles/${r.id}/edit`} className={linkClass}>{r.name}<span className="sr-only"> (edit)</span></Link>,
  },
  { key: 'builtin', header: 'Built-in', cell: (r) => <YesNo value={r.builtIn} /> },
  { key: 'users', header: 'Users', className: 'text-right tabular-nums', cell: (r) => r.userCount },
  { key: 'permissions', header: 'Permissions', className: 'text-right tabular-nums', cell: (r) => r.permissionCount },
];

export default function RoleList() {
  const { roles } = useLoaderData<typeof loader>();
  const shell = useShell();
  const canWrite = Boolean(shell?.user && hasPermission(shell.user.roles, 'can_write', 'Role'));
  return (
    <section aria-labelledby="roles-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="roles-title" className="text-2xl font-semibold">Roles</h1>
        {canWrite && <Link to="/roles/add" className={buttonClass('primary')}>Add role</Link>}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">A role named Admin holds every permission, whatever its list says.</p>
      <ListTable caption="Roles" noun="roles" columns={columns} rows={roles} rowKey={(r) => r.id} empty={<p>No roles.</p>} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Roles · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
