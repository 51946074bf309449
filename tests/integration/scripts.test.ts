import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-scripts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(path.resolve('node_modules/.bin/tsx'), [`scripts/${script}.ts`, ...args], {
    env: { ...process.env, VAR_DIR: dir, SECRET_KEY: 'k'.repeat(32), ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('admin scripts', () => {
  const url = `sqlite:${path.join(dir, 'meta.sqlite')}`;

  it('db:migrate applies, reports status, reverts and re-applies', () => {
    const up = run('migrate', ['up'], { DATABASE_URL: url });
    expect(up.status).toBe(0);
    expect(up.stdout).toContain('migrated  0001-initial');
    const status = run('migrate', ['status'], { DATABASE_URL: url });
    expect(status.stdout).toContain('applied  0001-initial');
    const count = migrations.length;
    expect(status.stdout).toContain(`${count} applied, 0 pending`);
    const down = run('migrate', ['down', '--all'], { DATABASE_URL: url });
    expect(down.stdout).toContain(`reverted ${count} migration(s)`);
    expect(run('migrate', ['status'], { DATABASE_URL: url }).stdout).toContain(`0 applied, ${count} pending`);
    expect(run('migrate', ['up'], { DATABASE_URL: url }).status).toBe(0);
  });

  it('create-admin creates an admin who can be found, and refuses a duplicate', () => {
    const first = run('create-admin', ['--username', 'ops', '--password', 'long-enough-pw'], { DATABASE_URL: url });
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('created admin user "ops"');
    const again = run('create-admin', ['--username', 'ops', '--password', 'long-enough-pw'], { DATABASE_URL: url });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('create-admin: A user named ops already exists.');
  });

  it('create-admin explains a short password and missing flags', () => {
    expect(run('create-admin', ['--username', 'x', '--password', 'short'], { DATABASE_URL: url }).stderr).toContain('Password must be at least 8 characters.');
    const missing = run('create-admin', ['--username', 'x'], { DATABASE_URL: url });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('--username and --password are required');
  });

  it('fails with one clear line on a bad URL or an unreachable database', () => {
    const bad = run('migrate', ['status'], { DATABASE_URL: 'oracle://x' });
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toMatch(/^db:migrate: DATABASE_URL "oracle:\/\/x" has an unsupported scheme/);
    const down = run('migrate', ['status'], { DATABASE_URL: 'postgresql://postgres:secret@127.0.0.1:1/nothing' });
    expect(down.status).toBe(1);
    expect(down.stderr).toContain('db:migrate: cannot reach the metadata database postgresql://postgres:XXXXXXXXXX@127.0.0.1:1/nothing');
    expect(down.stderr).not.toContain('secret');
    expect(down.stderr).not.toMatch(/\n\s+at /);
  });
});
