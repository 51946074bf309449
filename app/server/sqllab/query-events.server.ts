/**
 * Following a query's state as it changes, wherever it runs. Every transition of the record
 * (query-record.server.ts) sends a signal naming the query (jobs/signals.server.ts: at once in
 * this process, through PostgreSQL NOTIFY or Redis to the others); a follower re-reads the record
 * when signalled, and polls it as well, often when no signal can cross processes (a SQLite store
 * without Redis), rarely otherwise, to cover a signal lost to a reconnect. The record is the
 * truth: followers answer what it says, never what a signal carried.
 * Two followers: execute's short wait for a quick async query (answered inline, like a sync run),
 * and the event stream the editor reads while a longer one runs.
 */
import { FINISHED_STATES, type QueryResultDict, type QueryState } from '~/lib/sqllab-api';
import type { Query } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { NotFoundError } from '../domain-errors.server';
import { signals } from '../jobs/signals.server';
import { requireQueryAccess } from '../access/query-access.server';
import { toQueryResult } from './query-shapes.server';
import { queryLoadOptions } from './runner.server';

/** Without a cross-process channel the record is the only news: read it this often. */
const POLL_WITHOUT_SIGNALS_MS = 150;
/** With one, polling only covers a signal lost while a channel reconnected. */
const POLL_WITH_SIGNALS_MS = 2_000;
/** An event stream ends after this long (the browser's EventSource reconnects by itself). */
const STREAM_MAX_MS = 10 * 60_000;
/** A comment this often keeps proxies from closing an idle stream. */
export const KEEPALIVE_MS = 15_000;

const pollMs = () => (signals().crossProcess ? POLL_WITH_SIGNALS_MS : POLL_WITHOUT_SIGNALS_MS);

/** Signals of one query: `wait` returns on the next one (or one missed since the last wait), or after `ms`. */
function followQuery(queryId: number) {
  let signalled = false;
  let wake: (() => void) | null = null;
  const unsubscribe = signals().subscribe('sqllab_query', (id) => {
    if (id !== String(queryId)) return;
    signalled = true;
    wake?.();
  });
  return {
    wait(ms: number, abort?: AbortSignal): Promise<void> {
      if (signalled || abort?.aborted) {
        signalled = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          abort?.removeEventListener('abort', done);
          wake = null;
          signalled = false;
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, ms));
        abort?.addEventListener('abort', done, { once: true });
        wake = done;
      });
    },
    close: unsubscribe,
  };
}

const isFinished = (state: string) => FINISHED_STATES.includes(state.toLowerCase() as QueryState);

/**
 * Starts the query (`start`: queues it) and answers its record once it has finished, if it does
 * within `windowMs`; null when it is still pending or running then (or was deleted). Subscribed
 * before the start, so no signal is missed, and the record is read only when signalled (or at
 * the poll), never while the query surely still runs.
 */
export async function startAndAwait(queryId: number, windowMs: number, start: () => Promise<void>): Promise<Query | null> {
  const follower = followQuery(queryId);
  try {
    await start();
    const deadline = Date.now() + windowMs;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await follower.wait(Math.min(left, pollMs()));
      const query = await models().Query.findByPk(queryId, queryLoadOptions());
      if (!query) return null;
      if (isFinished(query.status)) return query;
    }
  } finally {
    follower.close();
  }
}

export type QueryEvent = { type: 'query'; query: QueryResultDict } | { type: 'keepalive' };

/** What the editor sees of a query: its dict without the heartbeat's changed_on. */
const visible = (dict: QueryResultDict) => JSON.stringify({ ...dict, changed_on: null });

async function* queryEventStream(queryId: number, abort: AbortSignal): AsyncGenerator<QueryEvent> {
  const follower = followQuery(queryId);
  const end = Date.now() + STREAM_MAX_MS;
  let last = '';
  let quietSince = Date.now();
  try {
    while (!abort.aborted && Date.now() < end) {
      const query = await models().Query.findByPk(queryId, queryLoadOptions());
      if (!query) return;
      const dict = toQueryResult(query);
      const seen = visible(dict);
      if (seen !== last) {
        last = seen;
        quietSince = Date.now();
        yield { type: 'query', query: dict };
      } else if (Date.now() - quietSince >= KEEPALIVE_MS) {
        quietSince = Date.now();
        yield { type: 'keepalive' };
      }
      if (isFinished(query.status)) return;
      await follower.wait(pollMs(), abort);
    }
  } finally {
    follower.close();
  }
}

/**
 * `GET /api/v1/sqllab/events/?client_id=…`: the query's state now, then each change until it
 * finishes (the last event is the finished state). Needs ('can_read', 'Query') and the query must
 * be the user's (or all_query_access), as updated_since and results. Refusals are thrown before
 * anything streams, so they answer as errors; the stream stops when `abort` fires (the client left).
 */
export async function queryEvents(user: CurrentUser, clientId: string, abort: AbortSignal): Promise<AsyncIterable<QueryEvent>> {
  requirePermission(user, 'can_read', 'Query');
  const query = await models().Query.findOne({ where: { client_id: clientId }, attributes: ['id', 'user_id'] });
  if (!query) throw new NotFoundError(`There is no query with client_id "${clientId}".`);
  requireQueryAccess(user, query);
  return queryEventStream(query.id, abort);
}
