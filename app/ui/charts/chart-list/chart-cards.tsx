/**
 * The card view: one card per chart with its server-drawn thumbnail (800x450, shown 300 wide and
 * loaded lazily), its name linking to Explore, type and last change, the favourite star and,
 * for charts the user may delete, the bulk selection box.
 */
import { Link } from '@remix-run/react';
import { DateTime } from '../../list-table';
import { linkClass } from '../../primitives/button';
import { SelectBox } from '../../saved-queries/bulk-delete-bar';
import { CertifiedBadge } from './certified-badge';
import { FavoriteStar } from '~/ui/lists/favorite-star';
import { THUMBNAIL_SHOWN_HEIGHT, THUMBNAIL_SHOWN_WIDTH, type ChartListRow } from './types';

export function ChartCards({ rows, selectable }: { rows: ChartListRow[]; selectable: boolean }) {
  return (
    <ul aria-label="Charts" className="grid grid-cols-[repeat(auto-fill,minmax(300px,1fr))] gap-4">
      {rows.map((c) => (
        <li key={c.id}>
          <article aria-labelledby={`chart-card-${c.id}`}
            className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
            <img src={c.thumbnailUrl} alt={`Thumbnail of ${c.name}`} loading="lazy" decoding="async"
              width={THUMBNAIL_SHOWN_WIDTH} height={THUMBNAIL_SHOWN_HEIGHT}
              className="aspect-[16/9] w-full border-b border-slate-100 bg-slate-50 object-contain dark:border-slate-800 dark:bg-slate-950" />
            <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
              <div className="flex items-start gap-2">
                {selectable && c.canEdit && <span className="pt-0.5"><SelectBox id={c.id} label={c.name} /></span>}
                <h2 id={`chart-card-${c.id}`} className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">
                  <Link to={c.url} className={linkClass}>{c.name}</Link>
                  <CertifiedBadge by={c.certifiedBy} details={c.certificationDetails} />
                </h2>
                <FavoriteStar id={c.id} name={c.name} favorite={c.favorite} />
              </div>
              <p className="text-slate-600 dark:text-slate-300">{c.vizTypeName}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">Modified <DateTime iso={c.changedOn} /></p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
