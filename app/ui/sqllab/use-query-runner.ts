/**
 * Running, following, fetching results of and stopping queries through the SQL Lab API, feeding
 * the reducer's query transitions. A quick async query is answered by execute itself, like a sync
 * one; a longer one (202) is followed over its event stream (GET /api/v1/sqllab/events/), which
 * pushes each state change, so the row count shows once the server has it and the results are
 * fetched by key the moment it succeeds. Where the stream cannot be had (no EventSource, a proxy
 * refusing it, repeated drops) the query is polled every second (updated_since) instead. While no
 * query is active, queries left inactive (a run whose page went away) are cleared every few
 * seconds, and once on load (sql-lab.md §4).
 */
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { getClientError } from '~/lib/client-error';
import { encodeRisonUri } from '~/lib/rison';
import type { RenderedResults } from '~/lib/sqllab/page-forms';
import { newClientId, type Action, type Query, type QueryEditor, type QueryResults, type SqlLabState } from '~/lib/sqllab/reducer';
import { ACTIVE_STATES, QUERY_EVENT, type CtasMethod, type QueryExecutionResponse, type QueryResultDict } from '~/lib/sqllab-api';
import { dangerToast, successToast } from '~/lib/toasts';
import { showToast } from '../toasts';
import { requestJson } from '~/ui/request-json';

const POLL_MS = 1000;
/** A stream that errors this many times in a row (each reconnect failing) gives way to polling. */
const STREAM_MAX_ERRORS = 3;
/** How often inactive queries are cleared, and how long a query may sit at 0% before it counts as inactive (Superset's QUERY_UPDATE_FREQ). */
export const QUERY_UPDATE_FREQ_MS = 2000;
/** An active query older than this is not waited for any more (Superset's MAX_QUERY_AGE_TO_POLL: six hours). */
export const MAX_QUERY_AGE_TO_POLL_MS = 6 * 60 * 60 * 1000;

export type RunOptions = {
  /** Runs this text instead of the tab's selection or SQL (a statement, a data preview). */
  sql?: string;
  isDataPreview?: boolean;
  tableName?: string;
  /** CREATE TABLE AS / CREATE VIEW AS into this table. */
  ctas?: { method: CtasMethod; table: string };
};

function toResults(body: QueryExecutionResponse): QueryResults {
  return {
    status: body.status,
    columns: body.columns.map((c) => ({ name: c.name, type: c.type })),
    data: body.data as QueryResults['data'],
    displayLimitReached: body.displayLimitReached,
  };
}

/** The server's own measure of the run, when it gave both ends. */
function serverDuration(query: QueryExecutionResponse['query'] | undefined): number | null {
  const start = query?.startDttm;
  const end = query?.endDttm;
  return typeof start === 'number' && typeof end === 'number' && end >= start ? end - start : null;
}

export function successAction(id: string, body: QueryExecutionResponse): Action {
  return {
    type: 'querySuccess', id, results: toResults(body), now: Date.now(), rows: body.query?.rows ?? body.data.length, limitingFactor: body.query?.limitingFactor ?? null,
    serverDurationMs: serverDuration(body.query),
    ...(body.query?.ctas ? { created: { tempTable: body.query.tempTable, tempSchema: body.query.tempSchema } } : {}),
  };
}

async function failedAction(id: string, error: unknown): Promise<Action> {
  const e = await getClientError(error);
  return { type: 'queryFailed', id, message: e.error, errors: e.errors?.map((x) => ({ message: x.message, error_type: x.error_type, extra: x.extra ?? null })), link: e.link ?? null, now: Date.now() };
}

function fromServer(q: QueryResultDict): Partial<Query> & { state: Query['state'] } {
  const errors = (q.errors ?? []) as Query['errors'];
  return {
    id: q.id, dbId: q.dbId, sql: q.sql, sqlEditorId: q.sqlEditorId, tab: q.tab, schema: q.schema, state: q.state, progress: q.progress,
    resultsKey: q.resultsKey, rows: q.rows, errorMessage: q.errorMessage, startDttm: q.startDttm ?? 0, endDttm: q.endDttm,
    tempTable: q.tempTable, tempSchema: q.tempSchema, changedOn: Date.parse(q.changed_on) || undefined,
    limitingFactor: q.limitingFactor, ...(errors?.length ? { errors } : {}),
  };
}

/**
 * A query the server kept (a tab's queries after a reload) as the editor holds it: without its
 * results, which are fetched again by key when shown. One still pending or running is followed
 * like an async run (whichever way it was started, only the server can say when it ends).
 */
export function queryFromServer(q: QueryResultDict): Query {
  return {
    ...fromServer(q),
    id: q.id, dbId: q.dbId, sql: q.sql, sqlEditorId: q.sqlEditorId, tab: q.tab, schema: q.schema, startDttm: q.startDttm ?? 0,
    runAsync: q.state === 'pending' || q.state === 'running', ctas: q.ctas, ...(q.ctas_method ? { ctasMethod: q.ctas_method } : {}),
    templateParams: '', queryLimit: q.limit ?? 0, cached: false, isDataPreview: false, progress: q.progress, resultsKey: q.resultsKey,
  };
}

