import { describe, expect, it } from 'vitest';
import { tablesFromServer } from './server-tables';

const stored = { id: 5, tab_state_id: 12, database_id: 1, schema: 'main', table: 'energy_usage', expanded: false };

describe('tablesFromServer', () => {
  it('keeps the stored table with its preview query, the server\'s own fields winning', () => {
    const [table] = tablesFromServer([{ ...stored, description: {
      id: 'abc', name: 'other', dbId: 9, queryEditorId: '99', expanded: true, dataPreviewQueryId: 'q1',
      columns: [{ name: 'value', type: 'REAL' }], selectStar: 'SELECT * FROM energy_usage',
    } }]);
    expect(table).toMatchObject({
      id: 'abc', remoteId: 5, dbId: 1, queryEditorId: '12', schema: 'main', name: 'energy_usage', expanded: false,
      dataPreviewQueryId: 'q1', columns: [{ name: 'value', type: 'REAL' }], selectStar: 'SELECT * FROM energy_usage', isMetadataLoading: false,
    });
  });

  it('reads a description that is missing or malformed as an empty table', () => {
    const [missing, odd] = tablesFromServer([{ ...stored, description: null }, { ...stored, id: 6, description: { columns: 'x', dataPreviewQueryId: 7 } }]);
    expect(missing).toMatchObject({ id: 'table-5', columns: [], dataPreviewQueryId: null });
    expect(odd).toMatchObject({ id: 'table-6', columns: [], dataPreviewQueryId: null });
    expect(tablesFromServer(undefined)).toEqual([]);
  });
});
