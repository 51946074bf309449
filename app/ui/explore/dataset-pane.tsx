/**
 * The left pane: the dataset's name and menu, a search over its metrics and columns, and the two
 * lists with their types and drag handles (drag one onto a selector of the control panel; the
 * selectors' own buttons do the same by click). When the dataset is gone, the missing-dataset
 * alert with 'Swap dataset' takes the lists' place.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '~/ui/primitives/button';
import { Input } from '~/ui/primitives/input';
import { endItemDrag, startItemDrag } from './dnd/drag-data';
import type { ExploreColumn, ExploreDatasource, ExploreMetric } from './types';

export type DatasetPaneProps = {
  datasource: ExploreDatasource | null;
  /** The dataset menu (edit, swap, view in SQL Lab, save as dataset). */
  menu: ReactNode;
  /** The page's message when the dataset is gone ('The dataset linked to this chart may have been deleted.'). */
  missingMessage: string | null;
  /** Opens the swap dialog (the missing-dataset alert's 'Swap dataset' button). */
  onSwap: () => void;
};

export const MISSING_DATASET_MESSAGE = 'The dataset linked to this chart may have been deleted.';

/** A column's kind as the pane names it, from Superset's GenericDataType. */
export function columnKind(column: Pick<ExploreColumn, 'type_generic' | 'is_dttm'>): 'time' | 'number' | 'text' | 'boolean' | 'unknown' {
  if (column.type_generic === 2 || column.is_dttm) return 'time';
  switch (column.type_generic) {
    case 0:
      return 'number';
    case 1:
      return 'text';
    case 3:
      return 'boolean';
    default:
      return 'unknown';
  }
}

const KIND_MARKS: Record<ReturnType<typeof columnKind>, string> = { time: '◷', number: '#', text: 'ABC', boolean: '✓✗', unknown: '?' };

const matches = (query: string, ...texts: (string | null | undefined)[]) => {
  const q = query.trim().toLowerCase();
  return !q || texts.some((text) => text?.toLowerCase().includes(q));
};

export function filterDatasetItems(datasource: Pick<ExploreDatasource, 'columns' | 'metrics'>, query: string): { metrics: ExploreMetric[]; columns: ExploreColumn[] } {
  return {
    metrics: datasource.metrics.filter((m) => matches(query, m.metric_name, m.verbose_name)),
    columns: datasource.columns.filter((c) => matches(query, c.column_name, c.verbose_name)),
  };
}

const itemClass = 'flex cursor-grab items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-slate-100 active:cursor-grabbing dark:hover:bg-slate-800';
const markClass = 'inline-flex w-8 shrink-0 justify-center rounded bg-slate-100 px-1 text-[10px] font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300';

function DragHandle() {
  return (
    <span aria-hidden className="shrink-0 text-slate-400" title="Drag">
      ⋮⋮
    </span>
  );
}

export function DatasetPane({ datasource, menu, missingMessage, onSwap }: DatasetPaneProps) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => (datasource ? filterDatasetItems(datasource, query) : null), [datasource, query]);

  if (!datasource || !shown) {
    return (
      <aside aria-label="Dataset" className="min-w-0 space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h2 className="truncate text-base font-semibold">Dataset</h2>
          {menu}
        </div>
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
          <p className="font-semibold">Missing dataset</p>
          <p className="mt-1">{missingMessage || MISSING_DATASET_MESSAGE}</p>
          <Button type="button" size="sm" className="mt-2" onClick={onSwap}>
            Swap dataset
          </Button>
        </div>
      </aside>
    );
  }

  return (
    <aside aria-label="Dataset" className="min-w-0 space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="truncate text-base font-semibold" title={datasource.name}>
          {datasource.name}
        </h2>
        {menu}
      </div>
      <Input label="Search Metrics & Columns" type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />

      <section aria-labelledby="dataset-pane-metrics">
        <h3 id="dataset-pane-metrics" className="text-sm font-semibold">
          Metrics
        </h3>
        {datasource.metrics.length === 0 ? (
          <div className="mt-1 text-sm">
            <p className="font-medium">No saved metrics found</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {datasource.type === 'query' ? 'Create a dataset to add metrics' : 'Add metrics to dataset in "Edit datasource" modal'}
            </p>
          </div>
        ) : (
          <>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Showing {shown.metrics.length} of {datasource.metrics.length}
            </p>
            <ul className="mt-1 space-y-0.5" aria-label="Metrics">
              {shown.metrics.map((metric) => (
                <li key={metric.metric_name} draggable className={itemClass} title={metric.description || metric.expression}
                  onDragStart={(event) => startItemDrag(event, { kind: 'metric', name: metric.metric_name })} onDragEnd={endItemDrag}>
                  <DragHandle />
                  <span className={markClass} aria-hidden>
                    ƒ
                  </span>
                  <span className="truncate">{metric.verbose_name || metric.metric_name}</span>
                  {metric.warning_text && <span className="sr-only">(warning: {metric.warning_text})</span>}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="dataset-pane-columns">
        <h3 id="dataset-pane-columns" className="text-sm font-semibold">
          Columns
        </h3>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Showing {shown.columns.length} of {datasource.columns.length}
        </p>
        <ul className="mt-1 space-y-0.5" aria-label="Columns">
          {shown.columns.map((column) => {
            const kind = columnKind(column);
            return (
              <li key={column.column_name} draggable className={itemClass} title={column.description || column.type || undefined}
                onDragStart={(event) => startItemDrag(event, { kind: 'column', name: column.column_name })} onDragEnd={endItemDrag}>
                <DragHandle />
                <span className={markClass} title={kind}>
                  <span aria-hidden>{KIND_MARKS[kind]}</span>
                  <span className="sr-only">{kind}</span>
                </span>
                <span className="truncate">{column.verbose_name || column.column_name}</span>
                {column.expression && (
                  <span className="ml-auto shrink-0 font-serif text-xs italic text-slate-500" title="Calculated column">
                    <span aria-hidden>ƒ</span>
                    <span className="sr-only">calculated</span>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </aside>
  );
}
