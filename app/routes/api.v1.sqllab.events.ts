/**
 * GET /api/v1/sqllab/events/?client_id=…: Server-Sent Events of one query's state, for the editor
 * while an async query runs: an `event: query` with the query's dict (QueryResultDict) now and at
 * each change, until it has finished; comments keep an idle stream open. Refusals (401, 403, 404,
 * 400) answer as JSON before the stream starts, which the browser's EventSource reports as an error
 * (the editor then polls). `Cache-Control: no-transform` keeps the compression middleware from
 * buffering the events.
 */
import { QUERY_EVENT, QueryEventsQuerySchema } from '~/lib/sqllab-api';
import { endpoint, method } from '~/server/api/endpoint.server';
import { searchParams } from '~/server/api/inputs.server';
import { queryEvents, type QueryEvent } from '~/server/sqllab/query-events.server';

/** How long the browser waits before reconnecting a stream that ended early. */
const RETRY_MS = 1_000;

function eventText(event: QueryEvent): string {
  return event.type === 'keepalive' ? ': keepalive\n\n' : `event: ${QUERY_EVENT}\ndata: ${JSON.stringify(event.query)}\n\n`;
}

function eventStream(events: AsyncIterable<QueryEvent>): Response {
  const iterator = events[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n\n`));
      },
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(eventText(next.value)));
        } catch (error) {
          console.error('sightline: the SQL Lab event stream failed', error);
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.(undefined).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
  });
}

const api = endpoint({
  GET: method({
    query: searchParams(QueryEventsQuerySchema),
    run: (user, { query, signal }) => queryEvents(user, query.client_id, signal),
    reply: eventStream,
  }),
});

export const loader = api.loader;
export const action = api.action;
