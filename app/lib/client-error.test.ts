import { describe, expect, it } from 'vitest';
import { CSRF_MESSAGE, getClientError, NETWORK_MESSAGE, TimeoutError, UNKNOWN_MESSAGE } from './client-error';

const json = (body: unknown, status = 400) => new Response(JSON.stringify(body), { status, statusText: 'Bad Request' });

describe('getClientError', () => {
  it('takes the first of an errors list, with its link', async () => {
    const e = await getClientError(json({
      errors: [
        { message: 'Table "x" does not exist', error_type: 'TABLE_DOES_NOT_EXIST_ERROR', level: 'error', extra: { link: 'https://docs/x' } },
        { message: 'second', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' },
      ],
    }));
    expect(e.error).toBe('Table "x" does not exist');
    expect(e.description).toBe('Table "x" does not exist');
    expect(e.link).toBe('https://docs/x');
    expect(e.errors).toHaveLength(2);
    expect(e.status).toBe(400);
  });

  it('uses a message string, or the first value of a message object', async () => {
    expect((await getClientError(json({ message: 'Forbidden' }, 403))).error).toBe('Forbidden');
    expect((await getClientError(json({ message: { slice_name: ['Field may not be null.'] } }))).error).toBe('Field may not be null.');
    expect((await getClientError(json({ message: { x: {} } }))).error).toBe('Invalid input');
  });

  it('says the session timed out when the answer mentions CSRF', async () => {
    const e = await getClientError(new Response('400 Bad Request: The CSRF token is missing.', { status: 400 }));
    expect(e.error).toBe(CSRF_MESSAGE);
    expect(e.errors?.[0].error_type).toBe('FRONTEND_CSRF_ERROR');
  });

  it('says Network error. when fetch never got an answer', async () => {
    const e = await getClientError(new TypeError('Failed to fetch'));
    expect(e.error).toBe(NETWORK_MESSAGE);
    expect(e.errors?.[0].error_type).toBe('FRONTEND_NETWORK_ERROR');
  });

  it('explains a timeout with the two issue codes and the timeout in seconds', async () => {
    const e = await getClientError(new TimeoutError(60));
    expect(e.error).toBe('Request timed out');
    expect(e.errors?.[0].extra?.timeout).toBe(60);
    expect(e.errors?.[0].extra?.issue_codes?.map((c) => c.message)).toEqual([
      'Issue 1000 - The dataset is too large to query.',
      'Issue 1001 - The database is under an unusual load.',
    ]);
  });

  it('reports a stack trace as an unexpected error', async () => {
    expect((await getClientError(json({ message: 'boom', stack: 'at x' }, 500))).error).toBe('Unexpected error: (no description, click to see stack trace)');
    const withDescription = await getClientError(json({ error: 'x', description: 'db gone', stacktrace: 'at y' }, 500));
    expect(withDescription.error).toBe('Unexpected error: db gone');
    expect(withDescription.stacktrace).toBe('at y');
  });

  it('falls back when nothing useful came back', async () => {
    expect((await getClientError(new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }))).error).toBe('Bad Gateway');
    expect((await getClientError(new Response('', { status: 500 }))).error).toBe('An error occurred.');
    expect((await getClientError(undefined)).error).toBe(UNKNOWN_MESSAGE);
    expect((await getClientError('plain text')).error).toBe('plain text');
  });
});
