/**
 * The dashboards page's web half. The URL's `search`, `owner`, `status`, `favorite`, `certified`
 * and `modified_by` become the API's rison filters (dashboards/list.server.ts), `sort`/`dir`/`page`
 * the order and page, `view` the card or list layout. The action's intents: `favorite` (star or
 * unstar one dashboard, as POST/DELETE /api/v1/dashboard/{id}/favorites/ do), `bulk-delete` (the
 * first post asks to confirm, the second, with `confirmed`, deletes through bulkDeleteDashboards)
 * and `create` (a new '[ untitled dashboard ]', opened in edit mode). Every answer is a page or a
 * redirect, so the page works without JavaScript.
 */
import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import type { DashboardListFilterValues } from '~/lib/dashboard-list';
import { dangerToast, successToast, type Toast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { badRequest } from '~/server/api/http-errors.server';
import { requirePermission, requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { bulkDeleteDashboards } from '~/server/dashboards/bulk-delete.server';
import { DASHBOARD_LIST, dashboardFilterChoices, dashboardTitles, listDashboards, type DashboardListFilters } from '~/server/dashboards/list.server';
import { createDashboard } from '~/server/dashboards/mutations.server';
import { dashboardResource } from '~/server/dashboards/resource.server';
import { DomainError } from '~/server/domain-errors.server';
import { addFavorite, removeFavorite } from '~/server/lists/favorites.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import type { DashboardsPage } from '~/ui/dashboards/dashboard-list/types';

export const DASHBOARDS_PATH = '/dashboard/list/';

const PositiveInt = z.coerce.number().int().positive().catch(0);
const YesNo = z.enum(['yes', 'no', '']).catch('');
const FiltersSchema = z.object({
  owner: PositiveInt,
  status: z.enum(['published', 'draft', '']).catch(''),
  favorite: YesNo,
  certified: YesNo,
  modified_by: PositiveInt,
  view: z.enum(['card', '']).catch(''),
});
type Filters = z.output<typeof FiltersSchema>;

const FILTER_KEYS = Object.keys(FiltersSchema.shape) as (keyof Filters)[];

const yesNo = (v: '' | 'yes' | 'no') => (v === '' ? null : v === 'yes');

function domainFilters(f: Filters): DashboardListFilters {
  return {
    owner: f.owner || null,
    published: f.status === '' ? null : f.status === 'published',
    favorite: yesNo(f.favorite),
    certified: yesNo(f.certified),
    modifiedBy: f.modified_by || null,
  };
}

function urlValues(f: Filters): DashboardListFilterValues {
  const id = (n: number) => (n ? String(n) : '');
  return { owner: id(f.owner), status: f.status, favorite: f.favorite, certified: f.certified, modified_by: id(f.modified_by), view: f.view };
}

export async function loadDashboardsPage(request: Request): Promise<DashboardsPage> {
  const user = await requireUserWith(request, 'can_read', 'Dashboard');
  const params = new URL(request.url).searchParams;
  const query = parsePageQuery(params, DASHBOARD_LIST);
  const filters = FiltersSchema.parse(Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? undefined])));
  return pageResult(async () => {
    const [page, choices] = await Promise.all([listDashboards(user, query, domainFilters(filters)), dashboardFilterChoices(user)]);
    return { ...page, view: filters.view === 'card' ? 'card' : 'list', filters: urlValues(filters), choices };
  });
}

const IdSchema = z.coerce.number({ error: 'Say which dashboard.' }).int().positive('Say which dashboard.');
const IdsSchema = z.array(IdSchema).min(1, 'Select at least one dashboard to delete.').max(1000, 'At most 1000 dashboards at once.');

export type DashboardsActionData =
  | { intent: 'bulk-delete'; confirm: { id: number; name: string }[] }
  | { error: string };

/** Back to the list as it was (search, filters, sort, view, page), with notices. */
async function backToList(request: Request, toasts: Toast[]) {
  const params = new URL(request.url).searchParams;
  params.delete('index');
  const search = params.toString();
  const location = `${DASHBOARDS_PATH}${search ? `?${search}` : ''}`;
  if (toasts.length === 0) return redirect(location);
  return redirect(location, { headers: { 'Set-Cookie': await flashToasts(request, toasts) } });
}

/** A domain refusal (gone, hidden, not theirs) becomes a notice on the list; other errors stay errors. */
function refusal(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  throw error;
}

export async function dashboardsPageAction(request: Request) {
  const user = await requireUserWith(request, 'can_read', 'Dashboard');
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'favorite') {
    const id = IdSchema.safeParse(form.get('id'));
    if (!id.success) throw badRequest(id.error.issues[0].message);
    const star = form.get('favorite') === 'true';
    try {
      await (star ? addFavorite : removeFavorite)(user, dashboardResource, id.data);
      return await backToList(request, []);
    } catch (error) {
      return backToList(request, [dangerToast(`There was an error saving the favorite status: ${refusal(error).message}`)]);
    }
  }
  if (intent === 'bulk-delete') {
    const ids = IdsSchema.safeParse(form.getAll('ids'));
    if (!ids.success) return data<DashboardsActionData>({ error: ids.error.issues[0].message }, { status: 400 });
    return pageResult(async () => {
      requirePermission(user, 'can_write', 'Dashboard');
      const names = await dashboardTitles(user, ids.data);
      if (form.get('confirmed') !== 'yes') return data<DashboardsActionData>({ intent: 'bulk-delete', confirm: names });
      try {
        await bulkDeleteDashboards(user, ids.data);
      } catch (error) {
        const refused = refusal(error);
        return data<DashboardsActionData>({ error: `There was an issue deleting the selected dashboards: ${refused.message}` }, { status: refused.status });
      }
      return backToList(request, [successToast(`Deleted: ${names.map((n) => n.name).join(', ')}`)]);
    });
  }
  if (intent === 'create') {
    return pageResult(async () => {
      const { id } = await createDashboard(user, {});
      return redirect(`/superset/dashboard/${id}/?edit=true`);
    });
  }
  throw badRequest(`Unknown intent: ${typeof intent === 'string' ? intent : ''}`);
}
