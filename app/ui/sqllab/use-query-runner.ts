/**
 * Running, polling, fetching results of and stopping queries through the SQL Lab API, feeding the
 * reducer's query transitions. Async queries are polled every second (updated_since) until they
 * finish; their results are then fetched by key.
 */
import { useEffect, useRef, type Dispatch } from 'react';
import { getClientError } from '~/lib/client-error';
import { encodeRisonUri } from '~/lib/rison';
import { newClientId, type Action, type Query, type QueryEditor, type QueryResults, type SqlLabState } from '~/lib/sqllab/reducer';
import type { QueryExecutionResponse, QueryResultDict } from '~/lib/sqllab-api';
import { dangerToast, successToast } from '~/lib/toasts';
import { showToast } from '../Toasts';
import { requestJson } from './api';

const POLL_MS = 1000;

function toResults(body: QueryExecutionResponse): QueryResults {
  return {
    status: body.status,
    columns: body.columns.map((c) => ({ name: c.name, type: c.type })),
    data: body.data as QueryResults['data'],
    displayLimitReached: body.displayLimitReached,
  };
}

export function successAction(id: string, body: QueryExecutionResponse): Action {
  return { type: 'querySuccess', id, results: toResults(body), now: Date.now(), rows: body.query?.rows ?? body.data.length, limitingFactor: body.query?.limitingFactor ?? null };
}

async function failedAction(id: string, error: unknown): Promise<Action> {
  const e = await getClientError(error);
  return { type: 'queryFailed', id, message: e.error, errors: e.errors?.map((x) => ({ message: x.message, error_type: x.error_type })), link: e.link ?? null, now: Date.now() };
}

function fromServer(q: QueryResultDict): Partial<Query> & { state: Query['state'] } {
  return {
    id: q.id, dbId: q.dbId, sql: q.sql, sqlEditorId: q.sqlEditorId, tab: q.tab, schema: q.schema, state: q.state, progress: q.progress,
    resultsKey: q.resultsKey, rows: q.rows, errorMessage: q.errorMessage, startDttm: q.startDttm ?? 0, endDttm: q.endDttm,
    changedOn: Date.parse(q.changed_on) || undefined,
  };
}

export function useQueryRunner(csrfToken: string, state: SqlLabState, dispatch: Dispatch<Action>, allowAsync: (dbId: number) => boolean) {
  const stateRef = useRef(state);
  stateRef.current = state;

  const fetchResults = async (query: Query) => {
    if (!query.resultsKey) return;
    dispatch({ type: 'requestResults', id: query.id });
    try {
      const { body } = await requestJson<QueryExecutionResponse>(csrfToken, `/api/v1/sqllab/results/?q=${encodeRisonUri({ key: query.resultsKey, rows: query.queryLimit })}`);
      dispatch(successAction(query.id, body));
    } catch (error) {
      const failed = await failedAction(query.id, error);
      dispatch(failed);
      showToast(dangerToast('Failed at retrieving results'));
    }
  };

  const pending = Object.values(state.queries).some((q) => q.runAsync && (q.state === 'pending' || q.state === 'running'));
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      const since = Math.max(0, stateRef.current.queriesLastUpdate || Date.now() - 60_000);
      requestJson<{ result: QueryResultDict[] }>(csrfToken, `/api/v1/query/updated_since?q=${encodeRisonUri({ last_updated_ms: since })}`)
        .then(({ body }) => {
          const altered = Object.fromEntries(body.result.filter((q) => stateRef.current.queries[q.id]).map((q) => [q.id, fromServer(q)]));
          const before = stateRef.current.queries;
          dispatch({ type: 'refreshQueries', altered });
          for (const q of body.result) {
            const local = before[q.id];
            if (local && local.runAsync && q.state === 'success' && (local.state === 'pending' || local.state === 'running')) {
              void fetchResults({ ...local, resultsKey: q.resultsKey });
            }
          }
        })
        .catch(() => {
          // a missed poll is retried on the next tick
        });
    }, POLL_MS);
    return () => clearInterval(timer);
    // fetchResults only closes over csrfToken and dispatch.
  }, [pending, csrfToken, dispatch]);

  return {
    async run(tab: QueryEditor, options: { sql?: string; isDataPreview?: boolean; tableName?: string } = {}) {
      if (!tab.dbId) {
        showToast(dangerToast('Choose a database before running a query.'));
        return null;
      }
      const sql = options.sql ?? (tab.selectedText || tab.sql);
      const id = newClientId();
      const runAsync = allowAsync(tab.dbId);
      dispatch({
        type: 'startQuery',
        query: {
          id, dbId: tab.dbId, sql, sqlEditorId: options.isDataPreview ? null : tab.id, tab: tab.name, schema: tab.schema, runAsync, ctas: false,
          templateParams: tab.templateParams, queryLimit: tab.queryLimit, startDttm: Date.now(), resultsKey: null,
          isDataPreview: Boolean(options.isDataPreview), tableName: options.tableName,
        },
      });
      try {
        const { status, body } = await requestJson<QueryExecutionResponse>(csrfToken, '/api/v1/sqllab/execute/', {
          method: 'POST',
          body: {
            client_id: id, database_id: tab.dbId, json: true, runAsync, schema: tab.schema, sql, sql_editor_id: options.isDataPreview ? null : tab.id,
            tab: tab.name, tmp_table_name: '', select_as_cta: false, ctas_method: 'TABLE', templateParams: tab.templateParams || null,
            queryLimit: tab.queryLimit, expand_data: true,
          },
        });
        if (status === 202) dispatch({ type: 'refreshQueries', altered: { [id]: { ...fromServer(body.query), changedOn: undefined } } });
        else dispatch(successAction(id, body));
      } catch (error) {
        dispatch(await failedAction(id, error));
      }
      return id;
    },
    async stop(query: Query | null) {
      if (!query || !['running', 'pending', 'fetching', 'started', 'scheduled'].includes(query.state)) return;
      try {
        await requestJson(csrfToken, '/api/v1/query/stop', { method: 'POST', body: { client_id: query.id } });
        dispatch({ type: 'stopQuery', id: query.id });
        showToast(successToast('Query was stopped.'));
      } catch {
        showToast(dangerToast(`Failed at stopping query. ${query.id}`));
      }
    },
  };
}
