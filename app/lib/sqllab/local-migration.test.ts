import { describe, expect, it } from 'vitest';
import { MIGRATION_WARNINGS, planMigration, runMigration, type Send } from './local-migration';
import type { LocalState, LocalTab } from './local-state';
import type { Query, Table } from './reducer';

const tab = (id: string, fields: Partial<LocalTab> = {}): LocalTab => ({
  id, name: `Tab ${id}`, sql: 'SELECT 1', dbId: 1, schema: null, queryLimit: 100, autorun: false, templateParams: '', remoteId: null,
  latestQueryId: null, selectedText: null, hideLeftBar: false, northPercent: 30, southPercent: 70, ...fields,
});
const table = (id: string, tabId: string, preview: string | null = null): Table => ({
  id, dbId: 1, queryEditorId: tabId, schema: 'main', name: `table_${id}`, expanded: true, dataPreviewQueryId: preview, columns: [], isMetadataLoading: false,
});
const query = (id: string, tabId: string | null, startDttm: number): Query => ({
  id, dbId: 1, sql: 'SELECT 1', sqlEditorId: tabId, tab: null, schema: null, runAsync: false, ctas: false, templateParams: '', queryLimit: 100,
  startDttm, state: 'success', progress: 100, cached: false, resultsKey: null, isDataPreview: tabId === null,
});

const local: LocalState = {
  tabs: [tab('a'), tab('b')],
  activeTabId: 'b',
  tables: [table('t1', 'a', 'p1'), table('t2', 'b')],
  queries: { q2: query('q2', 'a', 20), q1: query('q1', 'a', 10), q3: query('q3', 'b', 5), p1: query('p1', null, 1) },
};

/** A fake server: answers ids in order and records the calls; `fail` says which calls throw what. */
function fakeServer(fail: (url: string, body: unknown) => unknown = () => undefined) {
  const calls: [string, unknown][] = [];
  let next = 100;
  const send: Send = async (_method, url, body) => {
    calls.push([url, body]);
    const error = fail(url, body);
    if (error) throw error;
    next += 1;
    return { id: next };
  };
  return { calls, send };
}

describe('planning the migration', () => {
  it('takes each tab with its tables and its queries oldest first; previews stay with their tables', () => {
    const plan = planMigration(local);
    expect(plan.map((s) => [s.tab.id, s.tables.map((t) => t.id), s.queries.map((q) => q.id)])).toEqual([
      ['a', ['t1'], ['q1', 'q2']],
      ['b', ['t2'], ['q3']],
    ]);
  });
});

describe('running the migration', () => {
  it('posts a tab, then its tables, then its queries, tab by tab; nothing is left', async () => {
    const server = fakeServer();
    const warnings: string[] = [];
    const { migrated, remaining } = await runMigration(local, server.send, (w) => warnings.push(w));
    expect(server.calls.map(([url]) => url)).toEqual([
      '/tabstateview/', '/tableschemaview/', '/tabstateview/101/migrate_query', '/tabstateview/101/migrate_query',
      '/tabstateview/', '/tableschemaview/', '/tabstateview/105/migrate_query',
    ]);
    expect(server.calls[0][1]).toMatchObject({ queryEditor: { id: 'a', name: 'Tab a', title: 'Tab a', sql: 'SELECT 1', dbId: 1 } });
    expect(server.calls[1][1]).toMatchObject({ table: { name: 'table_t1', queryEditorId: 101 } });
    expect(server.calls[2][1]).toEqual({ queryId: 'q1' });
    expect(warnings).toEqual([]);
    expect(migrated.map((m) => [m.localId, m.serverId, m.tables.map((t) => [t.queryEditorId, t.remoteId]), m.queries.map((q) => q.sqlEditorId)])).toEqual([
      ['a', 101, [['101', 102]], ['101', '101']],
      ['b', 105, [['105', 106]], ['105']],
    ]);
    expect(remaining).toEqual({ tabs: [], activeTabId: null, tables: [], queries: {} });
  });

  it('a tab that cannot be created is warned about and kept whole for later; the next tab still goes', async () => {
    const server = fakeServer((url, body) => (url === '/tabstateview/' && (body as { queryEditor: { id: string } }).queryEditor.id === 'a' ? { status: 500 } : undefined));
    const warnings: string[] = [];
    const { migrated, remaining } = await runMigration(local, server.send, (w) => warnings.push(w));
    expect(warnings).toEqual([MIGRATION_WARNINGS.tab]);
    expect(migrated.map((m) => m.localId)).toEqual(['b']);
    expect(remaining.tabs.map((t) => t.id)).toEqual(['a']);
    expect(remaining.tables.map((t) => t.id)).toEqual(['t1']);
    expect(Object.keys(remaining.queries).sort()).toEqual(['p1', 'q1', 'q2']);
  });

  it('a failed table or query is warned about and kept with the new tab id; the retry does not create the tab again', async () => {
    const first = fakeServer((url, body) => (url === '/tableschemaview/' || (body as { queryId?: string }).queryId === 'q2' ? { status: 500 } : undefined));
    const warnings: string[] = [];
    const { remaining } = await runMigration({ ...local, tabs: [tab('a')] }, first.send, (w) => warnings.push(w));
    expect(warnings).toEqual([MIGRATION_WARNINGS.table, MIGRATION_WARNINGS.query]);
    expect(remaining.tabs).toEqual([{ ...tab('a'), serverTabId: 101 }]);
    expect(remaining.tables.map((t) => t.id)).toEqual(['t1']);
    expect(Object.keys(remaining.queries).sort()).toEqual(['p1', 'q2']);

    const retry = fakeServer();
    const again = await runMigration(remaining, retry.send, () => {});
    expect(retry.calls.map(([url]) => url)).toEqual(['/tableschemaview/', '/tabstateview/101/migrate_query']);
    expect(again.migrated[0]).toMatchObject({ localId: 'a', serverId: 101 });
    expect(again.remaining.tabs).toEqual([]);
  });

  it('a tab whose saved query is gone (400) moves without the link', async () => {
    const server = fakeServer((url, body) => (url === '/tabstateview/' && (body as { queryEditor: { remoteId: number | null } }).queryEditor.remoteId !== null ? { status: 400 } : undefined));
    const warnings: string[] = [];
    const { migrated, remaining } = await runMigration({ ...local, tabs: [tab('b', { remoteId: 9 })] }, server.send, (w) => warnings.push(w));
    expect(server.calls.filter(([url]) => url === '/tabstateview/').map(([, body]) => (body as { queryEditor: { remoteId: number | null } }).queryEditor.remoteId)).toEqual([9, null]);
    expect(warnings).toEqual([]);
    expect(migrated.map((m) => [m.localId, m.tab.remoteId])).toEqual([['b', null]]);
    expect(remaining.tabs).toEqual([]);
  });

  it('a query the server never had (404) is not retried', async () => {
    const server = fakeServer((url) => (url.endsWith('/migrate_query') ? { status: 404 } : undefined));
    const warnings: string[] = [];
    const { migrated, remaining } = await runMigration({ ...local, tabs: [tab('b')] }, server.send, (w) => warnings.push(w));
    expect(warnings).toEqual([]);
    expect(migrated[0].queries).toEqual([]);
    expect(remaining.tabs).toEqual([]);
  });
});
