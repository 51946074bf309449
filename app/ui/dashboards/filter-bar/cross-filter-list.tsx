/**
 * The cross-filters in force, as chips in the filter bar (issue 14): the emitting chart's name and
 * what it selected ('Population by Region (2014): Europe'), each with a button removing it once the
 * page has hydrated (the page's onRemove clears that chart's cross-filter). Nothing renders when
 * there are none. The bar's form holds the list, so the buttons are of type "button".
 */
import type { FilterBarCrossFilter } from './contract';

type Props = {
  crossFilters: readonly FilterBarCrossFilter[];
  /** Removes a chart's cross-filter; absent before hydration (the chips then only show). */
  onRemove?: ((chartId: number) => void) | null;
};

export function CrossFilterList({ crossFilters, onRemove }: Props) {
  if (crossFilters.length === 0) return null;
  return (
    <ul aria-label="Cross-filters" className="flex min-w-0 flex-wrap items-center gap-1.5">
      {crossFilters.map((filter) => (
        <li key={filter.chartId} data-cross-filter-chart={filter.chartId}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-sky-300 bg-sky-50 py-0.5 pl-2.5 pr-1 text-xs text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
          <span className="truncate" title={`${filter.chartName}: ${filter.label}`}>
            <span className="font-medium">{filter.chartName}</span>: {filter.label}
          </span>
          {onRemove && (
            <button type="button" aria-label={`Remove cross-filter ${filter.chartName}`} title="Remove"
              className="inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-full hover:bg-sky-200 dark:hover:bg-sky-800"
              onClick={() => onRemove(filter.chartId)}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
