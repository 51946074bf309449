/**
 * "Schedule query" for a saved query: name, output table, start (and optional end) date and how
 * often, as Superset's schedule form has them. Checked here (ScheduleFormSchema), then posted by
 * the page to /savedqueryviewapi/api/create.
 */
import { useState, type FormEvent } from 'react';
import { formMessagesOf } from '~/lib/field-errors';
import { CUSTOM_CRON, SCHEDULE_PRESETS, ScheduleFormSchema, type ScheduleForm } from '~/lib/sqllab/schedule';
import { Button } from '../primitives/button';
import { Dialog, DialogActions } from '../primitives/dialog';
import { Input, TextArea } from '../primitives/input';
import { Select } from '../primitives/select';

type Props = { open: boolean; name: string; onClose: () => void; onSchedule: (form: ScheduleForm) => Promise<boolean> };

export function ScheduleDialog({ open, name, onClose, onSchedule }: Props) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [runs, setRuns] = useState<string>('@daily');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ScheduleFormSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      setErrors(formMessagesOf(parsed.error));
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
  return (
    <Dialog open={open} onClose={onClose} title="Schedule query" size="lg">
      <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate>
        <Input id="schedule-label" name="label" label="Name" defaultValue={name} error={errors.label} className="sm:col-span-2" />
        <TextArea id="schedule-description" name="description" label="Description" rows={2} className="sm:col-span-2" />
        <Input id="schedule-output_table" name="output_table" label="Output table name" autoComplete="off" error={errors.output_table} className="sm:col-span-2" />
        <Input id="schedule-start_date" name="start_date" type="date" label="Start date" error={errors.start_date} />
        <Input id="schedule-end_date" name="end_date" type="date" label="End date (optional)" error={errors.end_date} />
        <Select id="schedule-interval" name="interval" label="Runs" value={runs} onChange={(e) => setRuns(e.target.value)} error={errors.interval}>
          {SCHEDULE_PRESETS.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
          <option value={CUSTOM_CRON}>On a cron schedule</option>
        </Select>
        {runs === CUSTOM_CRON && (
          <Input id="schedule-cron" name="cron" label="Cron expression" placeholder="0 6 * * 1" autoComplete="off" error={errors.cron} controlClassName="font-mono" />
        )}
        <DialogActions className="sm:col-span-2">
          <Button onClick={onClose} size="sm">Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy}>Schedule</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
