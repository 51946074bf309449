/**
 * Moving tab state kept in the browser to the backend, once backend persistence is on
 * (sql-lab.md §4): each tab is posted, then its tables, then its queries, one call at a time.
 * Any call may fail; each failure is reported (a warning: it will be retried on a later visit)
 * and what failed stays in the local state for that retry. A tab the server already created is
 * not created again: the retry posts only its remaining tables and queries.
 * The calls go through `send`, so this module is pure and the plan testable without a server.
 */
import type { LocalState, LocalTab } from './local-state';
import type { Query, Table } from './reducer';

export type MigrationStep = { tab: LocalTab; tables: Table[]; queries: Query[] };

/** A tab now on the server: its local id, its new id, and its tables and queries renumbered. */
export type MigratedTab = { localId: string; serverId: number; tab: LocalTab; tables: Table[]; queries: Query[] };

export type Send = (method: 'POST', url: string, body: unknown) => Promise<unknown>;

export const MIGRATION_WARNINGS = {
  tab: 'Unable to move a query tab kept in this browser to the server. SQL Lab will retry later.',
  table: 'Unable to move a table of a query tab kept in this browser to the server. SQL Lab will retry later.',
  query: 'Unable to move a query of a query tab kept in this browser to the server. SQL Lab will retry later.',
} as const;

/** The tabs to migrate, in their order, each with its tables and its queries (oldest first). Data previews belong to tables, not tabs. */
export function planMigration(local: LocalState): MigrationStep[] {
  return local.tabs.map((tab) => ({
    tab,
    tables: local.tables.filter((t) => t.queryEditorId === tab.id),
    queries: Object.values(local.queries).filter((q) => q.sqlEditorId === tab.id).sort((a, b) => a.startDttm - b.startDttm),
  }));
}

const statusOf = (error: unknown) => (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : null);

function serverIdOf(body: unknown): number | null {
  const id = body && typeof body === 'object' && 'id' in body ? Number(body.id) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Runs the plan. Answers the tabs now on the server and the local state still to migrate (empty
 * tabs when all went well). A query the server does not know (404: it never reached it) has
 * nothing to move and is not retried.
 */
export async function runMigration(local: LocalState, send: Send, warn: (text: string) => void): Promise<{ migrated: MigratedTab[]; remaining: LocalState }> {
  const migrated: MigratedTab[] = [];
  const remaining: LocalState = { tabs: [], activeTabId: null, tables: [], queries: {} };
  for (const step of planMigration(local)) {
    let serverId = step.tab.serverTabId ?? null;
    let moved = step.tab;
    if (serverId === null) {
      const { serverTabId: _ignored, ...queryEditor } = step.tab;
      const create = async (fields: typeof queryEditor) => serverIdOf(await send('POST', '/tabstateview/', { queryEditor: { ...fields, title: fields.name } }));
      try {
        serverId = await create(queryEditor);
      } catch (error) {
        // A tab linked to a saved query that is gone is refused (400): it moves without the link.
        serverId = statusOf(error) === 400 && queryEditor.remoteId !== null ? await create({ ...queryEditor, remoteId: null }).catch(() => null) : null;
        moved = { ...step.tab, remoteId: null };
      }
      if (serverId === null) {
        warn(MIGRATION_WARNINGS.tab);
        remaining.tabs.push(step.tab);
        remaining.tables.push(...step.tables);
        for (const q of step.queries) remaining.queries[q.id] = q;
        continue;
      }
    }
    const tables: Table[] = [];
    const leftTables: Table[] = [];
    for (const table of step.tables) {
      try {
        const body = await send('POST', '/tableschemaview/', { table: { ...table, queryEditorId: serverId, expanded: table.expanded } });
        tables.push({ ...table, queryEditorId: String(serverId), remoteId: serverIdOf(body) });
      } catch {
        warn(MIGRATION_WARNINGS.table);
        leftTables.push(table);
      }
    }
    const queries: Query[] = [];
    const leftQueries: Query[] = [];
    for (const query of step.queries) {
      try {
        await send('POST', `/tabstateview/${serverId}/migrate_query`, { queryId: query.id });
        queries.push({ ...query, sqlEditorId: String(serverId) });
      } catch (error) {
        if (statusOf(error) === 404) continue;
        warn(MIGRATION_WARNINGS.query);
        leftQueries.push(query);
      }
    }
    migrated.push({ localId: step.tab.id, serverId, tab: moved, tables, queries });
    if (leftTables.length || leftQueries.length) {
      remaining.tabs.push({ ...step.tab, serverTabId: serverId });
      remaining.tables.push(...leftTables);
      for (const q of leftQueries) remaining.queries[q.id] = q;
    }
  }
  // Data previews of tables still waiting stay with them.
  const previews = new Set(remaining.tables.map((t) => t.dataPreviewQueryId));
  for (const q of Object.values(local.queries)) if (!q.sqlEditorId && previews.has(q.id)) remaining.queries[q.id] = q;
  if (remaining.tabs.some((t) => t.id === local.activeTabId)) remaining.activeTabId = local.activeTabId;
  return { migrated, remaining };
}
