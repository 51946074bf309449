import { describe, expect, it } from 'vitest';
import {
  LOCAL_MODE_DEFAULT_SQL, localUsageWarning, LOCALSTORAGE_MAX_QUERY_AGE_MS, LOCALSTORAGE_MAX_QUERY_RESULTS_KB, parseLocalState, pruneQueryResults, toJson, toLocalState,
} from './local-state';
import { emptyState, sqlLabReducer, type Action, type Query, type SqlLabState } from './reducer';

const NOW = 10 * LOCALSTORAGE_MAX_QUERY_AGE_MS;

const query = (id: string, fields: Partial<Query> = {}): Query => ({
  id, dbId: 1, sql: 'SELECT 1', sqlEditorId: 'a', tab: 'Untitled Query 1', schema: null, runAsync: false, ctas: false, templateParams: '',
  queryLimit: 100, startDttm: NOW - 1000, endDttm: NOW - 500, resultsKey: 'k', isDataPreview: false, state: 'success', progress: 100, cached: false,
  results: { status: 'success', columns: [{ name: 'n', type: 'INTEGER' }], data: [{ n: 1 }] },
  ...fields,
});

const run = (state: SqlLabState, ...actions: Action[]) => actions.reduce(sqlLabReducer, state);

describe('results kept in local persistence', () => {
  it('keeps recent small results', () => {
    const q = query('q');
    expect(pruneQueryResults(q, NOW)).toBe(q);
  });
  it('drops results older than the age limit, keeping the query', () => {
    const old = query('q', { endDttm: NOW - LOCALSTORAGE_MAX_QUERY_AGE_MS - 1 });
    expect(pruneQueryResults(old, NOW)).toEqual({ ...old, results: null });
    const justInTime = query('q', { endDttm: NOW - LOCALSTORAGE_MAX_QUERY_AGE_MS });
    expect(pruneQueryResults(justInTime, NOW).results).not.toBeNull();
  });
  it('drops results larger than the size limit', () => {
    const cell = 'x'.repeat(1024);
    const rows = Array.from({ length: LOCALSTORAGE_MAX_QUERY_RESULTS_KB + 1 }, () => ({ s: cell }));
    const big = query('q', { results: { status: 'success', columns: [{ name: 's', type: 'TEXT' }], data: rows } });
    expect(pruneQueryResults(big, NOW).results).toBeNull();
  });
  it('stores big integers as their digits instead of failing', () => {
    expect(toJson({ n: 12345678901234567890n })).toBe('{"n":"12345678901234567890"}');
  });
});

describe('the stored state', () => {
  const state = run(
    emptyState(),
    { type: 'addTab', tab: { id: 'a', sql: 'SELECT 2', dbId: 1, autorun: true, templateParams: '{"x":1}', northPercent: 45, southPercent: 55 } },
    { type: 'mergeTable', table: { id: 't', dbId: 1, queryEditorId: 'a', name: 'birth_names', dataPreviewQueryId: 'p' } },
    { type: 'restoreQueries', queries: { q: query('q'), p: query('p', { sqlEditorId: null, isDataPreview: true }), stray: query('stray', { sqlEditorId: null }) } },
  );
  it('holds the spec fields of each tab, its tables and queries (and previews of its tables)', () => {
    const local = toLocalState(state, NOW);
    expect(Object.keys(local.tabs[0]).sort()).toEqual(
      ['autorun', 'dbId', 'hideLeftBar', 'id', 'latestQueryId', 'name', 'northPercent', 'queryLimit', 'remoteId', 'schema', 'selectedText', 'southPercent', 'sql', 'templateParams'],
    );
    expect(local.tabs[0]).toMatchObject({ id: 'a', sql: 'SELECT 2', autorun: true, templateParams: '{"x":1}', northPercent: 45 });
    expect(local.tables.map((t) => t.name)).toEqual(['birth_names']);
    expect(Object.keys(local.queries).sort()).toEqual(['p', 'q']);
  });
  it('reads back what it wrote', () => {
    const local = toLocalState(state, NOW);
    expect(parseLocalState(toJson(local))).toEqual(local);
  });
  it('keeps what reads well and drops the rest; unreadable text is null', () => {
    const text = JSON.stringify({
      tabs: [{ id: 'a', name: 'A', sql: 'SELECT 1', dbId: 'one' }, { name: 'no id' }],
      activeTabId: 'a',
      tables: [{ id: 't' }],
      queries: { q: query('q'), bad: { id: 'bad', state: 'exploded' } },
    });
    const parsed = parseLocalState(text);
    expect(parsed?.tabs).toHaveLength(1);
    expect(parsed?.tabs[0]).toMatchObject({ id: 'a', dbId: null, autorun: false, templateParams: '' });
    expect(parsed?.tables).toEqual([]);
    expect(Object.keys(parsed?.queries ?? {})).toEqual(['q']);
    expect(parseLocalState('{')).toBeNull();
    expect(parseLocalState(null)).toBeNull();
  });
  it('the default SQL of a local tab starts with the note, then the placeholder', () => {
    expect(LOCAL_MODE_DEFAULT_SQL).toMatch(/^-- Note: Unless you save your query, these tabs will NOT persist if you clear your cookies or change browsers\.\n\nSELECT \*\nFROM\nWHERE$/);
  });
});

describe('the storage warning', () => {
  it('appears from 90% of the quota, with the figures', () => {
    expect(localUsageWarning(1024 * 4000)).toBeNull();
    expect(localUsageWarning(1024 * 4608)).toMatch(/now take 4608 KB of about 5120 KB/);
  });
});
