/**
 * The charts page's web half. The URL's `search`, `owner`, `viz_type`, `dataset`, `dashboard`,
 * `favorite` and `certified` become the API's rison filters (charts/list.server.ts), `sort`/`dir`/
 * `page` the order and page, `view` the card or list layout. The action's intents: `favorite`
 * (star or unstar one chart, as POST/DELETE /api/v1/chart/{id}/favorites/ do) and `bulk-delete`
 * (the first post asks to confirm, the second, with `confirmed`, deletes through the domain
 * function of DELETE /api/v1/chart/?q=!(ids)). Every answer is a page or a redirect back to the
 * list as it was, so the page works without JavaScript.
 */
import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { dangerToast, successToast, type Toast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { badRequest } from '~/server/api/http-errors.server';
import { requirePermission, requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { CHART_LIST, chartFilterChoices, chartNames, listCharts, type ChartListFilters } from '~/server/charts/list.server';
import { bulkDeleteCharts } from '~/server/charts/mutations.server';
import { chartResource } from '~/server/charts/resource.server';
import { DomainError } from '~/server/domain-errors.server';
import { addFavorite, removeFavorite } from '~/server/lists/favorites.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import type { ChartListFilterValues, ChartsPage } from '~/ui/charts/chart-list/types';

export const CHARTS_PATH = '/chart/list/';

const PositiveInt = z.coerce.number().int().positive().catch(0);
const YesNo = z.enum(['yes', 'no', '']).catch('');
const FiltersSchema = z.object({
  owner: PositiveInt,
  viz_type: z.string().trim().max(250).catch(''),
  dataset: PositiveInt,
  dashboard: PositiveInt,
  favorite: YesNo,
  certified: YesNo,
  view: z.enum(['card', '']).catch(''),
});
type Filters = z.output<typeof FiltersSchema>;

const FILTER_KEYS = Object.keys(FiltersSchema.shape) as (keyof Filters)[];

const yesNo = (v: '' | 'yes' | 'no') => (v === '' ? null : v === 'yes');

function domainFilters(f: Filters): ChartListFilters {
  return {
    owner: f.owner || null,
    vizType: f.viz_type,
    datasetId: f.dataset || null,
    dashboardId: f.dashboard || null,
    favorite: yesNo(f.favorite),
    certified: yesNo(f.certified),
  };
}

function urlValues(f: Filters): ChartListFilterValues {
  const id = (n: number) => (n ? String(n) : '');
  return { owner: id(f.owner), viz_type: f.viz_type, dataset: id(f.dataset), dashboard: id(f.dashboard), favorite: f.favorite, certified: f.certified, view: f.view };
}

export async function loadChartsPage(request: Request): Promise<ChartsPage> {
  const user = await requireUserWith(request, 'can_read', 'Chart');
  const params = new URL(request.url).searchParams;
  const query = parsePageQuery(params, CHART_LIST);
  const filters = FiltersSchema.parse(Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? undefined])));
  return pageResult(async () => {
    const [page, choices] = await Promise.all([listCharts(user, query, domainFilters(filters)), chartFilterChoices(user)]);
    return { ...page, view: filters.view === 'card' ? 'card' : 'list', filters: urlValues(filters), choices };
  });
}

const IdSchema = z.coerce.number({ error: 'Say which chart.' }).int().positive('Say which chart.');
const IdsSchema = z.array(IdSchema).min(1, 'Select at least one chart to delete.').max(1000, 'At most 1000 charts at once.');

export type ChartsActionData =
  | { intent: 'bulk-delete'; confirm: { id: number; name: string }[] }
  | { error: string };

/** Back to the list as it was (search, filters, sort, view, page), with notices. */
async function backToList(request: Request, toasts: Toast[]) {
  const params = new URL(request.url).searchParams;
  params.delete('index');
  const search = params.toString();
  const location = `${CHARTS_PATH}${search ? `?${search}` : ''}`;
  if (toasts.length === 0) return redirect(location);
  return redirect(location, { headers: { 'Set-Cookie': await flashToasts(request, toasts) } });
}

/** A domain refusal (gone, hidden, not theirs) becomes the spec's notice on the list; other errors stay errors. */
function refusal(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  throw error;
}

export async function chartsPageAction(request: Request) {
  const user = await requireUserWith(request, 'can_read', 'Chart');
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'favorite') {
    const id = IdSchema.safeParse(form.get('id'));
    if (!id.success) throw badRequest(id.error.issues[0].message);
    const star = form.get('favorite') === 'true';
    try {
      await (star ? addFavorite : removeFavorite)(user, chartResource, id.data);
      return await backToList(request, []);
    } catch (error) {
      return backToList(request, [dangerToast(`There was an error saving the favorite status: ${refusal(error).message}`)]);
    }
  }
  if (intent === 'bulk-delete') {
    const ids = IdsSchema.safeParse(form.getAll('ids'));
    if (!ids.success) return data<ChartsActionData>({ error: ids.error.issues[0].message }, { status: 400 });
    return pageResult(async () => {
      requirePermission(user, 'can_write', 'Chart');
      const names = await chartNames(user, ids.data);
      if (form.get('confirmed') !== 'yes') return data<ChartsActionData>({ intent: 'bulk-delete', confirm: names });
      try {
        await bulkDeleteCharts(user, ids.data);
      } catch (error) {
        const refused = refusal(error);
        return data<ChartsActionData>({ error: `There was an issue deleting: ${refused.message}` }, { status: refused.status });
      }
      return backToList(request, [successToast(`Deleted: ${names.map((n) => n.name).join(', ')}`)]);
    });
  }
  throw badRequest(`Unknown intent: ${typeof intent === 'string' ? intent : ''}`);
}
