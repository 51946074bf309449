// Whether the production build is missing or older than the sources it is built from.
// Shared by `npm start` (build when stale) and the bench (build before timing).
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['app', 'db', 'migrations', 'public', 'vite.config.ts', 'package.json'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** @param {string} root the project directory */
export function buildIsStale(root) {
  const builtAt = fs.statSync(path.join(root, 'build/server/index.js'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s)))) > builtAt;
}
