/** Pieces of the saved queries list: the SQL preview, the row actions and the bulk delete confirmation; all work without JavaScript. */
import { Form, Link } from '@remix-run/react';
import { CsrfInput } from '../csrf-input';
import { Button, linkClass } from '../primitives/button';
import { CopyLinkButton } from './copy-link-button';

export type SavedQueryItem = { id: number; label: string; sql: string; sqlTruncated: boolean; description: string | null };

export const editorLink = (id: number) => `/sqllab/?savedQueryId=${id}`;

export function SqlPreview({ query }: { query: SavedQueryItem }) {
  const firstLine = query.sql.split('\n').find((l) => l.trim()) ?? '';
  return (
    <details className="max-w-md">
      <summary className="cursor-pointer truncate font-mono text-xs" title="Show the whole SQL">
        {firstLine.length > 60 ? `${firstLine.slice(0, 60)}…` : firstLine}
        <span className="sr-only"> (preview the SQL of {query.label})</span>
      </summary>
      <pre aria-label={`SQL of ${query.label}`} className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-2 font-mono text-xs dark:border-slate-800 dark:bg-slate-900">
        {query.sql}{query.sqlTruncated ? '\n…' : ''}
      </pre>
    </details>
  );
}

export function SavedQueryActions({ query, canWrite }: { query: SavedQueryItem; canWrite: boolean }) {
  const name = <span className="sr-only"> {query.label}</span>;
  return (
    <div className="flex flex-wrap items-start gap-3">
      <Link to={editorLink(query.id)} className={linkClass}>Edit{name}</Link>
      <a href={editorLink(query.id)} target="_blank" rel="noopener" className={linkClass}>Open in a new tab{name}</a>
      <CopyLinkButton path={editorLink(query.id)} label="Copy link" className={linkClass} />
      {canWrite && (
        <details>
          <summary className="cursor-pointer text-rose-700 dark:text-rose-300">Delete{name}</summary>
          <Form method="post" className="mt-2 space-y-2">
            <CsrfInput />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={query.id} />
            <p className="text-xs">Delete “{query.label}”? This cannot be undone.</p>
            <Button type="submit" variant="danger" size="xs">Yes, delete {query.label}</Button>
          </Form>
        </details>
      )}
    </div>
  );
}

export function BulkDeleteConfirmation({ items }: { items: { id: number; label: string }[] }) {
  if (items.length === 0) return <p role="alert" className="text-sm">None of the selected saved queries exist any more.</p>;
  return (
    <section aria-labelledby="bulk-confirm-title" className="space-y-2 rounded-md border border-rose-300 bg-rose-50 p-4 text-sm dark:border-rose-700 dark:bg-rose-950">
      <h2 id="bulk-confirm-title" className="font-semibold">{`Delete ${items.length === 1 ? 'this saved query' : `these ${items.length} saved queries`}?`}</h2>
      <ul className="list-inside list-disc">{items.map((i) => <li key={i.id}>{i.label}</li>)}</ul>
      <Form method="post" className="flex gap-3">
        <CsrfInput />
        <input type="hidden" name="intent" value="bulk-delete" />
        <input type="hidden" name="confirmed" value="yes" />
        {items.map((i) => <input key={i.id} type="hidden" name="ids" value={i.id} />)}
        <Button type="submit" variant="danger" size="sm">Yes, delete {items.length === 1 ? 'it' : `all ${items.length}`}</Button>
        <Link to="." className="px-2 py-1.5 underline">Cancel</Link>
      </Form>
    </section>
  );
}
