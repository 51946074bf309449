/**
 * The cross-filters in force, as chips in the filter bar (issue 14): the emitting chart's name and
 * what it selected ('Population by Region (2014): Europe'), each with a button removing it once the
 * page has hydrated (the page's onRemove clears that chart's cross-filter). Before that, and
 * without JavaScript, the remove control is a link to the page with the data mask less that
 * cross-filter (a form could not go here: the bar's form holds the list, and forms do not nest).
 * Nothing renders when there are none. The buttons are of type "button" for the same reason.
 */
import type { FilterBarCrossFilter } from './contract';

type Props = {
  crossFilters: readonly FilterBarCrossFilter[];
  /** Removes a chart's cross-filter; absent before hydration (the chips then only show). */
  onRemove?: ((chartId: number) => void) | null;
  /** The page's path and carried parameters, for the remove links (without them a link keeps only the path). */
  pathname?: string;
  keep?: readonly (readonly [string, string])[];
};

/** The page's filter state parameters: the remove link gives the whole data mask in `native_filters` instead. */
const isFilterStateParam = (name: string) => name === 'nf' || name.startsWith('nf.') || name === 'native_filters' || name === 'native_filters_key';

/** The page's address with `native_filters` set to `removeParam` (the rest of its filter state dropped). */
export function removeCrossFilterHref(removeParam: string, pathname = '', keep: readonly (readonly [string, string])[] = []): string {
  const params = new URLSearchParams(keep.filter(([name]) => !isFilterStateParam(name)).map(([k, v]) => [k, v]));
  params.append('native_filters', removeParam);
  return `${pathname}?${params.toString()}`;
}

const REMOVE_CLASS = 'inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-full hover:bg-sky-200 dark:hover:bg-sky-800';

export function CrossFilterList({ crossFilters, onRemove, pathname, keep }: Props) {
  if (crossFilters.length === 0) return null;
  return (
    <ul aria-label="Cross-filters" className="flex min-w-0 flex-wrap items-center gap-1.5">
      {crossFilters.map((filter) => (
        <li key={filter.chartId} data-cross-filter-chart={filter.chartId}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-sky-300 bg-sky-50 py-0.5 pl-2.5 pr-1 text-xs text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
          <span className="truncate" title={`${filter.chartName}: ${filter.label}`}>
            <span className="font-medium">{filter.chartName}</span>: {filter.label}
          </span>
          {onRemove ? (
            <button type="button" aria-label={`Remove cross-filter ${filter.chartName}`} title="Remove" className={REMOVE_CLASS}
              onClick={() => onRemove(filter.chartId)}>
              <span aria-hidden="true">×</span>
            </button>
          ) : (
            <a href={removeCrossFilterHref(filter.removeParam, pathname, keep)} aria-label={`Remove cross-filter ${filter.chartName}`} title="Remove" className={REMOVE_CLASS}>
              <span aria-hidden="true">×</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
