/** /sqllab/p/<key>: a shared SQL Lab permalink opens in a new editor tab (the editor page resolves the key). */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { requireUserWith } from '~/server/auth/current-user.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWith(request, 'menu_access', 'SQL Lab');
  return redirect(`/sqllab/?permalink=${encodeURIComponent(params.key ?? '')}`);
}
