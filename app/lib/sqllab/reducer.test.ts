import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SQL, emptyState, latestQuery, activeTab, newClientId, newTabName, sqlLabReducer, type Action, type Query, type QueryResults, type SqlLabState,
} from './reducer';

const run = (state: SqlLabState, ...actions: Action[]) => actions.reduce(sqlLabReducer, state);

const baseQuery = (id: string, fields: Partial<Query> = {}): Omit<Query, 'state' | 'progress' | 'cached'> => ({
  id, dbId: 1, sql: 'SELECT 1', sqlEditorId: 'a', tab: 'Untitled Query 1', schema: null, runAsync: false, ctas: false,
  templateParams: '', queryLimit: 100, startDttm: 1_000, resultsKey: null, isDataPreview: false, ...fields,
});

const okResults = (rows = 2): QueryResults => ({
  status: 'success',
  columns: [{ name: 'n', type: 'INTEGER' }],
  data: Array.from({ length: rows }, (_, i) => ({ n: i })),
});

function withTabs(...ids: string[]): SqlLabState {
  return run(emptyState(), ...ids.map((id): Action => ({ type: 'addTab', tab: { id } })));
}

describe('tab names', () => {
  it('starts at 1 and goes one above the highest N', () => {
    expect(newTabName([])).toBe('Untitled Query 1');
    expect(newTabName(['Untitled Query 1', 'Untitled Query 2'])).toBe('Untitled Query 3');
    expect(newTabName(['Untitled Query 7', 'Untitled Query 2'])).toBe('Untitled Query 8');
  });
  it('ignores names that only look similar and fills no gaps', () => {
    expect(newTabName(['My query', 'Untitled Query', 'Untitled Query 2x', 'untitled query 9'])).toBe('Untitled Query 1');
    expect(newTabName(['Untitled Query 1', 'Untitled Query 3'])).toBe('Untitled Query 4');
  });
  it('names added tabs and keeps an explicit name', () => {
    const state = run(withTabs('a', 'b'), { type: 'addTab', tab: { id: 'c', name: 'Revenue' } }, { type: 'addTab', tab: { id: 'd' } });
    expect(state.tabs.map((t) => t.name)).toEqual(['Untitled Query 1', 'Untitled Query 2', 'Revenue', 'Untitled Query 3']);
  });
  it('names after a closed tab from those that remain', () => {
    const state = run(withTabs('a', 'b', 'c'), { type: 'closeTab', id: 'c' }, { type: 'addTab', tab: { id: 'd' } });
    expect(state.tabs.map((t) => t.name)).toEqual(['Untitled Query 1', 'Untitled Query 2', 'Untitled Query 3']);
  });
});

