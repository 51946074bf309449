import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from '~/lib/field-errors';
import { errorResponse } from './error-response.server';
import { idParam, jsonBody, parseParams, parseRisonQuery } from './inputs.server';

const Schema = z.object({ page: z.number().int().min(0).default(0), tags: z.array(z.string()).default([]) });
const url = (q?: string) => new URL(`http://x/api/v1/chart/${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`);
const parseQuery = parseRisonQuery;

/** What the client gets for what `fn` throws: the one error mapper's answer. */
async function thrown(fn: () => unknown): Promise<{ status: number; body: unknown }> {
  try {
    await fn();
  } catch (error) {
    const response = errorResponse(error);
    return { status: response.status, body: await response.json() };
  }
  throw new Error('expected an error to be thrown');
}

describe('parseRisonQuery', () => {
  it('treats a missing or blank q as empty', () => {
    expect(parseQuery(url(), Schema)).toEqual({ page: 0, tags: [] });
    expect(parseQuery(url('  '), Schema)).toEqual({ page: 0, tags: [] });
    expect(parseQuery(url(), z.array(z.number()), [])).toEqual([]);
  });

  it('decodes rison, and JSON when rison fails', () => {
    expect(parseQuery(url('(page:2,tags:!(a,b))'), Schema)).toEqual({ page: 2, tags: ['a', 'b'] });
    expect(parseQuery(url('{"page":3}'), Schema)).toEqual({ page: 3, tags: [] });
  });

  it('answers 400 naming the rison problem or the invalid field', async () => {
    expect(await thrown(() => parseQuery(url('(page:2'), Schema))).toEqual({ status: 400, body: { message: 'Invalid q: rison: unterminated object starting at position 0' } });
    const json = await thrown(() => parseQuery(url('{"page":'), Schema));
    expect(json.status).toBe(400);
    expect((json.body as { message: string }).message).toMatch(/^Invalid q: not valid JSON \(.+\) nor rison$/);
    expect(await thrown(() => parseQuery(url(`(tags:${'!('.repeat(7000)}${')'.repeat(7001)}`), Schema))).toEqual({
      status: 400, body: { message: 'Invalid q: rison: nesting deeper than 100 levels at position 204' },
    });
    expect(await thrown(() => parseQuery(url(`{"tags":${'['.repeat(7000)}${']'.repeat(7000)}}`), Schema))).toEqual({
      status: 400, body: { message: 'Invalid q: Nesting is deeper than 100 levels.' },
    });
    expect((await thrown(() => parseQuery(url("(tags:!('a\0'))"), Schema))).body).toEqual({ message: 'Invalid q: Text may not contain the NUL character (\\u0000).' });
    const invalid = await thrown(() => parseQuery(url('(page:-1,tags:!(1))'), Schema));
    expect(invalid.status).toBe(400);
    expect((invalid.body as { message: string }).message).toMatch(/^Invalid q: page: .*; tags\.0: /);
  });
});

describe('jsonBody', () => {
  const Body = z.object({ name: z.string().min(1), params: z.object({ size: z.number() }) });
  const post = (body: string) => new Request('http://x/', { method: 'POST', body });
  const parseJsonBody = (request: Request) => jsonBody(Body).read(request);

  it('parses valid JSON', async () => {
    expect(await parseJsonBody(post('{"name":"a","params":{"size":1}}'))).toEqual({ name: 'a', params: { size: 1 } });
  });

  it('answers field errors in the one shape: dotted paths for nested fields', async () => {
    const { status, body } = await thrown(() => parseJsonBody(post('{"name":"","params":{"size":"big"}}')));
    expect(status).toBe(400);
    expect(body).toEqual({ message: { name: [expect.any(String)], 'params.size': [expect.any(String)] } });
    expect(await thrown(() => parseJsonBody(post('not json')))).toEqual({ status: 400, body: { message: 'The request body is not valid JSON.' } });
  });

  it('keeps field errors for keys named constructor or __proto__ as their own fields', () => {
    const error = new z.ZodError([
      { code: 'custom', path: ['constructor'], message: 'first', input: 1 },
      { code: 'custom', path: ['constructor'], message: 'second', input: 1 },
      { code: 'custom', path: ['__proto__'], message: 'own', input: 1 },
      { code: 'custom', path: ['__proto__', 'toString'], message: 'nested', input: 1 },
    ]);
    const errors = fieldErrorsOf(error);
    expect(JSON.stringify(errors)).toBe('{"constructor":["first","second"],"__proto__":["own"],"__proto__.toString":["nested"]}');
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });

  it('puts whole-body issues under _schema', () => {
    const result = z.object({ a: z.number() }).safeParse([]);
    expect(fieldErrorsOf(result.error!)).toEqual({ _schema: [expect.any(String)] });
  });
});

describe('idParam and the error mapper', () => {
  it('accepts positive integer ids only, else 404', async () => {
    const Params = z.object({ id: idParam('chart') });
    expect(parseParams(Params, { id: '42' })).toEqual({ id: 42 });
    for (const bad of ['0', '-1', '1.5', 'abc', '01', undefined]) expect((await thrown(() => parseParams(Params, { id: bad }))).status).toBe(404);
  });

  it('passes Responses through, maps zod errors to 400 and hides other errors behind a 500', async () => {
    expect(errorResponse(new Response('x', { status: 418 })).status).toBe(418);
    const zod = await thrown(() => z.object({ a: z.string() }).parse({}));
    expect(zod).toEqual({ status: 400, body: { message: { a: [expect.any(String)] } } });
    const original = console.error;
    console.error = () => {};
    try {
      const crash = await thrown(() => { throw new Error('SELECT secret FROM x failed'); });
      expect(crash.status).toBe(500);
      expect(JSON.stringify(crash.body)).not.toMatch(/secret/);
    } finally {
      console.error = original;
    }
  });
});
