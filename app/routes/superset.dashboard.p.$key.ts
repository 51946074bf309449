/**
 * `/superset/dashboard/p/{key}/`: the URL a dashboard permalink is shared as. As Superset's view
 * does, it opens the dashboard page on the stored state: `?permalink_key=` (the page reads the
 * data mask and active tabs by it), the stored URL parameters, the parameters this link was
 * opened with, and the anchor as the hash. A key that is unknown, or whose dashboard the user may
 * not see, leads to the dashboard list with the error as a notice, as in Superset.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { dangerToast } from '~/lib/toasts';
import { requireUser } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { openDashboardPermalink, permalinkRedirectPath } from '~/server/dashboards/permalink.server';
import { DomainError } from '~/server/domain-errors.server';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    const opened = await openDashboardPermalink(user, params.key);
    return redirect(permalinkRedirectPath(opened, params.key ?? '', new URL(request.url).searchParams));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirect('/dashboard/list/', { headers: { 'Set-Cookie': await flashToasts(request, [dangerToast(`Error: ${error.message}`)]) } });
  }
}