describe('tabs', () => {
  it('a new tab has the default SQL and the given fields, and becomes active', () => {
    const state = run(emptyState(), { type: 'addTab', tab: { id: 'a', dbId: 3, queryLimit: 10 } });
    expect(state.tabs[0]).toMatchObject({ id: 'a', sql: DEFAULT_SQL, dbId: 3, queryLimit: 10, schema: null, autorun: false, loaded: true });
    expect(DEFAULT_SQL).toBe('SELECT *\nFROM\nWHERE');
    expect(state.activeTabId).toBe('a');
  });
  it('adding an existing id switches to it instead of duplicating it', () => {
    const state = run(withTabs('a', 'b'), { type: 'addTab', tab: { id: 'a' } });
    expect(state.tabs).toHaveLength(2);
    expect(state.activeTabId).toBe('a');
  });
  it('switches, and ignores unknown ids', () => {
    const state = run(withTabs('a', 'b'), { type: 'switchTab', id: 'a' });
    expect(state.activeTabId).toBe('a');
    expect(sqlLabReducer(state, { type: 'switchTab', id: 'zzz' })).toBe(state);
  });
  it('closing the active tab returns to the previously active one', () => {
    const state = run(withTabs('a', 'b', 'c'), { type: 'switchTab', id: 'a' }, { type: 'switchTab', id: 'c' }, { type: 'closeTab', id: 'c' });
    expect(state.tabs.map((t) => t.id)).toEqual(['a', 'b']);
    expect(state.activeTabId).toBe('a');
  });
  it('closing a tab drops its queries and tables, not the others', () => {
    const state = run(
      withTabs('a', 'b'),
      { type: 'startQuery', query: baseQuery('q1', { sqlEditorId: 'a' }) },
      { type: 'startQuery', query: baseQuery('q2', { sqlEditorId: 'b' }) },
      { type: 'mergeTable', table: { id: 't1', dbId: 1, queryEditorId: 'a', name: 'x' } },
      { type: 'mergeTable', table: { id: 't2', dbId: 1, queryEditorId: 'b', name: 'y' } },
      { type: 'closeTab', id: 'a' },
    );
    expect(Object.keys(state.queries)).toEqual(['q2']);
    expect(state.tables.map((t) => t.id)).toEqual(['t2']);
  });
  it('closing the last tab leaves no active tab', () => {
    const state = run(withTabs('a'), { type: 'closeTab', id: 'a' });
    expect(state.tabs).toEqual([]);
    expect(state.activeTabId).toBeNull();
  });
  it('close others keeps only the given tab, active', () => {
    const state = run(withTabs('a', 'b', 'c'), { type: 'closeOtherTabs', id: 'b' });
    expect(state.tabs.map((t) => t.id)).toEqual(['b']);
    expect(state.activeTabId).toBe('b');
    expect(state.tabHistory).toEqual(['b']);
  });
  it('renames with the trimmed name; an empty name is ignored', () => {
    const state = run(withTabs('a'), { type: 'renameTab', id: 'a', name: '  Sales  ' });
    expect(state.tabs[0].name).toBe('Sales');
    expect(sqlLabReducer(state, { type: 'renameTab', id: 'a', name: '   ' })).toBe(state);
  });
  it('updates per-tab fields independently', () => {
    const state = run(
      withTabs('a', 'b'),
      { type: 'updateTab', id: 'a', changes: { sql: 'SELECT 2', dbId: 4, schema: 'main', selectedText: 'SELECT', queryLimit: 10 } },
      { type: 'updateTab', id: 'b', changes: { autorun: true, templateParams: '{"x":1}', northPercent: 40, southPercent: 60, hideLeftBar: true } },
    );
    expect(state.tabs[0]).toMatchObject({ sql: 'SELECT 2', dbId: 4, schema: 'main', selectedText: 'SELECT', queryLimit: 10, autorun: false });
    expect(state.tabs[1]).toMatchObject({ sql: DEFAULT_SQL, autorun: true, templateParams: '{"x":1}', northPercent: 40, southPercent: 60, hideLeftBar: true });
  });
  it('a lazily loaded tab takes the server fields and is marked loaded', () => {
    const state = run(emptyState(), { type: 'addTab', tab: { id: '7', name: 'Remote', loaded: false } }, { type: 'tabLoaded', id: '7', changes: { sql: 'SELECT 7' } });
    expect(state.tabs[0]).toMatchObject({ name: 'Remote', sql: 'SELECT 7', loaded: true });
  });
});

