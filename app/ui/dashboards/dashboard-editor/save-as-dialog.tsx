/**
 * 'Save as': a copy of the dashboard as it is being edited (its layout, CSS and metadata), under
 * a new title, optionally with copies of its charts. The page goes to the copy once it is made.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { Input } from '~/ui/primitives/input';

type Props = {
  open: boolean;
  onClose: () => void;
  defaultTitle: string;
  /** Makes the copy: null when done, else the message to show. */
  onSave: (title: string, duplicateSlices: boolean) => Promise<string | null>;
};

export function SaveAsDialog({ open, onClose, defaultTitle, onSave }: Props) {
  const [title, setTitle] = useState(defaultTitle);
  const [duplicate, setDuplicate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTitle(defaultTitle);
    setDuplicate(false);
    setError(null);
  }, [open, defaultTitle]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    const message = await onSave(title, duplicate);
    setSaving(false);
    if (message) setError(message);
    else onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} title="Save dashboard as">
      <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
        <Input label="New dashboard title" name="dashboard_title" value={title} onChange={(event) => setTitle(event.target.value)} autoFocus />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={duplicate} onChange={(event) => setDuplicate(event.target.checked)} />
          Also copy (duplicate) charts
        </label>
        {error && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{error}</p>}
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={saving}>{saving ? 'Saving…' : 'Save as'}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
