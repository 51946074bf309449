import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { env } from './server/env.server';
import { HTML_VIEWS } from './ui/charts/html-views';
import { provideServerHtmlViews } from './ui/charts/lazy-html-views';

// Pages render the HTML chart views on the server; browsers load each with import() (lazy-html-views.tsx).
provideServerHtmlViews(HTML_VIEWS);

export { bootstrap } from './server/bootstrap.server';
export { startBackgroundWork, stopBackgroundWork } from './server/jobs/worker.server';
export { refuseAtEdge } from './server/api/edge.server';

/** What server.mjs needs to listen; it reads no environment itself. */
export function serverConfig() {
  return { port: env().PORT, host: env().HOST, maxBodyBytes: env().REQUEST_BODY_MAX_BYTES };
}

/**
 * How long a streamed page may keep streaming after its shell went out. The clock starts only
 * once the shell is rendered: on a saturated machine rendering the shell itself can take seconds,
 * and aborting it then answered a truncated page with status 500.
 */
const ABORT_DELAY = 30_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const waitForAll = isbot(request.headers.get('user-agent') ?? '');
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          responseHeaders.set('X-Frame-Options', 'SAMEORIGIN');
          responseHeaders.set('X-Content-Type-Options', 'nosniff');
          responseHeaders.set('Referrer-Policy', 'same-origin');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          abortTimer = setTimeout(abort, ABORT_DELAY);
          body.on('close', () => clearTimeout(abortTimer));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, onShellError rejects and Remix logs it; after, only this sees it.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
