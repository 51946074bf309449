/**
 * The saved queries page's server half (/savedqueryview/list/): one page of the user's own saved
 * queries (private to whoever saved them, as in Superset) searched in name, description and SQL,
 * filtered by database, sorted and paged from the URL; and the action's intents, `delete` (one)
 * and `bulk-delete` (several: the first post asks to confirm, the second, with `confirmed`,
 * deletes), through the same domain functions as the API, so the same permission and ownership
 * checks apply. Without JavaScript every answer is a page.
 */
import { data, redirect } from '@remix-run/node';
import { Op } from 'sequelize';
import { z } from 'zod';
import { successToast } from '~/lib/toasts';
import { savedQueriesVisibleTo } from '../access/visibility.server';
import { readForm } from '../api/body.server';
import { requireUserWith, type CurrentUser } from '../auth/current-user.server';
import { flashToasts } from '../auth/session.server';
import { models } from '../db.server';
import { badRequest } from '../http.server';
import { findPage, parsePageQuery, searchWhere, type ListPage, type ListSpec } from '../lists/page-query.server';
import { bulkDeleteSavedQueries, deleteSavedQuery } from './saved-queries.server';

export const SAVED_QUERIES_PATH = '/savedqueryview/list/';
/** The page shows this much of a query's SQL in its preview; the editor opens all of it. */
const PREVIEW_CHARS = 20_000;

export type SavedQueryListRow = {
  id: number;
  label: string;
  description: string | null;
  sql: string;
  sqlTruncated: boolean;
  database: string | null;
  schema: string | null;
  changedOn: string;
};

type Sort = 'label' | 'schema' | 'changed_on' | 'created_on';

export const SAVED_QUERIES_LIST: ListSpec<Sort> = {
  sorts: { label: { column: 'label', text: true }, schema: { column: 'schema', text: true }, changed_on: { column: 'changed_on' }, created_on: { column: 'created_on' } },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};

const DatabaseFilterSchema = z.coerce.number().int().positive().catch(0);

export type SavedQueriesPage = ListPage<SavedQueryListRow, Sort> & {
  filters: { database: string };
  databases: { id: number; name: string }[];
};

export async function loadSavedQueriesPage(request: Request): Promise<SavedQueriesPage> {
  const user = await requireUserWith(request, 'can_read', 'SavedQuery');
  const params = new URL(request.url).searchParams;
  const query = parsePageQuery(params, SAVED_QUERIES_LIST);
  const databaseId = DatabaseFilterSchema.parse(params.get('database') ?? undefined);
  const { SavedQuery, Database } = models();
  const page = await findPage(SavedQuery, SAVED_QUERIES_LIST, query, {
    actor: user,
    where: {
      [Op.and]: [
        savedQueriesVisibleTo(user),
        searchWhere(['SavedQuery.label', 'SavedQuery.description', 'SavedQuery.sql'], query.search),
        databaseId ? { db_id: databaseId } : {},
      ],
    },
    include: [{ model: Database, as: 'database', attributes: ['id', 'database_name'] }],
  }, (records) => records.map((q) => ({
    id: q.id,
    label: q.label,
    description: q.description,
    sql: q.sql.slice(0, PREVIEW_CHARS),
    sqlTruncated: q.sql.length > PREVIEW_CHARS,
    database: q.database?.database_name ?? null,
    schema: q.schema,
    changedOn: q.changed_on.toISOString(),
  })));
  return { ...page, filters: { database: databaseId ? String(databaseId) : '' }, databases: await databasesUsedBy(user) };
}

/** The databases the user's saved queries run on: the filter's choices. */
async function databasesUsedBy(user: CurrentUser): Promise<{ id: number; name: string }[]> {
  const { SavedQuery, Database } = models();
  const used = await SavedQuery.findAll({ where: savedQueriesVisibleTo(user), attributes: ['db_id'], group: ['db_id'], raw: true });
  const ids = used.map((u) => u.db_id);
  if (ids.length === 0) return [];
  const dbs = await Database.findAll({ where: { id: { [Op.in]: ids } }, attributes: ['id', 'database_name'], order: [['database_name', 'ASC']] });
  return dbs.map((d) => ({ id: d.id, name: d.database_name }));
}

const IdSchema = z.coerce.number({ error: 'Say which saved query.' }).int().positive('Say which saved query.');
const IdsSchema = z.array(IdSchema).min(1, 'Select at least one saved query to delete.').max(1000, 'At most 1000 saved queries at once.');

export type SavedQueriesActionData =
  | { intent: 'bulk-delete'; confirm: { id: number; label: string }[] }
  | { error: string };

/** Back to the list as it was (search, sort, filter, page), with a notice. */
async function backToList(request: Request, text: string) {
  const search = new URL(request.url).search.replace(/^\?index&?/, '?');
  return redirect(`${SAVED_QUERIES_PATH}${search === '?' ? '' : search}`, { headers: { 'Set-Cookie': await flashToasts(request, [successToast(text)]) } });
}

function notFoundAsNotice(error: unknown, text: string) {
  if (error instanceof Response && error.status === 404) return data<SavedQueriesActionData>({ error: text }, { status: 404 });
  throw error;
}

export async function savedQueriesPageAction(request: Request) {
  const user = await requireUserWith(request, 'can_write', 'SavedQuery');
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'delete') {
    const parsed = IdSchema.safeParse(form.get('id'));
    if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
    const { SavedQuery } = models();
    const saved = await SavedQuery.findOne({ where: { [Op.and]: [{ id: parsed.data }, savedQueriesVisibleTo(user)] }, attributes: ['id', 'label'] });
    try {
      await deleteSavedQuery(user, parsed.data);
    } catch (error) {
      return notFoundAsNotice(error, 'That saved query does not exist any more, or is not yours.');
    }
    return backToList(request, `Deleted: ${saved?.label ?? parsed.data}`);
  }
  if (intent === 'bulk-delete') {
    const parsed = IdsSchema.safeParse(form.getAll('ids'));
    if (!parsed.success) return data<SavedQueriesActionData>({ error: parsed.error.issues[0].message }, { status: 400 });
    if (form.get('confirmed') !== 'yes') {
      const found = await models().SavedQuery.findAll({
        where: { [Op.and]: [{ id: { [Op.in]: parsed.data } }, savedQueriesVisibleTo(user)] }, attributes: ['id', 'label'], order: [['label', 'ASC']],
      });
      return data<SavedQueriesActionData>({ intent: 'bulk-delete', confirm: found.map((q) => ({ id: q.id, label: q.label })) });
    }
    try {
      return backToList(request, await bulkDeleteSavedQueries(user, parsed.data));
    } catch (error) {
      return notFoundAsNotice(error, 'Some of the selected saved queries do not exist any more, or are not yours: nothing was deleted.');
    }
  }
  throw badRequest(`Unknown intent: ${typeof intent === 'string' ? intent : ''}`);
}
