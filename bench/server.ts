/**
 * Starts Sightline the way a user does (`node scripts/start.mjs`) and times it to the first
 * 200 from /health. The clock starts just before spawn, so it includes Node's own start-up,
 * loading the build, the bootstrap (migrations, roles, admin, examples) and `listen`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export type TimedStart = { child: ChildProcess; baseUrl: string; ms: number; output: () => string };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `script`: scripts/start.mjs (builds when stale, as `npm start`) or server.mjs (the build as it is). */
export async function timedStart(root: string, env: Record<string, string>, timeoutMs: number, script = 'scripts/start.mjs'): Promise<TimedStart> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before /health answered:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.status === 200) return { child, baseUrl, ms: performance.now() - started, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  child.kill('SIGKILL');
  throw new Error(`/health did not answer 200 within ${timeoutMs / 1000} s:\n${output}`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await done;
  clearTimeout(timer);
}
