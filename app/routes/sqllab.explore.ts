/**
 * POST /sqllab/explore: SQL Lab's "Create chart" (a plain form: client_id of the query whose results
 * to chart). Redirects to Explore on the query; GET goes back to SQL Lab.
 */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { InvalidInputError } from '~/server/domain-errors.server';
import { exploreQueryResults } from '~/server/explore/query-chart.server';

export const loader = () => redirect('/sqllab/');

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWith(request, 'menu_access', 'SQL Lab');
  return pageResult(async () => {
    const form = await readForm(request);
    const clientId = form.get('client_id');
    if (typeof clientId !== 'string' || !/^[\w-]{1,36}$/.test(clientId)) throw new InvalidInputError('Name the query to chart (client_id).');
    const { key } = await exploreQueryResults(user, clientId);
    return redirect(`/explore/?form_data_key=${key}`);
  });
}
