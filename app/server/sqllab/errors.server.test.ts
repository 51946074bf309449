import { describe, expect, it, vi } from 'vitest';
import { engineError, QueryStoppedError } from '../engines/errors.server';
import { describeFailure, sqlLabError } from './errors.server';

describe('SQL Lab failures', () => {
  it('answers query errors 400, SQL Lab rules 422, timeouts 408 (timed_out)', () => {
    expect(describeFailure(engineError('SYNTAX_ERROR', 'bad')).status).toBe(400);
    expect(describeFailure(engineError('GENERIC_DB_ENGINE_ERROR', 'division by zero')).status).toBe(400);
    expect(describeFailure(engineError('DML_NOT_ALLOWED_ERROR', 'no')).status).toBe(422);
    const timeout = describeFailure(engineError('SQLLAB_TIMEOUT_ERROR', 'slow'));
    expect(timeout).toMatchObject({ status: 408, state: 'timed_out' });
    expect(describeFailure(sqlLabError('MISSING_TEMPLATE_PARAMS_ERROR', 'x', 422))).toMatchObject({ status: 422, state: 'failed' });
  });

  it('keeps the engine’s status for other engine errors (an undecryptable password is 422)', () => {
    expect(describeFailure(engineError('GENERIC_BACKEND_ERROR', 'cannot decrypt', { status: 422 })).status).toBe(422);
    expect(describeFailure(engineError('CONNECTION_PORT_CLOSED_ERROR', 'closed')).status).toBe(422);
  });

  it('treats a stop as stopped, and anything unknown as a logged 500 without details', () => {
    expect(describeFailure(new QueryStoppedError()).state).toBe('stopped');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unknown = describeFailure(new Error('secret internals'));
    expect(unknown).toMatchObject({ status: 500, state: 'failed' });
    expect(unknown.message).not.toContain('secret');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('carries Superset’s issue codes for SQL Lab types', () => {
    const error = sqlLabError('RESULTS_BACKEND_ERROR', 'gone', 410, { key: 'k' });
    expect(error.toJSON().errors[0]).toMatchObject({ error_type: 'RESULTS_BACKEND_ERROR', level: 'error', extra: { key: 'k', issue_codes: [{ code: 1031 }, { code: 1032 }, { code: 1033 }] } });
  });
});
