import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConflictError, InvalidInputError, NotFoundError, TooManyRequestsError } from '../domain-errors.server';
import { engineError } from '../engines/errors.server';
import { endpoint, method } from './endpoint.server';
import { idParam, jsonBody, rison } from './inputs.server';

const call = async (api: ReturnType<typeof endpoint>, init: { method?: string; url?: string; body?: string; params?: Record<string, string> } = {}) => {
  const verb = init.method ?? 'GET';
  const request = new Request(init.url ?? 'http://x/api/v1/thing/', {
    method: verb,
    body: init.body,
    headers: init.body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
  const handler = verb === 'GET' || verb === 'HEAD' ? api.loader : api.action;
  const response = await handler({ request, params: init.params ?? {} });
  return { status: response.status, allow: response.headers.get('Allow'), retry: response.headers.get('Retry-After'), body: verb === 'HEAD' ? null : await response.json() };
};

// Public methods run without a user, so these tests need no metadata store.
const publicGet = (run: () => unknown) => method({ public: true, run });

describe('endpoint', () => {
  it('answers what run returns as JSON, and its status', async () => {
    const api = endpoint({ POST: method({ public: true, status: 201, body: jsonBody(z.object({ n: z.number() })), run: (_user, { body }) => ({ twice: body.n * 2 }) }) });
    expect(await call(api, { method: 'POST', body: '{"n":21}' })).toMatchObject({ status: 201, body: { twice: 42 } });
  });

  it('parses path params, q and the body, and names what is wrong', async () => {
    const api = endpoint({
      PUT: method({
        public: true,
        params: z.object({ id: idParam('chart') }),
        query: rison(z.object({ page: z.number().default(0) })),
        body: jsonBody(z.strictObject({ name: z.string() })),
        run: (_user, { params, query, body }) => ({ id: params.id, page: query.page, name: body.name }),
      }),
    });
    const ok = await call(api, { method: 'PUT', url: 'http://x/?q=(page:2)', params: { id: '7' }, body: '{"name":"a"}' });
    expect(ok.body).toEqual({ id: 7, page: 2, name: 'a' });
    expect(await call(api, { method: 'PUT', params: { id: 'x' }, body: '{}' })).toMatchObject({ status: 404, body: { message: 'There is no chart with id "x".' } });
    expect(await call(api, { method: 'PUT', url: 'http://x/?q=(page:', params: { id: '1' } })).toMatchObject({ status: 400 });
    expect(await call(api, { method: 'PUT', params: { id: '1' }, body: '{"name":1,"owner":2}' })).toMatchObject({
      status: 400,
      body: { message: { name: ['Invalid input: expected string, received number'], owner: ['Unknown field.'] } },
    });
    expect(await call(api, { method: 'PUT', params: { id: '1' }, body: '{"name":' })).toEqual(expect.objectContaining({ status: 400, body: { message: 'The request body is not valid JSON.' } }));
  });

  it('answers a method it does not take with 405 and Allow', async () => {
    const api = endpoint({ GET: publicGet(() => 'ok'), DELETE: method({ public: true, run: () => 'gone' }) });
    expect(await call(api, { method: 'POST' })).toMatchObject({ status: 405, allow: 'GET, DELETE' });
    expect(await call(api, { method: 'HEAD' })).toMatchObject({ status: 200 });
  });

  it('maps domain errors to their statuses and envelopes', async () => {
    const throwing = (error: unknown) => endpoint({ GET: publicGet(() => { throw error; }) });
    expect(await call(throwing(new NotFoundError('No such chart.')))).toMatchObject({ status: 404, body: { message: 'No such chart.' } });
    expect(await call(throwing(new ConflictError('Taken.')))).toMatchObject({ status: 409, body: { message: 'Taken.' } });
    expect(await call(throwing(new InvalidInputError({ name: ['Required.'] })))).toMatchObject({ status: 400, body: { message: { name: ['Required.'] } } });
    expect(await call(throwing(new TooManyRequestsError('Slow down.', 30)))).toMatchObject({ status: 429, retry: '30' });
    const engine = await call(throwing(engineError('CONNECTION_MISSING_PARAMETERS_ERRORS', 'Fill in the host.', { engineName: 'PostgreSQL' })));
    expect(engine.body.errors[0]).toMatchObject({ error_type: 'CONNECTION_MISSING_PARAMETERS_ERROR', message: 'Fill in the host.' });
  });

  it('answers an unexpected error with a 500 that says nothing of it, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = endpoint({ GET: publicGet(() => { throw new Error('secret detail'); }) });
    const answer = await call(api);
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain('secret detail');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
