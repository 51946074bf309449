/**
 * The databases list page's web half: the list for the URL's page, sort, search and engine
 * filter (with the engines to filter by, from the registry), and the action deleting one row.
 */
import { data } from '@remix-run/node';
import { pageResult } from '~/server/api/error-response.server';
import { readForm } from '~/server/api/body.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { engineCatalog } from '~/server/databases/available.server';
import { DATABASE_LIST, listDatabases } from '~/server/databases/list-databases.server';
import { InvalidInputError } from '~/server/domain-errors.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import { databaseIdOf, deleteAndRedirect } from '../databaseview.add/page.server';

export async function loadDatabaseList(request: Request) {
  const user = await requireUserWith(request, 'can_read', 'Database');
  const params = new URL(request.url).searchParams;
  const list = await pageResult(() => listDatabases(user, parsePageQuery(params, DATABASE_LIST), params.get('engine')));
  return { ...list, engines: engineCatalog().map((e) => ({ name: e.name, label: e.label })) };
}

/** `delete` with the database's id; a refusal (422) names the datasets in the way. */
export async function databaseListAction(request: Request) {
  const user = await requireUserWith(request, 'can_write', 'Database');
  return pageResult(async () => {
    const form = await readForm(request);
    const intent = form.get('intent');
    if (intent !== 'delete') throw new InvalidInputError(`Unknown intent: ${typeof intent === 'string' ? intent : ''}`);
    const raw = form.get('id');
    const id = databaseIdOf(typeof raw === 'string' ? raw : '');
    return deleteAndRedirect(request, user, id, (message) => data({ id, error: message }, { status: 422 }));
  });
}
