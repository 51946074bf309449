/**
 * SQL Lab's answers that are not plain JSON, for the endpoints' `reply`: query results as
 * lossless JSON, and a download streamed from an async iterable. Trusts the domain function that
 * produced the data (it checked permissions and awaited the first chunk, so a query failing at
 * once was an error answer before anything here runs); checks nothing itself.
 */
import { stringifyLossless } from '~/lib/sql/lossless-json';

/**
 * Result data can hold integers beyond 2^53 (bigint on the server): lossless-json writes them as
 * bare number literals, never rounded through a double, so the editor (which parses with
 * parseLossless) and other clients see the exact digits.
 */
export function losslessJson(body: unknown, status = 200): Response {
  return new Response(stringifyLossless(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export interface Download {
  chunks: AsyncIterable<Uint8Array>;
  filename: string;
}

/**
 * A CSV download, pulled only as fast as the client reads (highWaterMark 0: nothing is read ahead
 * of the socket). A client that goes away ends the iterator, which stops the query behind it.
 */
export function csvDownload({ chunks, filename }: Download): Response {
  const iterator = chunks[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          // Headers are gone: all that is left is to end the download as failed.
          console.error('sightline: CSV export failed while streaming', error);
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.().catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentHeader(filename),
      'Cache-Control': 'no-store',
    },
  });
}
