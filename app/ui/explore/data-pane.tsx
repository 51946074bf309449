/**
 * The data pane under the chart: Results (the rows of the chart's first query, as it drew them)
 * and Samples (the dataset's rows, fetched the first time the tab opens), each with search, copy
 * and the row-count badge (spec explore.md section 2). Collapsed at first, so the chart stays the
 * first thing on screen; Superset's DataTablesPane is the model.
 */
import { useId, useState } from 'react';
import type { ChartDataResult } from '~/lib/chart-data/types';
import { Icon } from '~/ui/primitives/icon';
import { Tabs } from '~/ui/primitives/tabs';
import { DataTable } from './data-pane/data-table';
import { rowLimitOf, type TableRow } from './data-pane/table-text';
import { useSamples } from './data-pane/use-samples';
import type { ExploreChrome } from './types';

export type DataPaneProps = {
  chrome: ExploreChrome;
  /** The answers the chart drew (Results shows the first query's rows). */
  queriesData: ChartDataResult[];
};

/** The samples endpoint's most rows (SAMPLES_ROW_LIMIT of the server): one page of them. */
export const SAMPLES_PER_PAGE = 1000;
const NO_FILTERS = {};

function PaneMessage({ role = 'status', children }: { role?: 'status' | 'alert'; children: string }) {
  const tone = role === 'alert' ? 'text-rose-700 dark:text-rose-300' : 'text-slate-600 dark:text-slate-300';
  return <p role={role} className={`text-sm ${tone}`}>{children}</p>;
}

function ResultsTab({ chrome, queriesData }: DataPaneProps) {
  const first = queriesData[0];
  if (!first) return <PaneMessage>No results were returned for this query</PaneMessage>;
  if (first.error) return <PaneMessage role="alert">{first.error}</PaneMessage>;
  return (
    <DataTable label="Results" columns={first.colnames ?? []} coltypes={first.coltypes ?? []} rows={(first.data ?? []) as TableRow[]}
      total={first.rowcount ?? first.data?.length ?? 0} limit={rowLimitOf(chrome.formData)} />
  );
}

function SamplesTab({ chrome, open }: { chrome: ExploreChrome; open: boolean }) {
  const datasource = chrome.datasource ? { id: chrome.datasource.id, type: chrome.datasource.type } : null;
  const state = useSamples({ datasource, payload: NO_FILTERS, page: 1, perPage: SAMPLES_PER_PAGE, enabled: open });
  if (!datasource) return <PaneMessage>No dataset</PaneMessage>;
  if (state.status === 'failed') return <PaneMessage role="alert">{state.error}</PaneMessage>;
  if (state.status !== 'success') return <PaneMessage>Loading…</PaneMessage>;
  const { page } = state;
  return <DataTable label="Samples" columns={page.colnames} coltypes={page.coltypes} rows={page.rows} limit={SAMPLES_PER_PAGE} />;
}

export function DataPane({ chrome, queriesData }: DataPaneProps) {
  const [expanded, setExpanded] = useState(false);
  const [tab, setTab] = useState(0);
  // Samples are fetched once their tab has been opened, then kept while the pane lives.
  const [samplesOpened, setSamplesOpened] = useState(false);
  const id = useId();
  const bodyId = `${id}-body`;
  return (
    <section aria-label="Data" className="rounded-md border border-slate-200 dark:border-slate-800">
      <button type="button" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded((v) => !v)}
        className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm font-medium hover:bg-slate-50 dark:hover:bg-slate-900">
        <Icon name={expanded ? 'chevron-down' : 'chevron-right'} />
        Data pane
      </button>
      <div id={bodyId} hidden={!expanded} className="border-t border-slate-200 px-3 pb-3 pt-1 dark:border-slate-800">
        {expanded && (
          <Tabs label="Data pane" idPrefix={`${id}-data`} selectedIndex={tab}
            onChange={(index) => {
              setTab(index);
              if (index === 1) setSamplesOpened(true);
            }}
            items={[
              { id: 'results', title: 'Results', body: <ResultsTab chrome={chrome} queriesData={queriesData} /> },
              { id: 'samples', title: 'Samples', body: <SamplesTab chrome={chrome} open={samplesOpened} /> },
            ]} />
        )}
      </div>
    </section>
  );
}
