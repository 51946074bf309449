/**
 * A throwaway PostgreSQL cluster that asks for passwords (scram-sha-256), for tests that must see
 * a wrong password refused: the shared server on 127.0.0.1 trusts every connection. The same
 * idea as engine-fixtures.ts's startScratchPostgres, without its imports from the app (the e2e
 * config has no `~` alias), so e2e tests can use it too. About a second to start.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PasswordPostgres {
  port: number;
  password: string;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const version = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  const bin = version ? path.join(base, version, 'bin') : '';
  if (!bin || !fs.existsSync(path.join(bin, 'initdb'))) throw new Error('initdb was not found under /usr/lib/postgresql: the PostgreSQL server package is needed');
  return bin;
}

export async function startPasswordPostgres(): Promise<PasswordPostgres> {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-pgpw-'));
  const password = `pw-${crypto.randomBytes(5).toString('hex')}`;
  const port = await freePort();
  // The server refuses to run as root: run its tools as the postgres OS user then.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { encoding: 'utf8', timeout: 60_000 })
      : spawnSync(path.join(bin, cmd), args, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  fs.writeFileSync(path.join(dir, 'pw'), password);
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'scram-sha-256', `--pwfile=${path.join(dir, 'pw')}`, '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // -l: the server's output goes to a file; on our pipes it would keep spawnSync from ever returning.
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-w', '-t', '30', 'start']);
  return {
    port,
    password,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
