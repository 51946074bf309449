import { describe, expect, it } from 'vitest';
import { queryFailureEvents } from './failure-events.server';

describe('queryFailureEvents', () => {
  it('gives one event per error, with its type and issue codes', () => {
    const events = queryFailureEvents(
      {
        state: 'failed',
        status: 400,
        message: 'no such table: nope',
        errors: [
          { message: 'no such table: nope', error_type: 'TABLE_DOES_NOT_EXIST_ERROR', level: 'error', extra: { issue_codes: [{ code: 1003, message: '…' }, { code: 1005, message: '…' }] } },
          { message: 'and another', error_type: 'SYNTAX_ERROR', level: 'error', extra: {} },
        ],
      },
      { id: 7, database_id: 2 },
    );
    expect(events).toEqual([
      { event: 'sqllab_query_failed', query_id: 7, database_id: 2, state: 'failed', error_type: 'TABLE_DOES_NOT_EXIST_ERROR', issue_codes: [1003, 1005] },
      { event: 'sqllab_query_failed', query_id: 7, database_id: 2, state: 'failed', error_type: 'SYNTAX_ERROR', issue_codes: [] },
    ]);
  });

  it('logs a timeout without errors as a generic one, and nothing for a stop', () => {
    expect(queryFailureEvents({ state: 'timed_out', status: 408, message: 'late', errors: [] }, { id: 1, database_id: null })[0]).toMatchObject({ state: 'timed_out', error_type: 'GENERIC_BACKEND_ERROR' });
    expect(queryFailureEvents({ state: 'stopped', status: 400, message: 'stopped', errors: [] }, { id: 1, database_id: 1 })).toEqual([]);
  });
});
