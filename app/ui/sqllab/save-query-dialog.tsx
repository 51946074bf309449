/** Save (or update) the tab's query: name and description. */
import { useState, type FormEvent } from 'react';
import { Button } from '../primitives/button';
import { Dialog, DialogActions } from '../primitives/dialog';
import { Input, TextArea } from '../primitives/input';

type Props = {
  open: boolean;
  name: string;
  isUpdate: boolean;
  onClose: () => void;
  onSave: (fields: { name: string; description: string; asNew: boolean }) => Promise<void>;
};

export function SaveQueryDialog({ open, name, isUpdate, onClose, onSave }: Props) {
  const [busy, setBusy] = useState(false);
  const submit = (asNew: boolean) => async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const form = document.getElementById('save-query-form') as HTMLFormElement | null;
    if (!form) return;
    const data = new FormData(form);
    setBusy(true);
    try {
      await onSave({ name: String(data.get('label') ?? ''), description: String(data.get('description') ?? ''), asNew });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title="Save query">
      <form id="save-query-form" className="mt-4 space-y-3" onSubmit={submit(!isUpdate)}>
        <Input id="save-query-name" name="label" label="Name" required defaultValue={name} />
        <TextArea id="save-query-description" name="description" label="Description" rows={3} />
        <DialogActions>
          <Button onClick={onClose} size="sm">Cancel</Button>
          {isUpdate && <Button disabled={busy} onClick={() => void submit(true)()} size="sm">Save as new</Button>}
          <Button type="submit" variant="primary" disabled={busy}>{isUpdate ? 'Update' : 'Save'}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
