import { describe, expect, it } from 'vitest';
import { confirmedQueryState, readConfirmedQuery } from './confirmed-query';

describe('a confirmed posted query in the navigation state', () => {
  it('reads back what the confirmation page put there', () => {
    const query = { sql: 'SELECT 1', dbId: 2, schema: null };
    expect(readConfirmedQuery(confirmedQueryState(query))).toEqual(query);
  });
  it('is null for any other state', () => {
    for (const state of [null, undefined, {}, { confirmedQuery: { sql: 1, dbId: 2, schema: null } }, { confirmedQuery: { sql: 'x', dbId: -1, schema: null } }]) {
      expect(readConfirmedQuery(state)).toBeNull();
    }
  });
});
