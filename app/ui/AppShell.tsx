import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link, NavLink, useLocation, useSubmit } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ThemeToggle } from './ThemeToggle';
import { Toasts } from './Toasts';
import { useShell } from './use-shell';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

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
            <Menu as="div" className="relative">
              <MenuButton className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
                <span className="sr-only">Account menu for </span>
                {user.username}
              </MenuButton>
              <MenuItems anchor="bottom end" className="z-40 mt-1 w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900">
                <MenuItem>
                  <Link to="/settings" className="block rounded px-3 py-2 text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800">
                    Settings
                  </Link>
                </MenuItem>
                {user.isAdmin && (
                  <>
                    <MenuItem>
                      <Link to="/users/list/" className="block rounded px-3 py-2 text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800">
                        List users
                      </Link>
                    </MenuItem>
                    <MenuItem>
                      <Link to="/roles/list/" className="block rounded px-3 py-2 text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800">
                        List roles
                      </Link>
                    </MenuItem>
                  </>
                )}
                <MenuItem>
                  {/* Not a <form> in the item: Headless UI removes the items when the menu closes, in
                      the same click, and the browser then cancels the detached form's submission. */}
                  <button type="button" onClick={() => submit({ csrf_token: shell.csrfToken }, { method: 'post', action: '/logout' })}
                    className="block w-full rounded px-3 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800">
                    Log out
                  </button>
                </MenuItem>
              </MenuItems>
            </Menu>
          ) : null}
          {user ? (
            // The menu needs JavaScript to open; without it, logging out is this plain form.
            <noscript>
              <form method="post" action="/logout">
                <input type="hidden" name="csrf_token" value={shell.csrfToken} />
                <button type="submit" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
                  Log out
                </button>
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
