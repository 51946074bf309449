/** A drill's filters as pills ('gender: boy'), each removable when `onRemove` is given. */
import type { DrillFilter } from '~/lib/explore/drill';
import { Icon } from '~/ui/primitives/icon';

export function FilterPills({ filters, onRemove }: { filters: readonly DrillFilter[]; onRemove?: (index: number) => void }) {
  if (filters.length === 0) return null;
  return (
    <ul aria-label="Drill filters" className="flex flex-wrap gap-2">
      {filters.map((f, i) => (
        <li key={`${f.col}-${i}`} className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-0.5 pl-3 pr-1 text-xs dark:border-slate-700 dark:bg-slate-800">
          <span><span className="font-medium">{f.col}</span>: {f.formattedVal}</span>
          {onRemove ? (
            <button type="button" aria-label={`Remove filter ${f.col}`} onClick={() => onRemove(i)}
              className="rounded-full p-0.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-700">
              <Icon name="close" className="h-3 w-3" />
            </button>
          ) : <span className="pr-2" />}
        </li>
      ))}
    </ul>
  );
}
