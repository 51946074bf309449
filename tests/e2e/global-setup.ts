/**
 * Once per e2e run: build the examples warehouse into a temp SQLite file and hand its URL to every
 * test file (`inject('examplesUrl')`), so each server a test starts only registers it instead of
 * generating it again. The file is read by one server at a time (fileParallelism is off).
 *
 * SIGHTLINE_E2E_EXAMPLES=/abs/path/examples.sqlite reuses a file built earlier (local iteration).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    examplesUrl: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

export default async function setup(project: TestProject) {
  const reuse = process.env.SIGHTLINE_E2E_EXAMPLES;
  if (reuse && fs.existsSync(reuse)) {
    project.provide('examplesUrl', `sqlite:///${path.resolve(reuse)}`);
    return;
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-e2e-examples-'));
  const file = path.join(dir, 'examples.sqlite');
  // Absolute path after `sqlite:///`, i.e. four slashes: the form env.server.ts and bootstrap parse.
  const url = `sqlite:///${file}`;
  const started = Date.now();
  // The script gets a throwaway VAR_DIR and metadata database too, so nothing lands in the repo's var/.
  const { code, output } = await run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/load-examples.ts', '--url', url], {
    ...process.env,
    NODE_ENV: 'production',
    VAR_DIR: path.join(dir, 'var'),
    DATABASE_URL: `sqlite:///${path.join(dir, 'metadata.sqlite')}`,
    EXAMPLES_URL: url,
  });
  if (code !== 0 || !fs.existsSync(file)) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`e2e global setup: building the examples warehouse failed (exit ${code}):\n${output}`);
  }
  console.log(`e2e: examples warehouse built in ${((Date.now() - started) / 1000).toFixed(1)} s at ${file}`);
  project.provide('examplesUrl', url);

  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