describe('queries', () => {
  it('starts running (sync) or pending (async), progress 0, not cached, and becomes the latest query', () => {
    const state = run(withTabs('a'), { type: 'startQuery', query: baseQuery('q1') }, { type: 'startQuery', query: baseQuery('q2', { runAsync: true }) });
    expect(state.queries.q1).toMatchObject({ state: 'running', progress: 0, cached: false });
    expect(state.queries.q2).toMatchObject({ state: 'pending', progress: 0, cached: false });
    expect(state.tabs[0].latestQueryId).toBe('q2');
    expect(latestQuery(state, activeTab(state))?.id).toBe('q2');
  });
  it('stop marks stopped; a results request marks fetching', () => {
    let state = run(withTabs('a'), { type: 'startQuery', query: baseQuery('q1') }, { type: 'stopQuery', id: 'q1' });
    expect(state.queries.q1.state).toBe('stopped');
    state = run(state, { type: 'startQuery', query: baseQuery('q2') }, { type: 'requestResults', id: 'q2' });
    expect(state.queries.q2.state).toBe('fetching');
  });
  it('success sets state, progress 100, end time and rows', () => {
    const state = run(withTabs('a'), { type: 'startQuery', query: baseQuery('q1') }, { type: 'querySuccess', id: 'q1', results: okResults(3), now: 5_000 });
    expect(state.queries.q1).toMatchObject({ state: 'success', progress: 100, endDttm: 5_000, rows: 3, errorMessage: null });
    expect(state.queries.q1.results?.data).toHaveLength(3);
  });
  it("success ends the query at the server's duration when it gave one, not when the answer arrived", () => {
    const started = run(withTabs('a'), { type: 'startQuery', query: { ...baseQuery('q1'), startDttm: 1_000 } });
    const state = sqlLabReducer(started, { type: 'querySuccess', id: 'q1', results: okResults(1), now: 5_000, serverDurationMs: 3_000 });
    expect(state.queries.q1.endDttm).toBe(4_000);
  });
  it('success is ignored once the query was stopped', () => {
    const stopped = run(withTabs('a'), { type: 'startQuery', query: baseQuery('q1') }, { type: 'stopQuery', id: 'q1' });
    expect(sqlLabReducer(stopped, { type: 'querySuccess', id: 'q1', results: okResults(), now: 1 })).toBe(stopped);
  });
  it('success is ignored when the result status is not success', () => {
    const started = run(withTabs('a'), { type: 'startQuery', query: baseQuery('q1') });
    const next = sqlLabReducer(started, { type: 'querySuccess', id: 'q1', results: { ...okResults(), status: 'stopped' }, now: 1 });
    expect(next).toBe(started);
    expect(next.queries.q1.state).toBe('running');
  });
  it('failure sets failed with errors, message and link; ignored once stopped', () => {
    const started = run(withTabs('a'), { type: 'startQuery', query: baseQuery('q1') });
    const failed = sqlLabReducer(started, {
      type: 'queryFailed', id: 'q1', message: 'no such table: nope', errors: [{ message: 'no such table: nope', error_type: 'OBJECT_DOES_NOT_EXIST_ERROR' }], link: 'https://x', now: 9,
    });
    expect(failed.queries.q1).toMatchObject({ state: 'failed', errorMessage: 'no such table: nope', link: 'https://x' });
    expect(failed.queries.q1.errors?.[0].error_type).toBe('OBJECT_DOES_NOT_EXIST_ERROR');
    const stopped = sqlLabReducer(started, { type: 'stopQuery', id: 'q1' });
    expect(sqlLabReducer(stopped, { type: 'queryFailed', id: 'q1', message: 'x', now: 1 })).toBe(stopped);
  });
  it('actions on unknown queries change nothing', () => {
    const state = withTabs('a');
    for (const action of [
      { type: 'stopQuery', id: 'nope' }, { type: 'requestResults', id: 'nope' }, { type: 'querySuccess', id: 'nope', results: okResults(), now: 1 },
      { type: 'queryFailed', id: 'nope', message: 'x', now: 1 },
    ] satisfies Action[]) {
      expect(sqlLabReducer(state, action)).toBe(state);
    }
  });
});

describe('refreshing queries from the server', () => {
  const start = () =>
    run(
      withTabs('a'),
      { type: 'startQuery', query: baseQuery('run', { runAsync: true }) },
      { type: 'startQuery', query: baseQuery('stop') },
      { type: 'stopQuery', id: 'stop' },
      { type: 'startQuery', query: baseQuery('fail') },
      { type: 'queryFailed', id: 'fail', message: 'boom', now: 2 },
      { type: 'startQuery', query: baseQuery('fetch') },
      { type: 'requestResults', id: 'fetch' },
      { type: 'startQuery', query: baseQuery('sync') },
    );

  it('merges changed queries and tracks the newest change time', () => {
    const state = sqlLabReducer(start(), { type: 'refreshQueries', altered: { run: { state: 'running', progress: 40, changedOn: 7_000 } } });
    expect(state.queries.run).toMatchObject({ state: 'running', progress: 40, sql: 'SELECT 1' });
    expect(state.queriesLastUpdate).toBe(7_000);
  });
  it('ignores queries stopped or failed locally', () => {
    const before = start();
    const state = sqlLabReducer(before, { type: 'refreshQueries', altered: { stop: { state: 'success' }, fail: { state: 'running', progress: 50 } } });
    expect(state.queries.stop.state).toBe('stopped');
    expect(state.queries.fail).toMatchObject({ state: 'failed', errorMessage: 'boom' });
  });
  it('keeps a local fetching, success or running state when the server says success', () => {
    const state = sqlLabReducer(start(), {
      type: 'refreshQueries',
      altered: { fetch: { state: 'success', resultsKey: 'k1' }, sync: { state: 'success', resultsKey: 'k2' }, run: { state: 'success', resultsKey: 'k3' } },
    });
    expect(state.queries.fetch).toMatchObject({ state: 'fetching', resultsKey: 'k1' });
    expect(state.queries.sync).toMatchObject({ state: 'running', resultsKey: 'k2' });
    // The pending (async) one takes success: the editor then fetches its results.
    expect(state.queries.run).toMatchObject({ state: 'success', resultsKey: 'k3' });
  });
  it('takes other server states even over a local running one', () => {
    const state = sqlLabReducer(start(), { type: 'refreshQueries', altered: { sync: { state: 'failed', errorMessage: 'x' } } });
    expect(state.queries.sync).toMatchObject({ state: 'failed', errorMessage: 'x' });
  });
});

