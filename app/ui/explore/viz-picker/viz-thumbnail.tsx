/**
 * A chart type's picture on a tile: its static thumbnail, or a drawn placeholder when the type has
 * none. Decorative: the tile names the type in text.
 */
import type { VizMetadata } from '~/viz/types';

type Props = { metadata: Pick<VizMetadata, 'name' | 'thumbnail'>; className?: string };

export function VizThumbnail({ metadata, className = 'h-16 w-24' }: Props) {
  if (metadata.thumbnail) {
    return <img src={metadata.thumbnail} alt="" loading="lazy" className={`${className} rounded border border-slate-200 bg-white object-contain dark:border-slate-700 dark:bg-slate-100`} />;
  }
  return (
    <span aria-hidden="true" data-placeholder="" className={`${className} flex items-center justify-center rounded border border-dashed border-slate-300 bg-slate-50 text-slate-400 dark:border-slate-600 dark:bg-slate-800`}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" className="h-2/3 w-2/3">
        <path d="M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6" />
      </svg>
    </span>
  );
}
