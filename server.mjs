// The production server: Express serving the Remix build. It bootstraps the metadata store
// (migrations, roles, admin, examples) before it listens, so the first request finds it ready.
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import express from 'express';
import compression from 'compression';
import { createReadableStreamFromReadable, createRequestHandler } from '@remix-run/node';

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
const app = express();
app.disable('x-powered-by');
// CSV exports are attachments of up to millions of rows: gzip would make them CPU-bound.
app.use(compression({ filter: (req, res) => !/^text\/csv/i.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res) }));
app.use('/assets', express.static(path.join(root, 'build/client/assets'), { immutable: true, maxAge: '1y' }));
app.use(express.static(path.join(root, 'build/client'), { maxAge: '1h' }));
// Other tools post queries to /sqllab/ from their own pages (Superset's contract). Remix refuses
// every cross-origin document POST outright, so the Origin header is dropped for that one entry
// point: its action (app/routes/sqllab.tsx) never runs anything, it only shows the SQL and asks
// the logged-in user to confirm with a CSRF-protected form. The editor's own forms post to
// `?index` and keep Remix's check.
app.post(['/sqllab', '/sqllab/'], (req, _res, next) => {
  if (!('index' in req.query)) delete req.headers.origin;
  next();
});
app.all('*', remixHandler(createRequestHandler(build, process.env.NODE_ENV)));

/** The Fetch request Remix handles, aborted when the client goes away before the answer is sent. */
function remixRequest(req, res) {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/**
 * Remix's Express adapter writes a response body without waiting for the client, so a large
 * download to a slow client piles up in memory (measured: +105 MB within a second for a CSV
 * export read at 2 MB/s). This sends it with pipeline(), which honours backpressure and cancels
 * the body's stream (and so the query behind it) when the client goes away. The adapter does
 * not export its request builder, hence remixRequest above (the same, without X-Forwarded-Host).
 */
function remixHandler(handleRequest) {
  return async (req, res, next) => {
    let response;
    try {
      response = await handleRequest(remixRequest(req, res));
    } catch (error) {
      next(error);
      return;
    }
    res.statusMessage = response.statusText;
    res.status(response.status);
    for (const [key, value] of response.headers.entries()) res.append(key, value);
    if (!response.body) {
      res.end();
      return;
    }
    if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders();
    try {
      await pipeline(Readable.fromWeb(response.body), res);
    } catch {
      // The client went away or the body failed mid-way: the response is already cut short.
    }
  };
}

const server = app.listen(port, host, () => {
  console.log(`sightline: serving on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => void stopBackgroundWork().finally(() => process.exit(0))));
}
