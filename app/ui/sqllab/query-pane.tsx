/**
 * What the results pane shows for a tab's latest query (or a table's preview): the error with
 * its issue codes and link, the stopped notice, a progress bar and the elapsed time while it
 * runs, or the results grid with its actions (Save dataset for a query's own results).
 */
import { useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { hasPermission } from '~/lib/permissions';
import type { Query } from '~/lib/sqllab/reducer';
import { dangerToast } from '~/lib/toasts';
import { Button } from '../primitives/button';
import { showToast } from '../toasts';
import { useShell } from '../use-shell';
import { requestJson } from './api';
import { ResultsGrid } from './results-grid';
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
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
        <span role="status">{query.state === 'pending' ? 'Queued…' : query.state === 'fetching' ? 'Fetching results…' : 'Running query…'}</span>
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
  if (query.state !== 'success') return <Progress query={query} now={now} />;

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
        </>
      )} />
      {canSaveDataset && <SaveDatasetDialog open={saving} defaultName={defaultName} onClose={() => setSaving(false)} onSave={saveDataset} />}
    </>
  );
}
