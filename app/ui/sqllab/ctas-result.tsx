/** What a finished CREATE TABLE/VIEW AS run shows instead of rows: what was created, and a way to query it. */
import type { Query } from '~/lib/sqllab/reducer';
import { Button } from '../primitives/button';

/** Superset's "Query in a new tab" SQL: the new object, schema-qualified when the server said where. */
export function ctasSelectSql(query: Pick<Query, 'tempTable' | 'tempSchema'>): string {
  return `SELECT * FROM ${query.tempSchema ? `${query.tempSchema}.` : ''}${query.tempTable ?? ''}`;
}

export function CtasResult({ query, onQueryInNewTab }: { query: Query; onQueryInNewTab: () => void }) {
  const what = query.ctasMethod === 'VIEW' ? 'View' : 'Table';
  const name = `${query.tempSchema ? `${query.tempSchema}.` : ''}${query.tempTable ?? ''}`;
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100">
      <p>{what} <strong className="font-mono">{name}</strong> was created.</p>
      <Button onClick={onQueryInNewTab} size="sm">Query in a new tab</Button>
    </div>
  );
}
