import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { requireUser } from '~/server/auth/current-user.server';
import { destroySession, getSession } from '~/server/auth/session.server';

export async function loader() {
  return redirect('/');
}

/** Logging out is a POST with the CSRF token, so another site cannot log a user out. */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const session = await getSession(request);
  return redirect('/login', { headers: { 'Set-Cookie': await destroySession(session) } });
}
