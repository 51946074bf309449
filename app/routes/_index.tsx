/**
 * Home: where the user left off. Their recent queries, their saved queries, and their favourite
 * charts and dashboards (the most recently changed first), each with a link to all of them.
 * A section the user may not read is left out; one with nothing in it says so and where to start.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ListQuerySchema } from '~/lib/list-query';
import { hasPermission } from '~/lib/permissions';
import { requireUser, type CurrentUser } from '~/server/auth/current-user.server';
import { chartResource } from '~/server/charts/resource.server';
import { dashboardResource } from '~/server/dashboards/resource.server';
import { listResource } from '~/server/lists/list.server';
import type { ResourceDefinition } from '~/server/lists/resource-types.server';
import { HISTORY_LIST, listQueryHistory } from '~/server/sqllab/query-history.server';
import { listSavedQueries } from '~/server/sqllab/saved-query-list.server';
import { DateTime } from '~/ui/list-table';
import { linkClass } from '~/ui/primitives/button';
import { useShell } from '~/ui/use-shell';

const SHOWN = 5;

type Item = { id: number; title: string; href: string; detail: string | null; when: string | null };

const can = (user: CurrentUser, permission: string, view: string) => hasPermission(user.roles, permission, view);

/** The user's favourites of a resource, most recently changed first, through the one list engine (access included). */
async function favouritesOf(user: CurrentUser, resource: ResourceDefinition, filter: string, columns: string[]) {
  const query = ListQuerySchema.parse({
    filters: [{ col: 'id', opr: filter, value: true }],
    columns,
    order_column: 'changed_on',
    order_direction: 'desc',
    page: 0,
    page_size: SHOWN,
  });
  return (await listResource(user, resource, query)).result as Record<string, unknown>[];
}

async function recentQueries(user: CurrentUser): Promise<Item[] | null> {
  if (!can(user, 'can_read', 'Query') || !can(user, 'menu_access', 'SQL Lab')) return null;
  const page = await listQueryHistory(user, { page: 1, sort: HISTORY_LIST.defaultSort, dir: 'desc', search: '' }, { database: 0, state: '', user: user.id, from: null, before: null });
  return page.rows.slice(0, SHOWN).map((q) => ({
    id: q.id, title: q.sql.split('\n').find((l) => l.trim())?.trim().slice(0, 120) ?? '', href: `/sqllab/?queryId=${q.id}`,
    detail: [q.database, q.state].filter(Boolean).join(' · '), when: q.startTime,
  }));
}

async function savedQueries(user: CurrentUser): Promise<Item[] | null> {
  if (!can(user, 'can_read', 'SavedQuery') || !can(user, 'menu_access', 'SQL Lab')) return null;
  const page = await listSavedQueries(user, { page: 1, sort: 'changed_on', dir: 'desc', search: '' }, 0);
  return page.rows.slice(0, SHOWN).map((q) => ({ id: q.id, title: q.label, href: `/sqllab/?savedQueryId=${q.id}`, detail: q.database, when: q.changedOn }));
}

async function favourites(user: CurrentUser): Promise<Item[] | null> {
  const items: Item[] = [];
  let readable = false;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  if (can(user, 'can_read', 'Dashboard')) {
    readable = true;
    for (const d of await favouritesOf(user, dashboardResource, 'dashboard_is_favorite', ['id', 'dashboard_title', 'url', 'changed_on_utc'])) {
      items.push({ id: Number(d.id), title: text(d.dashboard_title) ?? '', href: text(d.url) ?? '/dashboard/list/', detail: 'Dashboard', when: text(d.changed_on_utc) });
    }
  }
  if (can(user, 'can_read', 'Chart')) {
    readable = true;
    for (const c of await favouritesOf(user, chartResource, 'chart_is_favorite', ['id', 'slice_name', 'viz_type', 'changed_on_utc'])) {
      items.push({ id: Number(c.id), title: text(c.slice_name) ?? '', href: `/explore/?slice_id=${c.id}`, detail: `Chart · ${text(c.viz_type) ?? ''}`, when: text(c.changed_on_utc) });
    }
  }
  return readable ? items : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [recent, saved, favourite] = await Promise.all([recentQueries(user), savedQueries(user), favourites(user)]);
  return { recent, saved, favourite };
}

function Section({ id, title, all, items, empty }: { id: string; title: string; all: { to: string; label: string } | null; items: Item[]; empty: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">{title}</h2>
        {all && <Link to={all.to} className={linkClass}>{all.label}</Link>}
      </div>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((item) => (
            <li key={`${item.href}`} className="py-2">
              <Link to={item.href} className={`${linkClass} block truncate font-medium`}>{item.title || 'Untitled'}</Link>
              <p className="flex flex-wrap gap-x-2 text-xs text-slate-600 dark:text-slate-300">
                {item.detail && <span>{item.detail}</span>}
                {item.when && <DateTime iso={item.when} />}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Home() {
  const shell = useShell();
  const { recent, saved, favourite } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="home-title" className="space-y-6">
      <h1 id="home-title" className="text-2xl font-semibold">Welcome{shell?.user?.firstName ? `, ${shell.user.firstName}` : ''}</h1>
      <div className="grid gap-4 lg:grid-cols-3">
        {recent && (
          <Section id="home-recent" title="Recent queries" all={{ to: '/sqllab/history/', label: 'Query history' }} items={recent}
            empty={<>No queries yet. <Link to="/sqllab/" className={`${linkClass} underline`}>Open SQL Lab</Link> to run one.</>} />
        )}
        {saved && (
          <Section id="home-saved" title="Saved queries" all={{ to: '/savedqueryview/list/', label: 'All saved queries' }} items={saved}
            empty="No saved queries yet: save one from SQL Lab." />
        )}
        {favourite && (
          <Section id="home-favourites" title="Favourites" all={null} items={favourite}
            empty="Nothing starred yet: star a chart or a dashboard in its list to find it here." />
        )}
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Home · Sightline' }];
