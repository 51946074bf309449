/**
 * "Save dataset" from a query's results: asks for the dataset's name (the tab's name and the time
 * by default, as Superset proposes it) and hands it to `onSave`; a refusal stays in the dialog so
 * the name can be changed and tried again.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../primitives/button';
import { Dialog, DialogActions } from '../primitives/dialog';
import { Input } from '../primitives/input';

const pad = (n: number) => String(n).padStart(2, '0');

/** "Tab name 05/17/2024 14:03:09", Superset's default (MM/DD/YYYY HH:mm:ss, local time). */
export function defaultDatasetName(tabName: string, now: Date): string {
  const stamp = `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  return `${tabName.trim() || 'Untitled'} ${stamp}`.slice(0, 250);
}

type Props = {
  open: boolean;
  defaultName: string;
  onClose: () => void;
  /** Resolves with an error message to show, or nothing when saved. */
  onSave: (name: string) => Promise<string | null>;
};

export function SaveDatasetDialog({ open, defaultName, onClose, onSave }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('table_name') ?? '').trim();
    if (!name) {
      setError('Give the dataset a name.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setError(await onSave(name));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title="Save or Overwrite Dataset">
      <form className="mt-4 space-y-3" onSubmit={(e) => void submit(e)}>
        <Input id="save-dataset-name" name="table_name" label="Dataset name" required maxLength={250} defaultValue={defaultName}
          error={error} errorRole="alert" />
        <p className="text-xs text-slate-600 dark:text-slate-400">The dataset keeps this query’s SQL; Explore opens on it once saved.</p>
        <DialogActions>
          <Button onClick={close} size="sm">Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy}>{busy ? 'Saving…' : 'Save & Explore'}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
