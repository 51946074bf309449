// The production server: Express serving the Remix build. It bootstraps the metadata store
// (migrations, roles, admin, examples) before it listens, so the first request finds it ready.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import compression from 'compression';
import { createRequestHandler } from '@remix-run/express';

const root = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(root, 'build/server/index.js'));
const { bootstrap, serverConfig } = build.entry.module;

try {
  await bootstrap();
} catch (err) {
  console.error(`sightline: cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const { port, host } = serverConfig();
const app = express();
app.disable('x-powered-by');
app.use(compression());
app.use('/assets', express.static(path.join(root, 'build/client/assets'), { immutable: true, maxAge: '1y' }));
app.use(express.static(path.join(root, 'build/client'), { maxAge: '1h' }));
app.all('*', createRequestHandler({ build }));

const server = app.listen(port, host, () => {
  console.log(`sightline: serving on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
