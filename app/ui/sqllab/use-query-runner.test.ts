import { describe, expect, it } from 'vitest';
import { sqlLabReducer, emptyState, latestQuery, activeTab } from '~/lib/sqllab/reducer';
import type { QueryResultDict } from '~/lib/sqllab-api';
import { queryFromServer } from './use-query-runner';

const dict = (over: Partial<QueryResultDict> = {}): QueryResultDict => ({
  changed_on: '2024-05-01T10:00:00.000Z', dbId: 1, db: 'examples', endDttm: 1714557601000, errorMessage: null, executedSql: 'SELECT 1 LIMIT 1001',
  id: 'abcdefghijk', queryId: 7, limit: 1000, limitingFactor: 'NOT_LIMITED', progress: 100, rows: 3, schema: 'main', catalog: null, ctas: false,
  ctas_method: null, serverId: 7, sql: 'SELECT 1', sqlEditorId: '12', startDttm: 1714557600000, state: 'success', tab: 'Untitled Query 1',
  tempSchema: null, tempTable: null, userId: 1, user: 'Admin', resultsKey: 'c0ffee00-0000-4000-8000-000000000000', trackingUrl: null, extra: {},
  ...over,
});

describe('queries kept by the server, after a reload', () => {
  it('become the tab’s latest query, without rows, with the key to fetch them by', () => {
    let state = sqlLabReducer(emptyState(), { type: 'addTab', tab: { id: '12', latestQueryId: 'abcdefghijk' } });
    state = sqlLabReducer(state, { type: 'restoreQueries', queries: { abcdefghijk: queryFromServer(dict()) } });
    const query = latestQuery(state, activeTab(state));
    expect(query).toMatchObject({ id: 'abcdefghijk', state: 'success', rows: 3, resultsKey: 'c0ffee00-0000-4000-8000-000000000000', queryLimit: 1000, runAsync: false });
    expect(query?.results).toBeUndefined();
  });

  it('are followed when the server says they still run, and keep their errors when they failed', () => {
    expect(queryFromServer(dict({ state: 'running', resultsKey: null })).runAsync).toBe(true);
    const failed = queryFromServer(dict({ state: 'failed', errorMessage: 'no such table: t', errors: [{ message: 'no such table: t', error_type: 'TABLE_DOES_NOT_EXIST_ERROR' }] }));
    expect(failed).toMatchObject({ state: 'failed', errorMessage: 'no such table: t', errors: [{ error_type: 'TABLE_DOES_NOT_EXIST_ERROR' }] });
  });
});