/** Whether some query is still worth waiting for (then nothing is cleared). */
export function hasActiveQuery(queries: Record<string, Query>, now: number): boolean {
  return Object.values(queries).some((q) => ACTIVE_STATES.includes(q.state) && now - q.startDttm < MAX_QUERY_AGE_TO_POLL_MS);
}

const following = (q: Query) => q.runAsync && (q.state === 'pending' || q.state === 'running');

export function useQueryRunner(csrfToken: string, state: SqlLabState, dispatch: Dispatch<Action>, allowAsync: (dbId: number) => boolean) {
  const stateRef = useRef(state);
  stateRef.current = state;
  // Execute requests not yet answered: a stop waits for its query's, or the server would not know the query yet.
  const inflight = useRef(new Map<string, Promise<'running' | 'finished'>>());
  // Event streams open, by query id; queries whose stream failed are polled instead.
  const streams = useRef(new Map<string, EventSource>());
  const polled = useRef(new Set<string>());
  const [pollingFallbacks, setPollingFallbacks] = useState(0);

  const fetchResults = async (query: Query) => {
    if (!query.resultsKey) return;
    dispatch({ type: 'requestResults', id: query.id });
    try {
      const { body } = await requestJson<QueryExecutionResponse>(csrfToken, `/api/v1/sqllab/results/?q=${encodeRisonUri({ key: query.resultsKey, rows: query.queryLimit || null })}`);
      dispatch(successAction(query.id, body));
    } catch (error) {
      const failed = await failedAction(query.id, error);
      dispatch(failed);
      showToast(dangerToast('Failed at retrieving results'));
    }
  };

  /** What the server says of queries: merged into the state; a newly successful async one has its results fetched. */
  const receive = (server: QueryResultDict[]) => {
    const before = stateRef.current.queries;
    const altered = Object.fromEntries(server.filter((q) => before[q.id]).map((q) => [q.id, fromServer(q)]));
    if (!Object.keys(altered).length) return;
    dispatch({ type: 'refreshQueries', altered });
    for (const q of server) {
      const local = before[q.id];
      if (local && following(local) && q.state === 'success') void fetchResults({ ...local, resultsKey: q.resultsKey });
    }
  };

  const fallBackToPolling = (id: string) => {
    streams.current.get(id)?.close();
    streams.current.delete(id);
    polled.current.add(id);
    setPollingFallbacks((n) => n + 1);
  };

  /** Follows a query over its event stream until it finishes (idempotent). */
  const follow = (id: string) => {
    if (streams.current.has(id) || polled.current.has(id)) return;
    if (typeof EventSource === 'undefined') return fallBackToPolling(id);
    const source = new EventSource(`/api/v1/sqllab/events/?client_id=${encodeURIComponent(id)}`);
    streams.current.set(id, source);
    let errors = 0;
    source.addEventListener(QUERY_EVENT, (event) => {
      errors = 0;
      const q = JSON.parse((event as MessageEvent<string>).data) as QueryResultDict;
      receive([q]);
      if (!ACTIVE_STATES.includes(q.state)) {
        source.close();
        streams.current.delete(id);
      }
    });
    source.addEventListener('error', () => {
      // CLOSED: refused (not found, not allowed, no such route); else the browser reconnects by itself, a few times.
      errors += 1;
      if (source.readyState === EventSource.CLOSED || errors >= STREAM_MAX_ERRORS) fallBackToPolling(id);
    });
  };

  // Queries to follow that no request started here: kept by the server and still running after a reload.
  useEffect(() => {
    for (const q of Object.values(state.queries)) if (following(q) && !inflight.current.has(q.id)) follow(q.id);
    // follow only closes over refs, csrfToken and dispatch.
  }, [state.queries]);

  useEffect(() => {
    const open = streams.current;
    return () => {
      for (const source of open.values()) source.close();
      open.clear();
    };
  }, []);

  // Polling, for queries whose stream could not be had.
  const polling = Object.values(state.queries).some((q) => following(q) && polled.current.has(q.id));
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => {
      const since = Math.max(0, stateRef.current.queriesLastUpdate || Date.now() - 60_000);
      requestJson<{ result: QueryResultDict[] }>(csrfToken, `/api/v1/query/updated_since?q=${encodeRisonUri({ last_updated_ms: since })}`)
        .then(({ body }) => receive(body.result))
        .catch(() => {
          // a missed poll is retried on the next tick
        });
    }, POLL_MS);
    return () => clearInterval(timer);
    // receive only closes over refs, csrfToken and dispatch.
  }, [polling, pollingFallbacks, csrfToken, dispatch]);

  const active = hasActiveQuery(state.queries, Date.now());
  useEffect(() => {
    dispatch({ type: 'clearInactiveQueries', now: Date.now(), interval: QUERY_UPDATE_FREQ_MS });
  }, [dispatch]);
  useEffect(() => {
    if (active) return;
    const timer = setInterval(() => dispatch({ type: 'clearInactiveQueries', now: Date.now(), interval: QUERY_UPDATE_FREQ_MS }), QUERY_UPDATE_FREQ_MS);
    return () => clearInterval(timer);
  }, [active, dispatch]);

  return {
    fetchResults,
    async run(tab: QueryEditor, options: RunOptions = {}) {
      if (!tab.dbId) {
        showToast(dangerToast('Choose a database before running a query.'));
        return null;
      }
      const sql = options.sql ?? (tab.selectedText || tab.sql);
      const id = newClientId();
      const runAsync = allowAsync(tab.dbId);
      const ctas = options.ctas ?? null;
      dispatch({
        type: 'startQuery',
        query: {
          id, dbId: tab.dbId, sql, sqlEditorId: options.isDataPreview ? null : tab.id, tab: tab.name, schema: tab.schema, runAsync, ctas: Boolean(ctas),
          ...(ctas ? { ctasMethod: ctas.method, tempTable: ctas.table } : {}),
          templateParams: tab.templateParams, queryLimit: tab.queryLimit, startDttm: Date.now(), resultsKey: null,
          isDataPreview: Boolean(options.isDataPreview), tableName: options.tableName,
        },
      });
      try {
        const request = requestJson<QueryExecutionResponse>(csrfToken, '/api/v1/sqllab/execute/', {
          method: 'POST',
          body: {
            client_id: id, database_id: tab.dbId, json: true, runAsync, schema: tab.schema, sql, sql_editor_id: options.isDataPreview ? null : tab.id,
            tab: tab.name, tmp_table_name: ctas?.table ?? '', select_as_cta: Boolean(ctas), ctas_method: ctas?.method ?? 'TABLE',
            templateParams: tab.templateParams || null, queryLimit: tab.queryLimit, expand_data: true,
          },
        });
        inflight.current.set(id, request.then((r) => (r.status === 202 ? 'running' : 'finished'), () => 'finished'));
        const { status, body } = await request;
        if (status === 202) {
          dispatch({ type: 'refreshQueries', altered: { [id]: { ...fromServer(body.query), changedOn: undefined } } });
          follow(id);
        } else {
          dispatch(successAction(id, body));
        }
      } catch (error) {
        dispatch(await failedAction(id, error));
      } finally {
        inflight.current.delete(id);
      }
      return id;
    },
    /**
     * A query that already ran elsewhere (the no-JavaScript form's run, before the page hydrated):
     * shown in the tab from its stored results (else the page of rows the server rendered), never run again.
     */
    async show(tab: QueryEditor, ran: { sql: string; results: RenderedResults | null; error: string | null }) {
      if (!tab.dbId) return;
      const query: Query = {
        id: ran.results?.clientId ?? newClientId(), dbId: tab.dbId, sql: ran.sql, sqlEditorId: tab.id, tab: tab.name, schema: tab.schema, runAsync: false,
        ctas: false, templateParams: tab.templateParams, queryLimit: tab.queryLimit, startDttm: Date.now(), resultsKey: ran.results?.resultsKey ?? null,
        isDataPreview: false, state: 'running', progress: 0, cached: false,
      };
      dispatch({ type: 'startQuery', query });
      if (ran.error !== null || !ran.results) {
        dispatch({ type: 'queryFailed', id: query.id, message: ran.error ?? 'Unknown error', now: Date.now() });
      } else if (query.resultsKey) {
        await fetchResults(query);
      } else {
        const { columns, rows, totalRows } = ran.results;
        const data = rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null])));
        dispatch({ type: 'querySuccess', id: query.id, now: Date.now(), rows: totalRows, results: { status: 'success', columns: columns.map((name) => ({ name, type: '' })), data } });
      }
    },
    async stop(query: Query | null) {
      if (!query || !ACTIVE_STATES.includes(query.state)) return;
      // A sync run that has answered is over: there is nothing left to stop.
      if ((await inflight.current.get(query.id)) === 'finished') return;
      try {
        await requestJson(csrfToken, '/api/v1/query/stop', { method: 'POST', body: { client_id: query.id } });
        dispatch({ type: 'stopQuery', id: query.id });
        showToast(successToast('Query was stopped.'));
      } catch {
        showToast(dangerToast(`Failed at stopping query. ${query.id}`));
      }
    },
    async estimate(tab: QueryEditor) {
      if (!tab.dbId) return;
      dispatch({ type: 'estimateStarted', tabId: tab.id });
      try {
        const { body } = await requestJson<{ result: Record<string, number | string>[] }>(csrfToken, '/api/v1/sqllab/estimate/', {
          method: 'POST',
          body: { database_id: tab.dbId, schema: tab.schema, sql: tab.selectedText || tab.sql, template_params: tab.templateParams || null },
        });
        dispatch({ type: 'estimateReturned', tabId: tab.id, cost: body.result });
      } catch (error) {
        dispatch({ type: 'estimateFailed', tabId: tab.id, error: (await getClientError(error)).error });
      }
    },
  };
}