describe('clearing inactive queries', () => {
  it('drops running or pending queries with progress 0 older than the interval, keeps the rest', () => {
    const state = run(
      withTabs('a'),
      { type: 'startQuery', query: baseQuery('oldRun', { startDttm: 0 }) },
      { type: 'startQuery', query: baseQuery('oldPending', { startDttm: 0, runAsync: true }) },
      { type: 'startQuery', query: baseQuery('young', { startDttm: 9_500 }) },
      { type: 'startQuery', query: baseQuery('progressing', { startDttm: 0, runAsync: true }) },
      { type: 'refreshQueries', altered: { progressing: { state: 'running', progress: 10 } } },
      { type: 'startQuery', query: baseQuery('done', { startDttm: 0 }) },
      { type: 'querySuccess', id: 'done', results: okResults(), now: 1 },
      { type: 'clearInactiveQueries', now: 10_000, interval: 1_000 },
    );
    expect(Object.keys(state.queries).sort()).toEqual(['done', 'progressing', 'young']);
  });
  it('the rest take the status of their stored results', () => {
    const state = run(
      withTabs('a'),
      { type: 'startQuery', query: baseQuery('q', { startDttm: 0 }) },
      { type: 'querySuccess', id: 'q', results: okResults(), now: 1 },
      { type: 'requestResults', id: 'q' },
      { type: 'clearInactiveQueries', now: 10, interval: 1_000 },
    );
    expect(state.queries.q.state).toBe('success');
  });
});

describe('clearing inactive queries, run every few seconds', () => {
  it('leaves the state itself untouched when there is nothing to clear', () => {
    const state = run(withTabs('a'), { type: 'startQuery', query: baseQuery('q', { startDttm: 9_900 }) });
    expect(sqlLabReducer(state, { type: 'clearInactiveQueries', now: 10_000, interval: 1_000 })).toBe(state);
  });
});

describe('queries restored from local persistence', () => {
  const stored = (id: string, fields: Partial<Query> = {}): Query => ({ ...baseQuery(id), state: 'success', progress: 100, cached: false, ...fields });
  it('takes queries of known tabs and previews of known tables; drops the rest and never overwrites', () => {
    let state = run(withTabs('a'), { type: 'mergeTable', table: { id: 't', dbId: 1, queryEditorId: 'a', name: 'x', dataPreviewQueryId: 'p' } });
    state = run(state, { type: 'startQuery', query: baseQuery('live', { sql: 'SELECT live' }) });
    state = run(state, {
      type: 'restoreQueries',
      queries: {
        q: stored('q'), other: stored('other', { sqlEditorId: 'gone' }), p: stored('p', { sqlEditorId: null, isDataPreview: true }),
        orphan: stored('orphan', { sqlEditorId: null, isDataPreview: true }), live: stored('live', { sql: 'SELECT stale' }),
      },
    });
    expect(Object.keys(state.queries).sort()).toEqual(['live', 'p', 'q']);
    expect(state.queries.live.sql).toBe('SELECT live');
  });
  it('is a no-op when nothing applies', () => {
    const state = withTabs('a');
    expect(sqlLabReducer(state, { type: 'restoreQueries', queries: {} })).toBe(state);
  });
});

