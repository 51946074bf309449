/**
 * The card view: one card per dashboard with its server-drawn thumbnail (the first screen as an
 * 800x600 mosaic, shown 300 wide and loaded lazily), its title linking to the dashboard, status
 * and certification, last change and owners, the favourite star and, for dashboards the user may
 * delete, the bulk selection box.
 */
import { Link } from '@remix-run/react';
import { CertifiedBadge } from '../../charts/chart-list/certified-badge';
import { DateTime } from '../../list-table';
import { linkClass } from '../../primitives/button';
import { SelectBox } from '../../saved-queries/bulk-delete-bar';
import { FavoriteStar } from '~/ui/lists/favorite-star';
import { StatusBadge } from './status-badge';
import type { DashboardRow } from './types';

/** The thumbnail's size on the card (the picture is 800x600: app/server/dashboards/thumbnail.server.ts). */
const SHOWN_WIDTH = 300;
const SHOWN_HEIGHT = 225;

export function DashboardCards({ rows, selectable }: { rows: DashboardRow[]; selectable: boolean }) {
  return (
    <ul aria-label="Dashboards" className="grid grid-cols-[repeat(auto-fill,minmax(300px,1fr))] gap-4">
      {rows.map((d) => (
        <li key={d.id}>
          <article aria-labelledby={`dashboard-card-${d.id}`}
            className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
            {/* Decorative: the title below names the card. */}
            <img src={d.thumbnailUrl} alt="" loading="lazy" decoding="async" width={SHOWN_WIDTH} height={SHOWN_HEIGHT}
              className="aspect-[4/3] w-full border-b border-slate-100 bg-slate-50 object-cover object-top dark:border-slate-800 dark:bg-slate-950" />
            <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
              <div className="flex items-start gap-2">
                {selectable && d.canEdit && <span className="pt-0.5"><SelectBox id={d.id} label={d.title} /></span>}
                <h2 id={`dashboard-card-${d.id}`} className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">
                  <Link to={d.url} className={linkClass}>{d.title}</Link>
                  <CertifiedBadge by={d.certifiedBy} details={d.certificationDetails} />
                </h2>
                <FavoriteStar id={d.id} name={d.title} favorite={d.favorite} />
              </div>
              <p><StatusBadge published={d.published} /></p>
              <p className="text-xs text-slate-500 dark:text-slate-400">Modified <DateTime iso={d.changedOn} /></p>
              <p className="text-xs text-slate-600 dark:text-slate-300">Owners: {d.owners.length ? d.owners.join(', ') : '—'}</p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
