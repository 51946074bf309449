import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useNavigation, useSearchParams } from '@remix-run/react';
import { LoginFormSchema } from '~/lib/auth-forms';
import { safeRedirect } from '~/lib/safe-redirect';
import { readForm } from '~/server/api/body.server';
import { findCurrentUser } from '~/server/auth/current-user.server';
import { checkCredentials } from '~/server/auth/login.server';
import { commitSession, getSession } from '~/server/auth/session.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await findCurrentUser(request);
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get('next')));
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  // A wrong content type, a malformed form or a NUL is a 400 here, before anything is counted.
  const parsed = LoginFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? 'Enter your username and password.' }, { status: 400 });
  const { username, password, next } = parsed.data;
  try {
    const result = await checkCredentials(username, password);
    if (!result.ok) return data({ error: result.message }, { status: 401 });
    const session = await getSession(request);
    // A fresh session id on login; keep no state from before it.
    session.unset('csrf');
    session.set('userId', result.userId);
    return redirect(safeRedirect(next), { headers: { 'Set-Cookie': await commitSession(session) } });
  } catch (error) {
    // The throttle's 429, shown on the form.
    if (!(error instanceof Response)) throw error;
    const body = (await error.json().catch(() => ({}))) as { message?: string };
    const retryAfter = error.headers.get('Retry-After');
    return data({ error: body.message ?? 'Login failed.' }, { status: error.status, headers: retryAfter ? { 'Retry-After': retryAfter } : undefined });
  }
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <section className="mx-auto mt-12 max-w-sm" aria-labelledby="login-title">
      <h1 id="login-title" className="text-2xl font-semibold">Log in to Sightline</h1>
      <Form method="post" className="mt-6 space-y-4" aria-describedby={actionData?.error ? 'login-error' : undefined}>
        <input type="hidden" name="next" value={params.get('next') ?? '/'} />
        {actionData?.error && (
          <p id="login-error" role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">
            {actionData.error}
          </p>
        )}
        <div>
          <label htmlFor="username" className="block text-sm font-medium">Username</label>
          <input id="username" name="username" autoComplete="username" required autoFocus
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900" />
        </div>
        <div>
          <label htmlFor="password" className="block text-sm font-medium">Password</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900" />
        </div>
        <button type="submit" disabled={busy}
          className="w-full rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60">
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Log in · Sightline' }];
