/**
 * A menu button and its items (Headless UI: arrow keys, typeahead, Escape, focus return, the
 * `menu`/`menuitem` roles). It opens only with JavaScript: whatever a menu offers must also be
 * reachable without it (the shell's log-out form in <noscript>, the editor that exists only once
 * hydrated). An item is a button running an action or a link to a page, never a form: Headless UI
 * unmounts the items in the click that closes the menu, which would cancel the form's submission.
 */
import { Menu as HeadlessMenu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

type Anchor = 'bottom start' | 'bottom end';

type Props = {
  /** The button's accessible name when its content does not say it (an icon). */
  label?: string;
  /** The button's content. */
  trigger: ReactNode;
  triggerClassName: string;
  disabled?: boolean;
  anchor?: Anchor;
  /** The list's width class. */
  width?: string;
  children: ReactNode;
};

const itemClass = 'block w-full rounded px-3 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800';

export function Menu({ label, trigger, triggerClassName, disabled, anchor = 'bottom start', width = 'w-48', children }: Props) {
  return (
    <HeadlessMenu as="div" className="relative">
      <MenuButton aria-label={label} disabled={disabled} className={triggerClassName}>{trigger}</MenuButton>
      <MenuItems anchor={anchor}
        className={`z-40 mt-1 ${width} rounded-md border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900`}>
        {children}
      </MenuItems>
    </HeadlessMenu>
  );
}

export function MenuAction({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <MenuItem>
      <button type="button" className={itemClass} onClick={onClick}>{children}</button>
    </MenuItem>
  );
}

export function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <MenuItem>
      <Link to={to} className={itemClass}>{children}</Link>
    </MenuItem>
  );
}
