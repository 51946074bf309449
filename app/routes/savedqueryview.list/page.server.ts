/**
 * The saved queries page's web half: the list's state from the URL, and the action's intents,
 * `delete` (one) and `bulk-delete` (several: the first post asks to confirm, the second, with
 * `confirmed`, deletes), through the same domain functions as the API, so the same permission
 * and ownership checks apply. Without JavaScript every answer is a page: a redirect back to the
 * list as it was, with a notice, or the page with a message.
 */
import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { successToast } from '~/lib/toasts';
import { pageResult } from '~/server/api/error-response.server';
import { readForm } from '~/server/api/body.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { NotFoundError } from '~/server/domain-errors.server';
import { badRequest } from '~/server/api/http-errors.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import { bulkDeleteSavedQueries, deleteSavedQuery } from '~/server/sqllab/saved-queries.server';
import { listSavedQueries, SAVED_QUERIES_LIST, savedQueryLabels, type SavedQueriesPage } from '~/server/sqllab/saved-query-list.server';

export type { SavedQueryListRow } from '~/server/sqllab/saved-query-list.server';

export const SAVED_QUERIES_PATH = '/savedqueryview/list/';

const DatabaseFilterSchema = z.coerce.number().int().positive().catch(0);

export async function loadSavedQueriesPage(request: Request): Promise<SavedQueriesPage> {
  const user = await requireUserWith(request, 'can_read', 'SavedQuery');
  const params = new URL(request.url).searchParams;
  const query = parsePageQuery(params, SAVED_QUERIES_LIST);
  const databaseId = DatabaseFilterSchema.parse(params.get('database') ?? undefined);
  return pageResult(() => listSavedQueries(user, query, databaseId));
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

/** A query gone (or never the user's) is a notice on the page, not an error page: the list is still useful. */
async function orNotice<T>(work: () => Promise<T>, text: string) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotFoundError) return data<SavedQueriesActionData>({ error: text }, { status: 404 });
    throw error;
  }
}

export async function savedQueriesPageAction(request: Request) {
  const user = await requireUserWith(request, 'can_write', 'SavedQuery');
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'delete') {
    const parsed = IdSchema.safeParse(form.get('id'));
    if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
    return pageResult(() =>
      orNotice(async () => {
        const [found] = await savedQueryLabels(user, [parsed.data]);
        await deleteSavedQuery(user, parsed.data);
        return backToList(request, `Deleted: ${found?.label ?? parsed.data}`);
      }, 'That saved query does not exist any more, or is not yours.'),
    );
  }
  if (intent === 'bulk-delete') {
    const parsed = IdsSchema.safeParse(form.getAll('ids'));
    if (!parsed.success) return data<SavedQueriesActionData>({ error: parsed.error.issues[0].message }, { status: 400 });
    if (form.get('confirmed') !== 'yes') {
      const confirm = await pageResult(() => savedQueryLabels(user, parsed.data));
      return data<SavedQueriesActionData>({ intent: 'bulk-delete', confirm });
    }
    return pageResult(() =>
      orNotice(
        async () => backToList(request, await bulkDeleteSavedQueries(user, parsed.data)),
        'Some of the selected saved queries do not exist any more, or are not yours: nothing was deleted.',
      ),
    );
  }
  throw badRequest(`Unknown intent: ${typeof intent === 'string' ? intent : ''}`);
}
