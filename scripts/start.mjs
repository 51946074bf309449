// `npm start`: build the app when the build is missing or older than the sources, then serve.
// A second start with unchanged sources skips the build and is up in seconds.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from './build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (buildIsStale(root)) {
  console.log('sightline: building the app ...');
  const result = spawnSync('npx', ['remix', 'vite:build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('sightline: the build failed (see above)');
    process.exit(result.status ?? 1);
  }
}

await import(path.join(root, 'server.mjs'));
