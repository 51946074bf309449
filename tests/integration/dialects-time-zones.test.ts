/**
 * The dialects' date and timestamp literals under three process time zones (UTC, UTC-8/-7 with
 * DST, UTC+5:30): each run is a fresh Node process, because a process reads TZ once, when it first
 * needs it. No database: the literals must be the UTC ones everywhere. Beside the other dialect
 * tests in spirit; here because app/lib may not spawn processes.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('under TZ=UTC, America/Los_Angeles and Asia/Kolkata', () => {
  const run = promisify(execFile);
  const probe = `
    import { DIALECTS } from ${JSON.stringify(path.resolve('app/lib/sql/dialects/index.ts'))};
    const instants = [Date.UTC(2024, 2, 6, 13, 47, 31), Date.UTC(2024, 2, 10, 10, 30), Date.UTC(2024, 10, 3, 8, 59, 59, 999), Date.UTC(2023, 11, 31, 23, 30)];
    const out = { offset: new Date(2024, 0, 1).getTimezoneOffset(), literals: [] };
    for (const d of DIALECTS) for (const t of instants) out.literals.push(d.dateLiteral(new Date(t)), d.datetimeLiteral(new Date(t)), d.literal(new Date(t)), d.datetimeLiteral('2024-03-10T02:30:00'));
    console.log(JSON.stringify(out));`;

  it('writes the same literals, the UTC ones', async () => {
    const outputs = await Promise.all(
      ['UTC', 'America/Los_Angeles', 'Asia/Kolkata'].map(async (tz) => {
        const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { env: { ...process.env, TZ: tz }, cwd: process.cwd() });
        return JSON.parse(stdout) as { offset: number; literals: string[] };
      }),
    );
    // The zones really differ: otherwise the comparison below proves nothing.
    expect(outputs.map((o) => o.offset)).toEqual([0, 480, -330]);
    expect(outputs[1].literals).toEqual(outputs[0].literals);
    expect(outputs[2].literals).toEqual(outputs[0].literals);
    expect(outputs[0].literals.slice(0, 4)).toEqual(["'2024-03-06'", "'2024-03-06 13:47:31'", "'2024-03-06 13:47:31'", "'2024-03-10 02:30:00'"]);
    expect(outputs[2].literals).toContain("DATE '2023-12-31'");
    expect(outputs[1].literals).toContain("TIMESTAMP '2024-11-03 08:59:59.999'");
  }, 20_000);
});
