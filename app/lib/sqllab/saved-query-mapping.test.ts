import { describe, expect, it } from 'vitest';
import {
  convertQueryToClient, convertQueryToServer, saveRequest, savedQueryPayload, savedQueryToClient, type ClientSavedQuery,
} from './saved-query-mapping';

const editor: ClientSavedQuery = {
  remoteId: 12,
  dbId: 3,
  name: 'Top states',
  sql: "SELECT '{{ state }}'",
  schema: 'main',
  description: 'd',
  templateParams: '{"state": "CA"}',
};

describe('saved query field mapping', () => {
  it('renames remoteId, dbId, name and templateParams, and nothing else', () => {
    expect(convertQueryToServer({ remoteId: 1, dbId: 2, name: 'n', templateParams: '{}', schema: 's', sql: 'q', description: 'd' })).toEqual({
      id: 1, db_id: 2, label: 'n', template_parameters: '{}', schema: 's', sql: 'q', description: 'd',
    });
    expect(convertQueryToClient({ id: 1, db_id: 2, label: 'n', template_parameters: '{}', schema: 's', sql: 'q' })).toEqual({
      remoteId: 1, dbId: 2, name: 'n', templateParams: '{}', schema: 's', sql: 'q',
    });
  });

  it('round-trips', () => {
    const client = { remoteId: 5, dbId: 1, name: 'x', templateParams: '{"a":1}', sql: 'SELECT 1', catalog: null };
    expect(convertQueryToClient(convertQueryToServer(client))).toEqual(client);
  });

  it('builds a save payload without the id, serialising object parameters', () => {
    expect(savedQueryPayload(editor)).toEqual({
      db_id: 3, label: 'Top states', sql: "SELECT '{{ state }}'", schema: 'main', description: 'd', template_parameters: '{"state": "CA"}',
    });
    expect(savedQueryPayload({ dbId: 1, name: 'n', sql: 's', templateParams: { a: 1 } }).template_parameters).toBe('{"a":1}');
    expect(savedQueryPayload({ dbId: 1, name: 'n', sql: 's' })).toEqual({ db_id: 1, label: 'n', sql: 's' });
  });

  it('updates when the tab has a remoteId, creates otherwise', () => {
    expect(saveRequest(editor)).toMatchObject({ method: 'PUT', url: '/api/v1/saved_query/12' });
    expect(saveRequest({ ...editor, remoteId: null })).toMatchObject({ method: 'POST', url: '/api/v1/saved_query/' });
  });

  it('opens a saved query from the API as editor fields', () => {
    expect(savedQueryToClient({ id: 9, db_id: 2, label: 'L', sql: 'S', schema: null, template_parameters: '{}' })).toEqual({
      remoteId: 9, dbId: 2, name: 'L', sql: 'S', schema: null, catalog: null, description: null, templateParams: '{}',
    });
  });
});
