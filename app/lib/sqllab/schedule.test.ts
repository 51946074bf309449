import { describe, expect, it } from 'vitest';
import { ScheduleFormSchema, scheduleRequestBody } from './schedule';

const form = { label: 'Daily births', description: '', output_table: 'births_daily', start_date: '2026-12-01', end_date: '', interval: '@daily', cron: '' };
const query = { sql: 'SELECT 1', dbId: 3, schema: 'main', templateParams: '' };

describe('the schedule form', () => {
  it('makes the create body: the query by server names, the schedule in extra_json', () => {
    const body = scheduleRequestBody(query, ScheduleFormSchema.parse(form));
    expect(body).toEqual({
      label: 'Daily births', description: null, sql: 'SELECT 1', db_id: 3, schema: 'main',
      extra_json: JSON.stringify({ schedule_info: { output_table: 'births_daily', start_date: '2026-12-01', schedule_interval: '@daily' } }),
    });
  });
  it('takes a custom cron expression and the template parameters', () => {
    const parsed = ScheduleFormSchema.parse({ ...form, interval: 'custom', cron: ' 0  6 * * 1 ', end_date: '2027-01-01' });
    const body = scheduleRequestBody({ ...query, templateParams: '{"x": 1}' }, parsed);
    expect(JSON.parse(String(body.extra_json))).toEqual({ schedule_info: { output_table: 'births_daily', start_date: '2026-12-01', end_date: '2027-01-01', schedule_interval: '0 6 * * 1' } });
    expect(body.template_parameters).toBe('{"x": 1}');
  });
  it('refuses a bad cron, an end before the start, a missing table or date', () => {
    const errors = (input: Record<string, string>) => {
      const parsed = ScheduleFormSchema.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
    };
    expect(errors({ ...form, interval: 'custom', cron: '0 6 * *' })).toEqual(['cron']);
    expect(errors({ ...form, end_date: '2026-11-30' })).toEqual(['end_date']);
    expect(errors({ ...form, output_table: ' ', start_date: 'tomorrow' }).sort()).toEqual(['output_table', 'start_date']);
  });
});
