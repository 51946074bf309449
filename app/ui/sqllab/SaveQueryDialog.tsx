/** Save (or update) the tab's query: name and description, in a Headless UI dialog. */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import { buttonClass, inputClass, secondaryButtonClass } from './StaticSqlLab';

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
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900">
          <DialogTitle className="text-lg font-semibold">Save query</DialogTitle>
          <form id="save-query-form" className="mt-4 space-y-3" onSubmit={submit(!isUpdate)}>
            <div>
              <label htmlFor="save-query-name" className="block text-sm font-medium">Name</label>
              <input id="save-query-name" name="label" required defaultValue={name} className={inputClass} />
            </div>
            <div>
              <label htmlFor="save-query-description" className="block text-sm font-medium">Description</label>
              <textarea id="save-query-description" name="description" rows={3} className={inputClass} />
            </div>
            <div className="flex justify-end gap-2">
              <button type="button" onClick={onClose} className={secondaryButtonClass}>Cancel</button>
              {isUpdate && <button type="button" disabled={busy} onClick={() => void submit(true)()} className={secondaryButtonClass}>Save as new</button>}
              <button type="submit" disabled={busy} className={buttonClass}>{isUpdate ? 'Update' : 'Save'}</button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
