import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { hasPermission } from '~/lib/permissions';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { parseSearch } from '~/server/lists/page-query.server';
import { listUsers, type UserSummary } from '~/server/security/users.server';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, YesNo, type Column } from '~/ui/list-table';
import { buttonClass, linkClass } from '~/ui/primitives/button';
import { SearchForm } from '~/ui/search-form';
import { useShell } from '~/ui/use-shell';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_read', 'User');
  const search = parseSearch(new URL(request.url).searchParams);
  return { search, users: await pageResult(() => listUsers(user, { search })) };
}

const columns: Column<UserSummary>[] = [
  {
    key: 'username', header: 'Username', rowHeader: true,
    cell: (u) => <Link to={`/users/${u.id}/edit`} className={linkClass}>{u.username}<span className="sr-only"> (edit)</span></Link>,
  },
  { key: 'name', header: 'Name', cell: (u) => `${u.first_name} ${u.last_name}`.trim() || '—' },
  { key: 'email', header: 'Email', cell: (u) => u.email ?? '—' },
  { key: 'roles', header: 'Roles', cell: (u) => (u.roles.length ? u.roles.join(', ') : '—') },
  { key: 'active', header: 'Active', cell: (u) => <YesNo value={u.active} /> },
  { key: 'last_login', header: 'Last login', cell: (u) => <DateTime iso={u.last_login} /> },
];

export default function UserList() {
  const { search, users } = useLoaderData<typeof loader>();
  const shell = useShell();
  const canWrite = Boolean(shell?.user && hasPermission(shell.user.roles, 'can_write', 'User'));
  return (
    <section aria-labelledby="users-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="users-title" className="text-2xl font-semibold">Users</h1>
        {canWrite && <Link to="/users/add" className={buttonClass('primary')}>Add user</Link>}
      </div>
      <SearchForm label="Search by username, name or email" search={search} />
      <ListTable caption="Users" noun="users" columns={columns} rows={users} rowKey={(u) => u.id} search={search}
        empty={<p>No users.</p>} />
      {users.length > 0 && <p className="text-sm text-slate-600 dark:text-slate-300">{users.length} user{users.length === 1 ? '' : 's'}</p>}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Users · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
