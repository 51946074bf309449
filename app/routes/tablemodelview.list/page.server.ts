/**
 * The datasets page's web half. The list is the API's (`GET /api/v1/dataset/` through the one
 * resource definition), so the page filters, sorts and scopes exactly as Superset's clients do:
 * the URL's `search`, `owner`, `database`, `schema` and `type` become its rison filters. A row's
 * `?delete=<id>` is a confirmation (GET, no side effect) naming the charts and dashboards that
 * use the dataset; the action deletes (`delete`) or, after a confirming second post,
 * bulk-deletes (`bulk-delete` + `confirmed`). Without JavaScript each answer is a page.
 */
import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import type { ListFilter } from '~/lib/list-query';
import { isAdmin } from '~/lib/permissions';
import { successToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { badRequest } from '~/server/api/http-errors.server';
import { requireUserWith, type CurrentUser } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { bulkDeleteDatasets, datasetRelatedObjects, deleteDataset } from '~/server/datasets/mutations.server';
import { datasetResource } from '~/server/datasets/resource.server';
import { NotFoundError } from '~/server/domain-errors.server';
import { listResource } from '~/server/lists/list.server';
import { PAGE_SIZE, parsePageQuery, type ListSpec } from '~/server/lists/page-query.server';
import { distinctResource, relatedResource } from '~/server/lists/related.server';
import type { DatasetListRow, DatasetsPage, DeleteCandidate } from '~/ui/datasets/list-types';

export const DATASETS_PATH = '/tablemodelview/list/';

type Sort = 'name' | 'database' | 'schema' | 'changed_on';

/** The URL's sort keys and the resource's order columns they stand for. */
const ORDER_COLUMNS: Record<Sort, string> = { name: 'table_name', database: 'database.database_name', schema: 'schema', changed_on: 'changed_on' };
const SPEC: ListSpec<Sort> = {
  sorts: { name: { column: 'table_name' }, database: { column: 'database' }, schema: { column: 'schema' }, changed_on: { column: 'changed_on' } },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};

const SELECT = ['id', 'table_name', 'kind', 'schema', 'database', 'owners', 'changed_on', 'explore_url'];
/** Filter choices: the related endpoints' largest page. */
const CHOICES = { filter: '', page: 0, page_size: 1000, include_ids: [] };

const PositiveInt = z.coerce.number().int().positive().catch(0);
const FiltersSchema = z.object({
  owner: PositiveInt,
  database: PositiveInt,
  schema: z.string().trim().max(255).catch(''),
  type: z.enum(['physical', 'virtual', '']).catch(''),
});

type Filters = z.output<typeof FiltersSchema>;

function listFilters(search: string, f: Filters): ListFilter[] {
  const filters: ListFilter[] = [];
  if (search) filters.push({ col: 'table_name', opr: 'ct', value: search });
  if (f.owner) filters.push({ col: 'owners', opr: 'rel_m_m', value: f.owner });
  if (f.database) filters.push({ col: 'database', opr: 'rel_o_m', value: f.database });
  if (f.schema) filters.push({ col: 'schema', opr: 'eq', value: f.schema });
  // Superset's own spelling of the Type filter: an empty `sql` is a physical dataset.
  if (f.type) filters.push({ col: 'sql', opr: 'dataset_is_null_or_empty', value: f.type === 'physical' });
  return filters;
}

type Person = { id: number; first_name: string; last_name: string };

function toRow(user: CurrentUser, r: Record<string, unknown>): DatasetListRow {
  const owners = (r.owners as Person[] | null) ?? [];
  const database = r.database as { id: number; database_name: string } | null;
  return {
    id: r.id as number,
    name: r.table_name as string,
    kind: r.kind === 'virtual' ? 'virtual' : 'physical',
    database: database ? { id: database.id, name: database.database_name } : null,
    schema: (r.schema as string | null) ?? null,
    owners: owners.map((o) => ({ id: o.id, name: `${o.first_name} ${o.last_name}`.trim() })),
    changedOn: (r.changed_on as string | null) ?? null,
    exploreUrl: r.explore_url as string,
    // Superset lets owners (and admins) edit and delete; the server checks again on every change.
    canEdit: isAdmin(user.roles) || owners.some((o) => o.id === user.id),
  };
}

/** What uses each of `ids` the user may see; ids gone or hidden are left out. */
async function candidates(user: CurrentUser, ids: number[]): Promise<DeleteCandidate[]> {
  const found = await listResource(user, datasetResource, {
    page: 0, page_size: ids.length, filters: [{ col: 'id', opr: 'in', value: ids }], select_columns: ['id', 'table_name'], keys: ['none'],
    order_column: 'table_name', order_direction: 'asc',
  });
  return Promise.all(found.result.map(async (r) => ({
    id: r.id as number, name: r.table_name as string, related: await datasetRelatedObjects(user, r.id as number),
  })));
}

export async function loadDatasetsPage(request: Request): Promise<DatasetsPage> {
  const user = await requireUserWith(request, 'can_read', 'Dataset');
  const params = new URL(request.url).searchParams;
  const query = parsePageQuery(params, SPEC);
  const filters = FiltersSchema.parse(Object.fromEntries(['owner', 'database', 'schema', 'type'].map((k) => [k, params.get(k) ?? undefined])));
  return pageResult(async () => {
    const ask = (page: number) => listResource(user, datasetResource, {
      order_column: ORDER_COLUMNS[query.sort], order_direction: query.dir, page, page_size: PAGE_SIZE,
      filters: listFilters(query.search, filters), select_columns: SELECT, keys: ['none'],
    });
    let answer = await ask(query.page - 1);
    const pageCount = Math.max(1, Math.ceil(answer.count / PAGE_SIZE));
    // A bookmark past the end shows the last page rather than an empty one.
    const page = Math.min(query.page, pageCount);
    if (page !== query.page) answer = await ask(page - 1);
    const [owners, databases, schemas] = await Promise.all([
      relatedResource(user, datasetResource, 'owners', CHOICES),
      relatedResource(user, datasetResource, 'database', CHOICES),
      distinctResource(user, datasetResource, 'schema', CHOICES),
    ]);
    const deleteId = PositiveInt.parse(params.get('delete') ?? undefined);
    return {
      ...query,
      page,
      pageCount,
      pageSize: PAGE_SIZE,
      total: answer.count,
      rows: answer.result.map((r) => toRow(user, r)),
      filters: { owner: filters.owner ? String(filters.owner) : '', database: filters.database ? String(filters.database) : '', schema: filters.schema, type: filters.type },
      choices: {
        owners: owners.result.map((o) => ({ value: String(o.value), label: o.text })),
        databases: databases.result.map((d) => ({ value: String(d.value), label: d.text })),
        schemas: schemas.result.map((s) => ({ value: s.value, label: s.text })),
      },
      deleting: deleteId ? ((await candidates(user, [deleteId]))[0] ?? null) : null,
    };
  });
}

const IdSchema = z.coerce.number({ error: 'Say which dataset.' }).int().positive('Say which dataset.');
const IdsSchema = z.array(IdSchema).min(1, 'Select at least one dataset to delete.').max(1000, 'At most 1000 datasets at once.');

export type DatasetsActionData =
  | { intent: 'bulk-delete'; confirm: DeleteCandidate[] }
  | { error: string };

/** Back to the list as it was (filters, sort, page; not the confirmation), with a notice. */
async function backToList(request: Request, text: string) {
  const params = new URL(request.url).searchParams;
  params.delete('delete');
  params.delete('index');
  const search = params.toString();
  return redirect(`${DATASETS_PATH}${search ? `?${search}` : ''}`, { headers: { 'Set-Cookie': await flashToasts(request, [successToast(text)]) } });
}

export async function datasetsPageAction(request: Request) {
  const user = await requireUserWith(request, 'can_write', 'Dataset');
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'delete') {
    const parsed = IdSchema.safeParse(form.get('id'));
    if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
    return pageResult(async () => {
      const [found] = await candidates(user, [parsed.data]);
      if (!found) throw new NotFoundError(`There is no dataset with id ${parsed.data}.`);
      await deleteDataset(user, parsed.data);
      return backToList(request, `Deleted: ${found.name}`);
    });
  }
  if (intent === 'bulk-delete') {
    const parsed = IdsSchema.safeParse(form.getAll('ids'));
    if (!parsed.success) return data<DatasetsActionData>({ error: parsed.error.issues[0].message }, { status: 400 });
    if (form.get('confirmed') !== 'yes') {
      return data<DatasetsActionData>({ intent: 'bulk-delete', confirm: await pageResult(() => candidates(user, parsed.data)) });
    }
    return pageResult(async () => backToList(request, (await bulkDeleteDatasets(user, parsed.data)).message));
  }
  throw badRequest(`Unknown intent: ${typeof intent === 'string' ? intent : ''}`);
}
