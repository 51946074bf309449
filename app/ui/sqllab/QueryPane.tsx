/**
 * What the results pane shows for a tab's latest query (or a table's preview): the error, the
 * stopped notice, progress while it runs, or the results grid.
 */
import type { Query } from '~/lib/sqllab/reducer';
import { ResultsGrid } from './ResultsGrid';
import { ErrorNotice } from './StaticSqlLab';

export function QueryPane({ query, canCsv }: { query: Query; canCsv: boolean }) {
  if (query.state === 'failed') return <ErrorNotice error={{ message: query.errorMessage ?? 'Unknown error', errors: query.errors }} />;
  if (query.state === 'stopped') return <p role="status" className="text-sm">The query was stopped.</p>;
  if (query.state !== 'success') return <p role="status" className="text-sm text-slate-600 dark:text-slate-300">Running query… {query.progress ? `${query.progress}%` : ''}</p>;
  return <ResultsGrid query={query} canCsv={canCsv} />;
}
