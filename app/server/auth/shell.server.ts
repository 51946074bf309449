import { isAdmin, visibleNavItems } from '~/lib/permissions';
import type { ShellData } from '~/lib/shell';
import { findCurrentUser } from './current-user.server';
import { commitSession, csrfToken, getSession } from './session.server';

/** The root loader's data: who is logged in, what they may open, the CSRF token and flashed toasts. */
export async function loadShell(request: Request): Promise<{ shell: ShellData; setCookie: string | null }> {
  const session = await getSession(request);
  const hadCsrf = Boolean(session.get('csrf'));
  const token = csrfToken(session);
  const toasts = session.get('toasts') ?? [];
  const user = await findCurrentUser(request);
  const shell: ShellData = {
    user: user && {
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      isAdmin: isAdmin(user.roles),
      roles: user.roles,
    },
    nav: user ? visibleNavItems(user.roles) : [],
    csrfToken: token,
    theme: user?.theme ?? 'system',
    toasts,
  };
  const changed = !hadCsrf || toasts.length > 0;
  return { shell, setCookie: changed ? await commitSession(session) : null };
}
