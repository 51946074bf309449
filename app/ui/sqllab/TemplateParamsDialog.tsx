/**
 * A tab's template parameters: JSON text holding an object, checked as it is typed (the error is
 * shown beside the field and Save is refused until it reads). Saved text goes into the tab.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { checkTemplateParams, formatTemplateParams } from '~/lib/sqllab/template-params';
import { buttonClass, secondaryButtonClass } from './StaticSqlLab';

type Props = { open: boolean; value: string; onClose: () => void; onSave: (text: string) => void };

export function TemplateParamsDialog({ open, value, onClose, onSave }: Props) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (open) setText(formatTemplateParams(value));
  }, [open, value]);
  const check = checkTemplateParams(text);
  const error = check.ok ? null : check.error;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check.ok) return;
    onSave(text.trim() === '' ? '' : text);
  };
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900">
          <DialogTitle className="text-lg font-semibold">Template parameters</DialogTitle>
          <form className="mt-3 space-y-3" onSubmit={submit}>
            <p id="template-params-help" className="text-sm text-slate-600 dark:text-slate-300">
              A JSON object. Its keys are the variables the SQL uses, e.g. <code>{'{"country": "FR"}'}</code> for <code>{'{{ country }}'}</code>.
            </p>
            <label htmlFor="template-params-json" className="block text-sm font-medium">Parameters (JSON)</label>
            <textarea id="template-params-json" value={text} rows={10} spellCheck={false} onChange={(e) => setText(e.target.value)}
              aria-invalid={error ? true : undefined} aria-describedby={error ? 'template-params-error' : 'template-params-help'}
              className="block w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm dark:border-slate-700 dark:bg-slate-950" />
            {error && <p id="template-params-error" role="alert" className="text-sm text-rose-700 dark:text-rose-300">{error}</p>}
            <div className="flex justify-end gap-2">
              <button type="button" onClick={onClose} className={secondaryButtonClass}>Cancel</button>
              <button type="submit" disabled={Boolean(error)} className={`${buttonClass} disabled:opacity-50`}>Save parameters</button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
