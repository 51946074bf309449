// The production server: the Remix build behind the HTTP edge of server-app.mjs. It bootstraps
// the metadata store (migrations, roles, admin, examples) before it listens, so the first
// request finds it ready.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServerApp } from './server-app.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(root, 'build/server/index.js'));
const { bootstrap, serverConfig, startBackgroundWork, stopBackgroundWork } = build.entry.module;

try {
  await bootstrap();
  // After bootstrap, so the queue's tables exist; the web process runs queries unless WORKER_IN_WEB=false.
  await startBackgroundWork();
} catch (err) {
  console.error(`sightline: cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const { port, host } = serverConfig();
const app = createServerApp(build, { mode: process.env.NODE_ENV, clientDir: path.join(root, 'build/client') });

const server = app.listen(port, host, () => {
  console.log(`sightline: serving on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => void stopBackgroundWork().finally(() => process.exit(0))));
}
