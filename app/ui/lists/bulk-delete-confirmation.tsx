/**
 * The bulk delete's confirm step: the first post of the selection answers this list of names; the
 * second post (`confirmed`) deletes. A section on the page, so it works without JavaScript.
 */
import { Form, Link, useLocation } from '@remix-run/react';
import { CsrfInput } from '../csrf-input';
import { Button } from '../primitives/button';

/** `noun`: what the list holds, singular and plural ('chart', 'charts'). */
export function BulkDeleteConfirmation({ items, noun }: { items: { id: number; name: string }[]; noun: [one: string, many: string] }) {
  const [one, many] = noun;
  const location = useLocation();
  if (items.length === 0) return <p role="alert" className="text-sm">None of the selected {many} exist any more.</p>;
  return (
    <section aria-labelledby="bulk-confirm-title" className="space-y-3 rounded-md border border-rose-300 bg-rose-50 p-4 text-sm dark:border-rose-700 dark:bg-rose-950">
      <h2 id="bulk-confirm-title" className="font-semibold">{items.length === 1 ? `Delete this ${one}?` : `Delete these ${items.length} ${many}?`}</h2>
      <p>Are you sure you want to delete the selected {many}?</p>
      <ul className="list-inside list-disc">{items.map((i) => <li key={i.id}>{i.name}</li>)}</ul>
      <Form method="post" className="flex gap-3">
        <CsrfInput />
        <input type="hidden" name="intent" value="bulk-delete" />
        <input type="hidden" name="confirmed" value="yes" />
        {items.map((i) => <input key={i.id} type="hidden" name="ids" value={i.id} />)}
        <Button type="submit" variant="danger" size="sm">{items.length === 1 ? 'Yes, delete it' : `Yes, delete all ${items.length}`}</Button>
        <Link to={`${location.pathname}${location.search}`} className="px-2 py-1.5 underline">Cancel</Link>
      </Form>
    </section>
  );
}
