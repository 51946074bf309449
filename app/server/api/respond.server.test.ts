import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoute, fieldErrorsOf, parseIdParam, parseJsonBody, parseQuery } from './respond.server';

const Schema = z.object({ page: z.number().int().min(0).default(0), tags: z.array(z.string()).default([]) });
const url = (q?: string) => new URL(`http://x/api/v1/chart/${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`);

async function thrown(fn: () => unknown): Promise<{ status: number; body: unknown }> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: await error.json() };
    throw error;
  }
  throw new Error('expected a Response to be thrown');
}

describe('parseQuery', () => {
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

describe('parseJsonBody', () => {
  const Body = z.object({ name: z.string().min(1), params: z.object({ size: z.number() }) });
  const post = (body: string) => new Request('http://x/', { method: 'POST', body });

  it('parses valid JSON', async () => {
    expect(await parseJsonBody(post('{"name":"a","params":{"size":1}}'), Body)).toEqual({ name: 'a', params: { size: 1 } });
  });

  it('answers marshmallow-style field errors, nested like the body', async () => {
    const { status, body } = await thrown(() => parseJsonBody(post('{"name":"","params":{"size":"big"}}'), Body));
    expect(status).toBe(400);
    expect(body).toEqual({ message: { name: [expect.any(String)], params: { size: [expect.any(String)] } } });
    expect(await thrown(() => parseJsonBody(post('not json'), Body))).toEqual({ status: 400, body: { message: 'The request body is not valid JSON.' } });
  });

  it('keeps field errors for keys named constructor or __proto__ as their own fields', () => {
    const error = new z.ZodError([
      { code: 'custom', path: ['constructor'], message: 'first', input: 1 },
      { code: 'custom', path: ['constructor'], message: 'second', input: 1 },
      { code: 'custom', path: ['__proto__', 'toString'], message: 'nested', input: 1 },
    ]);
    const errors = fieldErrorsOf(error);
    expect(JSON.stringify(errors)).toBe('{"constructor":["first","second"],"__proto__":{"toString":["nested"]}}');
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });

  it('puts whole-body issues under _schema', () => {
    const result = z.object({ a: z.number() }).safeParse([]);
    expect(fieldErrorsOf(result.error!)).toEqual({ _schema: [expect.any(String)] });
  });
});

describe('parseIdParam and apiRoute', () => {
  it('accepts positive integer ids only, else 404', async () => {
    expect(parseIdParam('42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', 'abc', '01', undefined]) expect((await thrown(() => parseIdParam(bad))).status).toBe(404);
  });

  it('passes Responses through, maps zod errors to 400 and hides other errors behind a 500', async () => {
    expect((await apiRoute(async () => { throw new Response('x', { status: 418 }); })).status).toBe(418);
    const zod = await apiRoute(async () => { z.object({ a: z.string() }).parse({}); return new Response(); });
    expect(zod.status).toBe(400);
    expect(await zod.json()).toEqual({ message: { a: [expect.any(String)] } });
    const original = console.error;
    console.error = () => {};
    try {
      const crash = await apiRoute(async () => { throw new Error('SELECT secret FROM x failed'); });
      expect(crash.status).toBe(500);
      expect(JSON.stringify(await crash.json())).not.toMatch(/secret/);
    } finally {
      console.error = original;
    }
  });
});
