/**
 * The bulk delete form. Row checkboxes (`SelectBox`) belong to it through the `form` attribute,
 * so selecting and posting work as plain HTML; with JavaScript a "Select all" box and the count
 * of selected rows are added.
 */
import { Form } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { CsrfInput } from '../csrf-input';
import { Button } from '../primitives/button';
import { useHydrated } from '../use-hydrated';

export const BULK_FORM_ID = 'bulk-delete-form';
const boxes = () => Array.from(document.querySelectorAll<HTMLInputElement>(`input[name="ids"][form="${BULK_FORM_ID}"]`));

export function SelectBox({ id, label }: { id: number; label: string }) {
  return <input type="checkbox" name="ids" value={id} form={BULK_FORM_ID} aria-label={`Select ${label}`} className="h-4 w-4" />;
}

export function BulkDeleteBar({ noun, rowCount }: { noun: string; rowCount: number }) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!hydrated) return;
    const update = () => setSelected(boxes().filter((b) => b.checked).length);
    document.addEventListener('change', update);
    update();
    return () => document.removeEventListener('change', update);
  }, [hydrated, rowCount]);
  const toggleAll = (checked: boolean) => {
    for (const box of boxes()) box.checked = checked;
    setSelected(checked ? boxes().length : 0);
  };
  if (rowCount === 0) return null;
  return (
    <Form method="post" id={BULK_FORM_ID} className="flex flex-wrap items-center gap-3 text-sm" aria-label={`Bulk delete ${noun}`}>
      <CsrfInput />
      <input type="hidden" name="intent" value="bulk-delete" />
      {hydrated && (
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={selected > 0 && selected === rowCount} onChange={(e) => toggleAll(e.target.checked)} className="h-4 w-4" />
          Select all on this page
        </label>
      )}
      {hydrated && <span role="status">{selected} selected</span>}
      <Button type="submit" variant="danger-outline" size="sm" disabled={hydrated && selected === 0}>Delete selected</Button>
    </Form>
  );
}
