/**
 * The dashboard's header in view mode: the title (the page's one h1; kept for assistive technology
 * when `standalone` hides it), the published or draft badge, the favourite star, for those who
 * may edit the 'Edit dashboard' link, and the '⋯' menu (header-menu.tsx: refresh, auto-refresh,
 * fullscreen, share, image), which works without JavaScript as far as its items can.
 */
import { FavoriteStar } from '~/ui/lists/favorite-star';
import { StatusBadge } from '~/ui/dashboards/dashboard-list/status-badge';
import { buttonClass } from '~/ui/primitives/button';
import { HeaderMenu, type HeaderMenuProps } from './header-menu';

type Props = {
  dashboard: { id: number; title: string; published: boolean; url: string };
  favorite: boolean;
  canEdit: boolean;
  hideTitle: boolean;
  /** The menu's actions; `keep` holds the page's URL parameters its forms carry along. */
  menu: HeaderMenuProps;
};

export function DashboardHeader({ dashboard, favorite, canEdit, hideTitle, menu }: Props) {
  const title = <h1 className={hideTitle ? 'sr-only' : 'truncate text-2xl font-semibold'}>{dashboard.title}</h1>;
  if (hideTitle) return title;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      {title}
      <StatusBadge published={dashboard.published} />
      <FavoriteStar id={dashboard.id} name={dashboard.title} favorite={favorite} />
      <div className="ml-auto flex items-center gap-2">
        {canEdit && <a href={`${dashboard.url}?edit=true`} className={buttonClass('primary', 'sm')}>Edit dashboard</a>}
        <HeaderMenu {...menu} />
      </div>
    </div>
  );
}
