/**
 * What the results pane shows for a tab's latest query (or a table's preview): the error with
 * its issue codes and link, the stopped notice, a progress bar and the elapsed time while it
 * runs (with the row count once the server has it, before the rows arrive), or the results grid
 * with its actions (Save dataset for a query's own results). Table previews each get a results
 * tab of their own, labelled with the table's name, beside the tab's own results (as Superset).
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useNavigate } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { getClientError } from '~/lib/client-error';
import { hasPermission } from '~/lib/permissions';
import type { Query } from '~/lib/sqllab/reducer';
import { dangerToast } from '~/lib/toasts';
import { Button } from '../primitives/button';
import { showToast } from '../toasts';
import { useShell } from '../use-shell';
import { requestJson } from '~/ui/request-json';
import { ResultsGrid } from './results-grid';
import { rowCountText } from './result-text';
import { CsrfInput } from '../csrf-input';
import { defaultDatasetName, SaveDatasetDialog } from './save-dataset-dialog';

export const DATASET_CREATE_FAILED = 'An error occurred while creating the data source';

const ACTIVE = new Set(['running', 'pending', 'fetching', 'started', 'scheduled']);

/** 1.2 s, 1:05.3, 1:02:03: tenths while a query is short, seconds once it is long. */
export function formatElapsed(ms: number): string {
  const safe = Math.max(0, ms);
  const seconds = safe / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const sec = h > 0 ? String(Math.floor(s)).padStart(2, '0') : s.toFixed(1).padStart(4, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function QueryErrorNotice({ query }: { query: Query }) {
  const errors = query.errors ?? [];
  const message = query.errorMessage ?? errors[0]?.message ?? 'Unknown error';
  const issues = errors.flatMap((e) => e.extra?.issue_codes ?? []);
  const link = query.link ?? errors.find((e) => e.extra?.link)?.extra?.link ?? null;
  return (
    <div role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-4 py-3 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">
      <p className="font-medium">{message}</p>
      {errors.length > 1 && <ul className="mt-1 list-inside list-disc">{errors.slice(1).map((e, i) => <li key={i}>{e.message}</li>)}</ul>}
      {issues.length > 0 && (
        <ul aria-label="Issue codes" className="mt-2 space-y-0.5 text-xs">
          {issues.map((issue) => <li key={issue.code}>{issue.message}</li>)}
        </ul>
      )}
      {link && <a href={link} target="_blank" rel="noreferrer" className="mt-2 inline-block text-xs underline">See more about this error</a>}
    </div>
  );
}

function Progress({ query, now }: { query: Query; now: number }) {
  const pct = Math.max(0, Math.min(100, query.progress || 0));
  // Known once the query has succeeded on the server, while its rows are still on their way.
  const rows = typeof query.rows === 'number' && (query.state === 'fetching' || query.state === 'success') ? query.rows : null;
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
        <span role="status">{query.state === 'pending' ? 'Queued…' : query.state === 'fetching' || query.state === 'success' ? 'Fetching results…' : 'Running query…'}</span>
        {rows !== null && <span data-testid="known-row-count">{rowCountText(rows)}</span>}
        <span data-testid="elapsed" aria-label="Elapsed time">{formatElapsed(now - query.startDttm)}</span>
      </div>
      <div role="progressbar" aria-label="Query progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}
        className="h-1.5 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800">
        <div className="h-full bg-brand-600 transition-[width] duration-300" style={{ width: `${Math.max(pct, 2)}%` }} />
      </div>
    </div>
  );
}

type Props = {
  query: Query;
  canCsv: boolean;
  /** The tab's name, for the dataset's default name (the query's recorded tab name otherwise). */
  tabName?: string;
};

export function QueryPane({ query, canCsv, tabName }: Props) {
  const shell = useShell();
  const navigate = useNavigate();
  const active = ACTIVE.has(query.state);
  const now = useNow(active);
  const [saving, setSaving] = useState(false);
  const [defaultName, setDefaultName] = useState('');
  const canSaveDataset = Boolean(shell?.user && hasPermission(shell.user.roles, 'can_write', 'Dataset')) && !query.isDataPreview;

  if (query.state === 'failed' || query.state === 'timed_out') return <QueryErrorNotice query={query} />;
  if (query.state === 'stopped') return <p role="status" className="text-sm">The query was stopped.</p>;
  // A success whose rows are not here yet (followed to its end, or restored after a reload): they are being fetched by key.
  if (query.state !== 'success' || (!query.results && query.resultsKey)) return <Progress query={query} now={now} />;

  const openDialog = () => {
    setDefaultName(defaultDatasetName(tabName ?? query.tab ?? 'Untitled', new Date()));
    setSaving(true);
  };
  const saveDataset = async (name: string): Promise<string | null> => {
    try {
      const { body } = await requestJson<{ id: number }>(shell?.csrfToken ?? '', '/api/v1/dataset/', {
        method: 'POST',
        // The SQL as it ran (the selection when there was one), templates unrendered.
        body: { database: query.dbId, schema: query.schema || null, sql: query.sql, table_name: name, is_managed_externally: false, external_url: null },
      });
      setSaving(false);
      navigate(`/explore/?datasource_type=table&datasource_id=${body.id}`);
      return null;
    } catch (error) {
      const message = (await getClientError(error)).error;
      showToast(dangerToast(`${DATASET_CREATE_FAILED}: ${message}`));
      return message;
    }
  };

  const elapsed = query.endDttm ? formatElapsed(query.endDttm - query.startDttm) : null;
  return (
    <>
      <ResultsGrid query={query} canCsv={canCsv} actions={(
        <>
          {elapsed && <span className="text-xs text-slate-500 dark:text-slate-400" data-testid="elapsed" title="Time from Run to results">{elapsed}</span>}
          {canSaveDataset && <Button onClick={openDialog} size="sm">Save dataset</Button>}
          {!query.isDataPreview && (
            // Superset's "Create chart": Explore on the query's results as a query datasource.
            <form method="post" action="/sqllab/explore" className="inline">
              <CsrfInput />
              <input type="hidden" name="client_id" value={query.id} />
              <Button type="submit" size="sm">Create chart</Button>
            </form>
          )}
        </>
      )} />
      {canSaveDataset && <SaveDatasetDialog open={saving} defaultName={defaultName} onClose={() => setSaving(false)} onSave={saveDataset} />}
    </>
  );
}

export type PreviewTab = {
  /** The preview query's id. */
  id: string;
  tableName: string;
  query: Query | null;
};

type ResultsTabsProps = {
  /** The tab's own results (its latest query), as the editor renders them. */
  results: ReactNode;
  previews: PreviewTab[];
  /** The preview shown, or null for the tab's own results. */
  selectedId: string | null;
  onSelect: (previewId: string | null) => void;
  canCsv: boolean;
};

const resultsTabClass =
  '-mb-px whitespace-nowrap border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-brand-500 data-[selected]:border-brand-600 data-[selected]:text-brand-700 dark:text-slate-300 dark:hover:text-white dark:data-[selected]:text-white';

/** The results pane's tabs: "Results", then "Preview: <table>" per previewed table; only the shown one is rendered. */
export function ResultsTabs({ results, previews, selectedId, onSelect, canCsv }: ResultsTabsProps) {
  if (previews.length === 0) return <>{results}</>;
  const index = Math.max(0, previews.findIndex((p) => p.id === selectedId) + 1);
  return (
    <TabGroup selectedIndex={index} onChange={(i) => onSelect(i === 0 ? null : previews[i - 1].id)} className="flex min-h-0 flex-1 flex-col gap-2">
      <TabList aria-label="Results" className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
        <Tab className={resultsTabClass}>Results</Tab>
        {previews.map((p) => <Tab key={p.id} className={resultsTabClass}>{`Preview: ${p.tableName}`}</Tab>)}
      </TabList>
      {/* Only the selected panel is rendered (Headless UI unmounts the others): one results grid at a time. */}
      <TabPanels className="flex min-h-0 flex-1 flex-col">
        <TabPanel className="flex min-h-0 flex-1 flex-col focus:outline-none">{results}</TabPanel>
        {previews.map((p) => (
          <TabPanel key={p.id} className="flex min-h-0 flex-1 flex-col focus:outline-none">
            {p.query ? <QueryPane query={p.query} canCsv={canCsv} /> : <p role="status" className="text-sm">Loading the preview…</p>}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
