/**
 * The first look at every request, before any route runs: server-app.mjs (production) and the
 * in-process test app both call refuseAtEdge and answer its Response instead of routing. It
 * trusts nothing in the URL and the headers and refuses, with a message:
 * - a NUL (`%00`) in a path segment, or in a query string name or value: 400. No text column of
 *   the metadata store can hold one, and routes hand path segments and query values (rison
 *   filters, search boxes, client ids) to it;
 * - a Content-Length over REQUEST_BODY_MAX_BYTES: 413 before a byte of the body is read.
 * Bodies are checked where they are read (body.server.ts): only the route knows their shape.
 */
import { hasNul, NUL_MESSAGE } from '~/lib/safe-json';
import { env } from '../env.server';
import { badRequest, payloadTooLarge } from './http-errors.server';

function decodedSegments(pathname: string): string[] {
  return pathname.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      // Malformed escapes are the router's to answer (a 404); only a decoded NUL matters here.
      return segment;
    }
  });
}

/** The refusal for a request that must not reach the routes, or null to route it. */
export function refuseAtEdge(request: Request): Response | null {
  const url = new URL(request.url);
  if (decodedSegments(url.pathname).some(hasNul)) return badRequest(`The path: ${NUL_MESSAGE}`);
  for (const [name, value] of url.searchParams) {
    if (hasNul(name) || hasNul(value)) return badRequest(`The query parameter ${JSON.stringify(name.replace(/\0/g, ''))}: ${NUL_MESSAGE}`);
  }
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
  const limit = env().REQUEST_BODY_MAX_BYTES;
  if (declared > limit) return payloadTooLarge(limit);
  return null;
}
