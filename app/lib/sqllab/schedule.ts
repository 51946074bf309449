/**
 * The editor's "Schedule query" form (Superset's default schedule schema: output table, start and
 * end date, interval) and the body POST /savedqueryviewapi/api/create gets: the query's fields by
 * their server names, the schedule in extra_json.schedule_info. The scheduler itself is a later
 * issue's; this only stores what it will read.
 */
import { z } from 'zod';

export const SCHEDULE_PRESETS = [
  { value: '@hourly', label: 'Every hour' },
  { value: '@daily', label: 'Every day' },
  { value: '@weekly', label: 'Every week' },
  { value: '@monthly', label: 'Every month' },
] as const;
export const CUSTOM_CRON = 'custom';

const date = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.');
/** Five cron fields (minute hour day month weekday) of the usual characters. */
const CRON = /^\s*(\S+\s+){4}\S+\s*$/;

export const ScheduleFormSchema = z
  .object({
    label: z.string().trim().min(1, 'Give the schedule a name.').max(256, 'The name is at most 256 characters.'),
    description: z.string().trim().max(10_000).optional().transform((s) => s || null),
    output_table: z.string().trim().min(1, 'Name the table the results go to.').max(256, 'The table name is at most 256 characters.'),
    start_date: date,
    end_date: z.union([z.literal(''), date]).optional().transform((s) => s || null),
    interval: z.string().trim().min(1, 'Choose how often the query runs.'),
    cron: z.string().trim().max(64, 'The cron expression is at most 64 characters.').optional().transform((s) => s ?? ''),
  })
  .superRefine((form, ctx) => {
    if (form.interval === CUSTOM_CRON && !CRON.test(form.cron)) {
      ctx.addIssue({ code: 'custom', path: ['cron'], message: 'A cron expression has five fields: minute hour day month weekday, e.g. 0 6 * * 1.' });
    }
    if (form.end_date && form.end_date <= form.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date must be after the start date.' });
  });
export type ScheduleForm = z.output<typeof ScheduleFormSchema>;

export type ScheduledQuery = { sql: string; dbId: number; schema: string | null; templateParams: string };

/** The JSON body of POST /savedqueryviewapi/api/create. */
export function scheduleRequestBody(query: ScheduledQuery, form: ScheduleForm): Record<string, unknown> {
  const schedule_info = {
    output_table: form.output_table,
    start_date: form.start_date,
    ...(form.end_date ? { end_date: form.end_date } : {}),
    schedule_interval: form.interval === CUSTOM_CRON ? form.cron.replace(/\s+/g, ' ') : form.interval,
  };
  return {
    label: form.label,
    description: form.description,
    sql: query.sql,
    db_id: query.dbId,
    schema: query.schema,
    ...(query.templateParams.trim() ? { template_parameters: query.templateParams } : {}),
    extra_json: JSON.stringify({ schedule_info }),
  };
}
