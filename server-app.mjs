// The HTTP edge: the Express app that serves the Remix build, separate from server.mjs (which
// bootstraps and listens) so a test can put the same edge in front of the in-process build.
// It trusts nothing about a request's body: it hands Remix a stream that stops at the body
// limit (maxBodyBytes, REQUEST_BODY_MAX_BYTES), answers 413 past it, and reads and drops what a
// route did not read, so a kept-alive connection stays usable after a refusal (401, 403, 405)
// of a request with a body; a body it cannot drop within the limit gets `Connection: close`.
// The app's own first look at each request (refuseAtEdge: NUL in the URL, a declared size over
// the limit) runs before any route.
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express from 'express';
import compression from 'compression';
import { createRequestHandler } from '@remix-run/node';

/**
 * @param {import('@remix-run/node').ServerBuild} build
 * @param {{ mode?: string, clientDir?: string }} [options] clientDir: the built assets, served when given
 */
export function createServerApp(build, { mode = process.env.NODE_ENV, clientDir } = {}) {
  const { refuseAtEdge, serverConfig } = build.entry.module;
  const { maxBodyBytes } = serverConfig();
  const app = express();
  app.disable('x-powered-by');
  // CSV exports are attachments of up to millions of rows: gzip would make them CPU-bound.
  app.use(compression({ filter: (req, res) => !/^text\/csv/i.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res) }));
  if (clientDir) {
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
    // Nothing under /api/ is a file: skip the file system lookup (a thread pool round trip) there.
    const publicFiles = express.static(clientDir, { maxAge: '1h' });
    app.use((req, res, next) => (req.path.startsWith('/api/') ? next() : publicFiles(req, res, next)));
  }
  // Other tools post queries to /sqllab/ from their own pages (Superset's contract). Remix refuses
  // every cross-origin document POST outright, so the Origin header is dropped for that one entry
  // point: its action (app/routes/sqllab.tsx) never runs anything, it only shows the SQL and asks
  // the logged-in user to confirm with a CSRF-protected form. The editor's own forms post to
  // `?index` and keep Remix's check.
  app.post(['/sqllab', '/sqllab/'], (req, _res, next) => {
    if (!('index' in req.query)) delete req.headers.origin;
    next();
  });
  app.all('*', remixHandler(createRequestHandler(build, mode), refuseAtEdge, maxBodyBytes));
  return app;
}

/** Past the limit, the body stream fails with this; app/server/api/body.server.ts answers it as a 413. */
class PayloadTooLargeError extends Error {
  constructor(limit) {
    super(`the request body is larger than ${limit} bytes`);
    this.name = 'PayloadTooLargeError';
  }
}

/**
 * The request body as a web stream that reads from the socket only when Remix reads (high water
 * mark 0: nothing is pulled ahead), and fails past `limit` bytes. drain() reads and drops the rest
 * (up to the limit) once the route is done with it.
 */
function limitedBody(req, limit) {
  let received = 0;
  let overflowed = false;
  let draining = false;
  let controller;
  let attached = false;
  const onData = (chunk) => {
    received += chunk.length;
    if (received > limit) {
      overflowed = true;
      req.pause();
      controller.error(new PayloadTooLargeError(limit));
      return;
    }
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    if (controller.desiredSize <= 0) req.pause();
  };
  const onEnd = () => controller.close();
  const onError = (error) => controller.error(error);
  const stream = new ReadableStream(
    {
      start(c) {
        controller = c;
      },
      pull() {
        if (!attached) {
          attached = true;
          req.on('data', onData);
          req.once('end', onEnd);
          req.once('error', onError);
        }
        req.resume();
      },
      cancel() {
        drain();
      },
    },
    { highWaterMark: 0 },
  );
  function drain() {
    if (draining) return;
    draining = true;
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    if (overflowed || req.readableEnded) return;
    req.on('data', (chunk) => {
      received += chunk.length;
      // Past the limit, stop reading: the response says Connection: close, and the socket ends with it.
      if (received > limit) req.pause();
    });
    req.on('error', () => {});
    req.resume();
  }
  return { stream, drain, overflowed: () => overflowed };
}

/** Whether a body the route left unread can be read and dropped within the limit, keeping the connection. */
function drainable(req, limit) {
  if (req.readableEnded) return true;
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) <= limit;
  // No length and not chunked: HTTP/1.1 says there is no body.
  return req.headers['transfer-encoding'] === undefined;
}

/** The Fetch request Remix handles, aborted when the client goes away before the answer is sent. */
function remixRequest(req, res, body) {
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
    init.body = body.stream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

function jsonError(status, message) {
  return Response.json({ message }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * The edge around Remix's handler: refuseAtEdge first, the body limit, the drain (above).
 * Remix's Express adapter writes a response body without waiting for the client, so a large
 * download to a slow client piles up in memory (measured: +105 MB within a second for a CSV
 * export read at 2 MB/s). This sends it with pipeline(), which honours backpressure and cancels
 * the body's stream (and so the query behind it) when the client goes away. The adapter does
 * not export its request builder, hence remixRequest above (the same, without X-Forwarded-Host).
 */
function remixHandler(handleRequest, refuseAtEdge, limit) {
  return async (req, res, next) => {
    const body = limitedBody(req, limit);
    let response;
    try {
      const request = remixRequest(req, res, body);
      response = refuseAtEdge(request) ?? (await handleRequest(request));
    } catch (error) {
      body.drain();
      next(error);
      return;
    }
    // Whatever the route made of a failed read, a body past the limit is a 413.
    if (body.overflowed() && response.status !== 413) {
      response = jsonError(413, `The request body is larger than ${limit} bytes, the most this server takes (REQUEST_BODY_MAX_BYTES).`);
    }
    // Unread and too long to read and drop, or cut off at the limit: the connection cannot carry another request.
    if (!drainable(req, limit) || body.overflowed()) res.setHeader('Connection', 'close');
    body.drain();
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
