// `npm start`: build the app when the build is missing or older than the sources, then serve.
// A second start with unchanged sources skips the build and is up in seconds.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtServer = path.join(root, 'build/server/index.js');
const sources = ['app', 'db', 'migrations', 'vite.config.ts', 'package.json'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.statSync(builtServer, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (changedAt > builtAt) {
  console.log('sightline: building the app ...');
  const result = spawnSync('npx', ['remix', 'vite:build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('sightline: the build failed (see above)');
    process.exit(result.status ?? 1);
  }
}

await import(path.join(root, 'server.mjs'));
