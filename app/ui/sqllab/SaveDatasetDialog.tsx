/**
 * "Save dataset" from a query's results: asks for the dataset's name (the tab's name and the time
 * by default, as Superset proposes it) and hands it to `onSave`; a refusal stays in the dialog so
 * the name can be changed and tried again.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { buttonClass, inputClass, secondaryButtonClass } from './StaticSqlLab';

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
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900">
          <DialogTitle className="text-lg font-semibold">Save or Overwrite Dataset</DialogTitle>
          <form className="mt-4 space-y-3" onSubmit={(e) => void submit(e)}>
            <div>
              <label htmlFor="save-dataset-name" className="block text-sm font-medium">Dataset name</label>
              <input id="save-dataset-name" name="table_name" required maxLength={250} defaultValue={defaultName} className={inputClass}
                aria-invalid={error ? true : undefined} aria-describedby={error ? 'save-dataset-error' : undefined} />
            </div>
            {error && <p id="save-dataset-error" role="alert" className="text-sm text-rose-700 dark:text-rose-300">{error}</p>}
            <p className="text-xs text-slate-600 dark:text-slate-400">The dataset keeps this query’s SQL; Explore opens on it once saved.</p>
            <div className="flex justify-end gap-2">
              <button type="button" onClick={close} className={secondaryButtonClass}>Cancel</button>
              <button type="submit" disabled={busy} className={buttonClass}>{busy ? 'Saving…' : 'Save & Explore'}</button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
