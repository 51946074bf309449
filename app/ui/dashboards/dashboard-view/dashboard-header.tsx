/**
 * The dashboard's header in view mode: the title (the page's one h1; kept for assistive technology
 * when `standalone` hides it), the published or draft badge, the favourite star, Refresh (a GET
 * form with `force=true` that keeps the page's other parameters, so it works without JavaScript)
 * and, for those who may edit, the 'Edit dashboard' link.
 */
import { FavoriteStar } from '~/ui/lists/favorite-star';
import { StatusBadge } from '~/ui/dashboards/dashboard-list/status-badge';
import { buttonClass } from '~/ui/primitives/button';

type Props = {
  dashboard: { id: number; title: string; published: boolean; url: string };
  favorite: boolean;
  canEdit: boolean;
  hideTitle: boolean;
  /** The page's URL parameters the Refresh form carries along (tabs, permalink, standalone). */
  keep: readonly (readonly [string, string])[];
};

export function DashboardHeader({ dashboard, favorite, canEdit, hideTitle, keep }: Props) {
  const title = <h1 className={hideTitle ? 'sr-only' : 'truncate text-2xl font-semibold'}>{dashboard.title}</h1>;
  if (hideTitle) return title;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      {title}
      <StatusBadge published={dashboard.published} />
      <FavoriteStar id={dashboard.id} name={dashboard.title} favorite={favorite} />
      <div className="ml-auto flex items-center gap-2">
        <form method="get" aria-label="Refresh dashboard">
          {keep.map(([name, value], index) => <input key={`${name}-${index}`} type="hidden" name={name} value={value} />)}
          <input type="hidden" name="force" value="true" />
          <button type="submit" className={buttonClass('secondary', 'sm')}>Refresh dashboard</button>
        </form>
        {canEdit && <a href={`${dashboard.url}?edit=true`} className={buttonClass('primary', 'sm')}>Edit dashboard</a>}
      </div>
    </div>
  );
}
