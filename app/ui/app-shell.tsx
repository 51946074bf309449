/**
 * The page frame: skip link, header (brand, navigation, theme, account), main, toasts. Below
 * 768 px the navigation folds into a Menu button (a <details> disclosure, so it opens without
 * JavaScript too). A route whose `handle` says `fullWindow` (SQL Lab) gets the whole window below
 * the header, with no page scroll; its own panes scroll.
 */
import { hasPermission } from '~/lib/permissions';
import { Link, NavLink, useLocation, useMatches, useSubmit } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './primitives/icon';
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

const compactNavClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

function useFullWindow(): boolean {
  const matches = useMatches();
  return matches.some((m) => (m.handle as { fullWindow?: boolean } | undefined)?.fullWindow === true);
}

/** A route whose `handle.hideNav(data)` answers true (a dashboard's standalone view) is shown without the header. */
function useHiddenNav(): boolean {
  const matches = useMatches();
  return matches.some((m) => {
    const hideNav = (m.handle as { hideNav?: unknown } | undefined)?.hideNav;
    return typeof hideNav === 'function' && (hideNav as (data: unknown) => boolean)(m.data) === true;
  });
}

/** The navigation as a disclosure for narrow screens; closes when a link is followed. */
function CompactNav({ items }: { items: { to: string; label: string }[] }) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.pathname]);
  return (
    <details ref={details} className="relative md:hidden">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        <Icon name="menu" className="h-5 w-5" />Menu
      </summary>
      <nav aria-label="Main" className="absolute left-0 z-40 mt-1 w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <ul>
          {items.map((item) => <li key={item.to}><NavLink to={item.to} className={compactNavClass}>{item.label}</NavLink></li>)}
        </ul>
      </nav>
    </details>
  );
}

export function AppShell({ children }: { children: ReactNode }) {
  const shell = useShell();
  const location = useLocation();
  const submit = useSubmit();
  const fullWindow = useFullWindow();
  const hiddenNav = useHiddenNav();
  const user = shell?.user;
  const navItems = user ? [...shell.nav, { to: '/settings', label: 'Settings' }] : [];
  return (
    <div className={`flex flex-col ${fullWindow ? 'h-dvh overflow-hidden' : 'min-h-full'}`}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900">
        Skip to content
      </a>
      {!hiddenNav && (
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className={`mx-auto flex items-center gap-2 px-4 py-2 md:gap-4 ${fullWindow ? '' : 'max-w-screen-2xl'}`}>
          <Link to="/" className="text-lg font-semibold tracking-tight text-brand-700 dark:text-brand-100">
            Sightline
          </Link>
          {user ? (
            <>
              <CompactNav items={navItems} />
              <nav aria-label="Main" className="hidden flex-1 flex-wrap items-center gap-1 md:flex">
                {navItems.map((item) => (
                  <NavLink key={item.to} to={item.to} className={navClass}>
                    {item.label}
                  </NavLink>
                ))}
              </nav>
              <div className="flex-1 md:hidden" />
            </>
          ) : (
            <div className="flex-1" />
          )}
          <ThemeToggle />
          {user ? (
            <Menu anchor="bottom end" triggerClassName={`${accountClass} max-w-40 truncate`}
              trigger={<><span className="sr-only">Account menu for </span>{user.username}</>}>
              <MenuLink to="/settings">Settings</MenuLink>
              {user.isAdmin && (
                <>
                  <MenuLink to="/users/list/">List users</MenuLink>
                  <MenuLink to="/roles/list/">List roles</MenuLink>
                  <MenuLink to="/rowlevelsecurity/list/">Row level security</MenuLink>
                </>
              )}
              {hasPermission(user.roles, 'can_read', 'Annotation') && <MenuLink to="/annotationlayer/list/">Annotation layers</MenuLink>}
              {hasPermission(user.roles, 'can_read', 'CssTemplate') && <MenuLink to="/csstemplatemodelview/list/">CSS templates</MenuLink>}
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
      )}
      <main id="main" className={fullWindow ? 'flex min-h-0 w-full flex-1 flex-col overflow-auto px-2 py-2 md:px-4' : 'mx-auto w-full max-w-screen-2xl flex-1 px-4 py-6'}>
        {children}
      </main>
      <Toasts initial={shell?.toasts ?? []} />
    </div>
  );
}
