/** Pieces of the query history page: the filters (fields of the page's GET form), the state badge, the duration and the SQL preview. */
import { Input } from '../primitives/input';
import { Select } from '../primitives/select';

export type HistoryFilterValues = { database: string; state: string; user: string; from: string; to: string };
export type HistoryOptions = { databases: { id: number; name: string }[]; users: { id: number; name: string }[] | null; states: readonly string[] };

export function HistoryFilters({ filters, options }: { filters: HistoryFilterValues; options: HistoryOptions }) {
  return (
    <>
      <Select id="history-database" name="database" label="Database" defaultValue={filters.database}>
        <option value="">All databases</option>
        {options.databases.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
      </Select>
      <Select id="history-state" name="state" label="State" defaultValue={filters.state}>
        <option value="">All states</option>
        {options.states.map((s) => <option key={s} value={s}>{s}</option>)}
      </Select>
      {options.users && (
        <Select id="history-user" name="user" label="User" defaultValue={filters.user}>
          <option value="">All users</option>
          {options.users.map((u) => <option key={u.id} value={u.id}>{u.name}</option>)}
        </Select>
      )}
      <Input id="history-from" type="datetime-local" name="from" label="Started from (UTC)" defaultValue={filters.from} />
      <Input id="history-to" type="datetime-local" name="to" label="Started before (UTC)" defaultValue={filters.to} />
    </>
  );
}

const STATE_STYLES: Record<string, string> = {
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  failed: 'bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100',
  timed_out: 'bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100',
  stopped: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
};

export function StateBadge({ state, error }: { state: string; error: string | null }) {
  return (
    <span title={error ?? undefined} className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_STYLES[state] ?? 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100'}`}>
      {state}
    </span>
  );
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function SqlCell({ id, sql, truncated }: { id: number; sql: string; truncated: boolean }) {
  const oneLine = sql.replace(/\s+/g, ' ').trim();
  return (
    <details className="max-w-md">
      <summary className="cursor-pointer truncate font-mono text-xs" title="Show the whole SQL">
        {oneLine.length > 80 ? `${oneLine.slice(0, 80)}…` : oneLine}
        <span className="sr-only"> (show all of query {id})</span>
      </summary>
      <pre aria-label={`SQL of query ${id}`} className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-2 font-mono text-xs dark:border-slate-800 dark:bg-slate-900">
        {sql}{truncated ? '\n…' : ''}
      </pre>
    </details>
  );
}
