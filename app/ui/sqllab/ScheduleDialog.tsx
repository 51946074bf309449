/**
 * "Schedule query" for a saved query: name, output table, start (and optional end) date and how
 * often, as Superset's schedule form has them. Checked here (ScheduleFormSchema), then posted by
 * the page to /savedqueryviewapi/api/create.
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { fieldErrors, type FieldErrors } from '~/lib/form-errors';
import { CUSTOM_CRON, SCHEDULE_PRESETS, ScheduleFormSchema, type ScheduleForm } from '~/lib/sqllab/schedule';
import { buttonClass, inputClass, secondaryButtonClass } from './StaticSqlLab';

type Props = { open: boolean; name: string; onClose: () => void; onSchedule: (form: ScheduleForm) => Promise<boolean> };

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">{label}</label>
      {children}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-rose-700 dark:text-rose-300">{error}</p>}
    </div>
  );
}

export function ScheduleDialog({ open, name, onClose, onSchedule }: Props) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [runs, setRuns] = useState<string>('@daily');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ScheduleFormSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (await onSchedule(parsed.data)) onClose();
    } finally {
      setBusy(false);
    }
  };
  const invalid = (field: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `schedule-${field}-error` } : {});
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900">
          <DialogTitle className="text-lg font-semibold">Schedule query</DialogTitle>
          <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate>
            <div className="sm:col-span-2">
              <Field id="schedule-label" label="Name" error={errors.label}>
                <input id="schedule-label" name="label" defaultValue={name} className={inputClass} {...invalid('label')} />
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field id="schedule-description" label="Description">
                <textarea id="schedule-description" name="description" rows={2} className={inputClass} />
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field id="schedule-output_table" label="Output table name" error={errors.output_table}>
                <input id="schedule-output_table" name="output_table" autoComplete="off" className={inputClass} {...invalid('output_table')} />
              </Field>
            </div>
            <Field id="schedule-start_date" label="Start date" error={errors.start_date}>
              <input id="schedule-start_date" name="start_date" type="date" className={inputClass} {...invalid('start_date')} />
            </Field>
            <Field id="schedule-end_date" label="End date (optional)" error={errors.end_date}>
              <input id="schedule-end_date" name="end_date" type="date" className={inputClass} {...invalid('end_date')} />
            </Field>
            <Field id="schedule-interval" label="Runs" error={errors.interval}>
              <select id="schedule-interval" name="interval" value={runs} onChange={(e) => setRuns(e.target.value)} className={inputClass}>
                {SCHEDULE_PRESETS.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
                <option value={CUSTOM_CRON}>On a cron schedule</option>
              </select>
            </Field>
            {runs === CUSTOM_CRON && (
              <Field id="schedule-cron" label="Cron expression" error={errors.cron}>
                <input id="schedule-cron" name="cron" placeholder="0 6 * * 1" autoComplete="off" className={`${inputClass} font-mono`} {...invalid('cron')} />
              </Field>
            )}
            <div className="flex justify-end gap-2 sm:col-span-2">
              <button type="button" onClick={onClose} className={secondaryButtonClass}>Cancel</button>
              <button type="submit" disabled={busy} className={buttonClass}>Schedule</button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
