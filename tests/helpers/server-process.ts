/**
 * Starts the built production server (`node server.mjs`; `npm run build` must have run) as a child
 * process with its own port, VAR_DIR and SQLite metadata database, so every test file gets a
 * fresh install: migrations, roles and the admin user are created at boot. The examples
 * warehouse is the one file built by tests/e2e/global-setup.ts; the server only registers it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const ADMIN_PASSWORD = 'e2e-Admin-pass-1';
const SECRET_KEY = 'e2e-secret-key-not-for-production-0123456789';
const HEALTH_TIMEOUT_MS = 60_000;
const MAX_OUTPUT = 200_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type RunningServer = {
  baseUrl: string;
  adminPassword: string;
  varDir: string;
  /** Everything the server printed so far (stdout and stderr interleaved). */
  output(): string;
  stop(): Promise<void>;
};

export type StartServerOptions = {
  /** Extra or overriding environment for the server. */
  env?: Record<string, string>;
  /** Defaults to the warehouse the e2e global setup built. */
  examplesUrl?: string;
};

// If the test process dies without calling stop(), do not leave servers listening.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('startServer: build/server/index.js is missing; run `npm run build` first');
  }
  const examplesUrl = opts.examplesUrl ?? inject('examplesUrl');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-e2e-server-'));
  const varDir = path.join(tmp, 'var');
  fs.mkdirSync(varDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      VAR_DIR: varDir,
      DATABASE_URL: `sqlite:///${path.join(tmp, 'metadata.sqlite')}`,
      EXAMPLES_URL: examplesUrl,
      LOAD_EXAMPLES: 'true',
      SECRET_KEY,
      ADMIN_PASSWORD,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const capture = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > MAX_OUTPUT) output = output.slice(-MAX_OUTPUT);
  };
  child.stdout!.on('data', capture);
  child.stderr!.on('data', capture);
  // A server that dies mid-test shows up as "connection refused" in some later step; say why here.
  let ready = false;
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (ready && !stopping) {
      console.error(`sightline server on ${baseUrl} exited unexpectedly (${code ?? signal}). Its output:\n${output}`);
    }
  });

  const stop = async () => {
    stopping = true;
    if (running.has(child)) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
      running.delete(child);
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, () => output);
    ready = true;
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, adminPassword: ADMIN_PASSWORD, varDir, output: () => output, stop };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before /health answered. Its output:\n${output()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last}). The server's output:\n${output()}`);
}
