/**
 * The time range grammar under three process time zones (UTC, UTC-8/-7 with DST, UTC+5:30): each
 * run is a fresh Node process, because a process reads TZ once. The answers must be the UTC ones
 * everywhere: the module computes wall time in UTC fields only. Here because app/lib may not spawn
 * processes.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('time ranges under TZ=UTC, America/Los_Angeles and Asia/Kolkata', () => {
  const run = promisify(execFile);
  const probe = `
    import { parseTimeRange } from ${JSON.stringify(path.resolve('app/lib/time-range/index.ts'))};
    // Wednesday afternoon; a DST change in Los Angeles (2024-03-10 10:30Z); just before midnight UTC on New Year's Eve.
    const nows = [Date.UTC(2024, 2, 6, 13, 47, 31), Date.UTC(2024, 2, 10, 10, 30), Date.UTC(2023, 11, 31, 23, 30), Date.UTC(2024, 1, 29, 23, 59, 59)];
    const ranges = ['Last day', 'Last week', 'Last month', 'Last quarter', 'Last year', 'Last 3 hours', 'Next month',
      'previous calendar week', 'previous calendar month', 'previous calendar quarter', 'previous calendar year',
      'Current day', 'Current week', 'Current month', 'Current quarter', 'Current year', 'first week of this year',
      'DATEADD(DATETIME("today"), -7, day) : today', 'start of this month : end of next month', ' : last 2 minutes',
      '2024-03-10T02:30:00 : 2024-11-03T01:30:00', 'DATETRUNC(DATETIME("2024-03-10T02:30:00"), week) : LASTDAY(DATETIME("2024-04-10"), month)',
      '3 days ago : now', 'No filter'];
    const out = { offset: new Date(2024, 0, 1).getTimezoneOffset(), answers: [] };
    for (const t of nows) for (const r of ranges) {
      const a = parseTimeRange(r, { now: new Date(t) });
      out.answers.push([a.sinceText, a.untilText, a.since?.toISOString() ?? null, a.until?.toISOString() ?? null]);
    }
    console.log(JSON.stringify(out));`;

  it('gives the same answers, the UTC ones', async () => {
    const outputs = await Promise.all(
      ['UTC', 'America/Los_Angeles', 'Asia/Kolkata'].map(async (tz) => {
        const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { env: { ...process.env, TZ: tz }, cwd: process.cwd() });
        return JSON.parse(stdout) as { offset: number; answers: Array<[string, string, string | null, string | null]> };
      }),
    );
    // The zones really differ: otherwise the comparison below proves nothing.
    expect(outputs.map((o) => o.offset)).toEqual([0, 480, -330]);
    expect(outputs[1].answers).toEqual(outputs[0].answers);
    expect(outputs[2].answers).toEqual(outputs[0].answers);
    // Spot checks against hand-computed UTC answers.
    const [first] = outputs;
    expect(first.answers[0]).toEqual(['2024-03-05T00:00:00', '2024-03-06T00:00:00', '2024-03-05T00:00:00.000Z', '2024-03-06T00:00:00.000Z']);
    expect(first.answers[12]).toEqual(['2024-03-04T00:00:00', '2024-03-11T00:00:00', '2024-03-04T00:00:00.000Z', '2024-03-11T00:00:00.000Z']);
    // now = 2023-12-31T23:30Z: "Current year" is still 2023 in UTC (it is already 2024 in Kolkata).
    expect(first.answers[2 * 24 + 15]).toEqual(['2023-01-01T00:00:00', '2024-01-01T00:00:00', '2023-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z']);
    // 2024-03-10T02:30 does not exist in Los Angeles; as a naive UTC wall time it is fine.
    expect(first.answers[20]).toEqual(['2024-03-10T02:30:00', '2024-11-03T01:30:00', '2024-03-10T02:30:00.000Z', '2024-11-03T01:30:00.000Z']);
    // Leap day 23:59:59Z: "Last year" ends today (Feb 29) and starts on the clamped Feb 28, 2023.
    expect(first.answers[3 * 24 + 4].slice(0, 2)).toEqual(['2023-02-28T00:00:00', '2024-02-29T00:00:00']);
  }, 20_000);
});
