/**
 * The chart's header: title, favourite, edit properties, save (modal), share, download, run in SQL
 * Lab. Stub: the header work fills this in.
 */
import type { ExploreChrome } from './types';

export type ExploreHeaderProps = {
  chrome: ExploreChrome;
  /** The chart's box, for the PNG download. */
  chartElement: () => HTMLElement | null;
};

export function ExploreHeader({ chrome }: ExploreHeaderProps) {
  return <h1 className="text-xl font-semibold">{chrome.slice?.slice_name || 'Untitled chart'}</h1>;
}