describe('create table as', () => {
  it('success records where the server created the table', () => {
    const state = run(
      withTabs('a'),
      { type: 'startQuery', query: baseQuery('c', { ctas: true, ctasMethod: 'TABLE', tempTable: 'my_table' }) },
      { type: 'querySuccess', id: 'c', results: okResults(0), now: 5, created: { tempTable: 'my_table', tempSchema: 'main' } },
    );
    expect(state.queries.c).toMatchObject({ state: 'success', ctas: true, ctasMethod: 'TABLE', tempTable: 'my_table', tempSchema: 'main' });
  });
  it('keeps the requested name when the server does not echo one', () => {
    const state = run(
      withTabs('a'),
      { type: 'startQuery', query: baseQuery('c', { ctas: true, tempTable: 'mine' }) },
      { type: 'querySuccess', id: 'c', results: okResults(0), now: 5, created: { tempTable: null, tempSchema: null } },
    );
    expect(state.queries.c).toMatchObject({ tempTable: 'mine', tempSchema: null });
  });
});

describe('cost estimates', () => {
  it('go started, then returned or failed, per tab; closing the tab drops its estimate', () => {
    let state = run(withTabs('a', 'b'), { type: 'estimateStarted', tabId: 'a' }, { type: 'estimateStarted', tabId: 'b' });
    expect(state.costEstimates.a).toEqual({ state: 'started', cost: [], error: null });
    state = run(state, { type: 'estimateReturned', tabId: 'a', cost: [{ 'Total cost': 12.5 }] }, { type: 'estimateFailed', tabId: 'b', error: 'no estimate here' });
    expect(state.costEstimates.a).toEqual({ state: 'returned', cost: [{ 'Total cost': 12.5 }], error: null });
    expect(state.costEstimates.b).toEqual({ state: 'failed', cost: [], error: 'no estimate here' });
    state = run(state, { type: 'closeTab', id: 'b' });
    expect(Object.keys(state.costEstimates)).toEqual(['a']);
  });
});

describe('tables in a tab', () => {
  const table = { id: 't1', dbId: 1, queryEditorId: 'a', schema: 'main', name: 'birth_names' };
  it('merges a new table expanded and loading, then its metadata into the same entry', () => {
    let state = run(withTabs('a'), { type: 'mergeTable', table });
    expect(state.tables[0]).toMatchObject({ id: 't1', expanded: true, isMetadataLoading: true, columns: [] });
    state = sqlLabReducer(state, { type: 'mergeTable', table: { ...table, id: 'other', columns: [{ name: 'name', type: 'TEXT' }], isMetadataLoading: false } });
    expect(state.tables).toHaveLength(1);
    expect(state.tables[0]).toMatchObject({ id: 't1', isMetadataLoading: false, columns: [{ name: 'name', type: 'TEXT' }] });
  });
  it('the same table name in another schema or tab is another table', () => {
    const state = run(
      withTabs('a', 'b'),
      { type: 'mergeTable', table },
      { type: 'mergeTable', table: { ...table, id: 't2', schema: 'other' } },
      { type: 'mergeTable', table: { ...table, id: 't3', queryEditorId: 'b' } },
    );
    expect(state.tables.map((t) => t.id)).toEqual(['t1', 't2', 't3']);
  });
  it('collapses, expands and removes', () => {
    let state = run(withTabs('a'), { type: 'mergeTable', table }, { type: 'mergeTable', table: { ...table, id: 't2', name: 'x' } }, { type: 'collapseTable', id: 't1' });
    expect(state.tables[0].expanded).toBe(false);
    state = sqlLabReducer(state, { type: 'expandTable', id: 't1' });
    expect(state.tables[0].expanded).toBe(true);
    state = sqlLabReducer(state, { type: 'removeTables', ids: ['t1'] });
    expect(state.tables.map((t) => t.id)).toEqual(['t2']);
  });
});

describe('client ids', () => {
  it('are 11 url-safe characters and differ', () => {
    const a = newClientId();
    expect(a).toMatch(/^[\w-]{11}$/);
    expect(newClientId()).not.toBe(a);
  });
});
