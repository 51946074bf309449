/** What every page's shell needs from the server, as the root loader sends it. */
import type { NavItem, RolePermissions } from './permissions';
import type { Toast } from './toasts';

export type Theme = 'system' | 'light' | 'dark';

export type ShellUser = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  roles: RolePermissions;
};

export type ShellData = {
  user: ShellUser | null;
  nav: NavItem[];
  csrfToken: string;
  theme: Theme;
  toasts: Toast[];
};
