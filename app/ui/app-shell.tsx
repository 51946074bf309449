import { Link, NavLink, useLocation, useSubmit } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Button } from './primitives/button';
import { Menu, MenuAction, MenuLink } from './primitives/menu';
import { ThemeToggle } from './theme-toggle';
import { Toasts } from './toasts';
import { useShell } from './use-shell';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

// Text, not a flex box: the hidden "Account menu for " and the name read as one phrase.
const accountClass = 'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

export function AppShell({ children }: { children: ReactNode }) {
  const shell = useShell();
  const location = useLocation();
  const submit = useSubmit();
  const user = shell?.user;
  return (
    <div className="flex min-h-full flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-screen-2xl items-center gap-4 px-4 py-2">
          <Link to="/" className="text-lg font-semibold tracking-tight text-brand-700 dark:text-brand-100">
            Sightline
          </Link>
          {user ? (
            <nav aria-label="Main" className="flex flex-1 flex-wrap items-center gap-1">
              {shell.nav.map((item) => (
                <NavLink key={item.to} to={item.to} className={navClass}>
                  {item.label}
                </NavLink>
              ))}
              <NavLink to="/settings" className={navClass}>
                Settings
              </NavLink>
            </nav>
          ) : (
            <div className="flex-1" />
          )}
          <ThemeToggle />
          {user ? (
            <Menu anchor="bottom end" triggerClassName={accountClass}
              trigger={<><span className="sr-only">Account menu for </span>{user.username}</>}>
              <MenuLink to="/settings">Settings</MenuLink>
              {user.isAdmin && (
                <>
                  <MenuLink to="/users/list/">List users</MenuLink>
                  <MenuLink to="/roles/list/">List roles</MenuLink>
                </>
              )}
              <MenuAction onClick={() => submit({ csrf_token: shell.csrfToken }, { method: 'post', action: '/logout' })}>Log out</MenuAction>
            </Menu>
          ) : null}
          {user ? (
            // The menu needs JavaScript to open; without it, logging out is this plain form.
            <noscript>
              <form method="post" action="/logout">
                <input type="hidden" name="csrf_token" value={shell.csrfToken} />
                <Button type="submit" variant="ghost">Log out</Button>
              </form>
            </noscript>
          ) : (
            location.pathname !== '/login' && (
              <Link to="/login" className="rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-slate-100 dark:text-brand-100">
                Log in
              </Link>
            )
          )}
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-screen-2xl flex-1 px-4 py-6">
        {children}
      </main>
      <Toasts initial={shell?.toasts ?? []} />
    </div>
  );
}
