/**
 * The tables a tab shows in its left bar: added with their metadata (and a data preview query
 * unless the database disables it), expanded, collapsed, removed; stored as table schemas with
 * backend persistence (sql-lab.md §4 "Table in a tab").
 */
import type { Dispatch } from 'react';
import { getClientError } from '~/lib/client-error';
import { newClientId, type Action, type QueryEditor, type Table } from '~/lib/sqllab/reducer';
import { dangerToast } from '~/lib/toasts';
import { showToast } from '../toasts';
import { requestJson } from '~/ui/request-json';
import type { DatabaseInfo } from './left-bar';
import type { RunOptions } from './use-query-runner';

type Deps = {
  csrf: string;
  persistence: boolean;
  databases: Record<string, DatabaseInfo>;
  dispatch: Dispatch<Action>;
  run: (tab: QueryEditor, options: RunOptions) => Promise<string | null>;
};

export function tabTableActions({ csrf, persistence, databases, dispatch, run }: Deps) {
  const addTable = async (tab: QueryEditor | null, name: string) => {
    if (!tab?.dbId) return;
    const id = newClientId();
    const base = { id, dbId: tab.dbId, queryEditorId: tab.id, schema: tab.schema, name };
    dispatch({ type: 'mergeTable', table: base });
    try {
      const path = tab.schema ? `table/${encodeURIComponent(name)}/${encodeURIComponent(tab.schema)}/` : `table_metadata/?name=${encodeURIComponent(name)}`;
      const { body } = await requestJson<Pick<Table, 'columns' | 'selectStar' | 'primaryKey' | 'foreignKeys' | 'indexes'>>(csrf, `/api/v1/database/${tab.dbId}/${path}`);
      let preview: string | null = null;
      if (!databases[String(tab.dbId)]?.disable_data_preview && body.selectStar) {
        preview = await run(tab, { sql: body.selectStar, isDataPreview: true, tableName: name });
      }
      const table = { ...base, ...body, isMetadataLoading: false, dataPreviewQueryId: preview };
      dispatch({ type: 'mergeTable', table });
      if (persistence) {
        const { body: saved } = await requestJson<{ id: number }>(csrf, '/tableschemaview/', { method: 'POST', body: { table: { ...table, expanded: true } } });
        dispatch({ type: 'mergeTable', table: { ...table, remoteId: saved.id } });
      }
    } catch (error) {
      showToast(dangerToast(`An error occurred while fetching table metadata: ${(await getClientError(error)).error}`));
    }
  };
  const toggleTable = (t: Table) => {
    dispatch({ type: t.expanded ? 'collapseTable' : 'expandTable', id: t.id });
    if (persistence && t.remoteId) {
      requestJson(csrf, `/tableschemaview/${t.remoteId}/expanded`, { method: 'POST', body: { expanded: !t.expanded } })
        .catch(() => showToast(dangerToast(`An error occurred while ${t.expanded ? 'collapsing' : 'expanding'} the table schema`)));
    }
  };
  const removeTable = (t: Table) => {
    dispatch({ type: 'removeTables', ids: [t.id] });
    if (persistence && t.remoteId) {
      requestJson(csrf, `/tableschemaview/${t.remoteId}`, { method: 'DELETE' }).catch(() => showToast(dangerToast('An error occurred while removing the table schema')));
    }
  };
  return { addTable, toggleTable, removeTable };
}
