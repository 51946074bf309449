import { beforeAll, describe, expect, it } from 'vitest';

// env() is read once per process: the limit is set before the module first reads it.
process.env.REQUEST_BODY_MAX_BYTES = '2048';
let body: typeof import('./body.server');
beforeAll(async () => {
  body = await import('./body.server');
});

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, message: ((await error.json()) as { message: string }).message };
    throw error;
  }
  throw new Error('expected a refusal');
}

const post = (payload: BodyInit, type?: string, headers: Record<string, string> = {}) =>
  new Request('http://x/', { method: 'POST', body: payload, headers: { ...(type ? { 'Content-Type': type } : {}), ...headers } });

/** A body whose length nobody declared, as a chunked upload arrives. */
function streamed(bytes: number): Request {
  const chunk = new Uint8Array(512).fill(97);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
}

describe('the size limit', () => {
  it('refuses a declared length over the limit before reading, and a streamed body once it passes it', async () => {
    expect(await refusal(body.readBodyText(post('x', 'text/plain', { 'Content-Length': '4096' })))).toEqual({
      status: 413, message: 'The request body is larger than 2 KiB, the most this server takes (REQUEST_BODY_MAX_BYTES).',
    });
    expect((await refusal(body.readBodyText(streamed(4096)))).status).toBe(413);
    expect((await body.readBodyText(streamed(2048))).length).toBe(2048);
  });

  it('reads a body once: the second reader gets the same bytes', async () => {
    const request = post('{"a":1}', 'application/json');
    expect(await body.readJsonBody(request)).toEqual({ a: 1 });
    expect(await body.readBodyText(request)).toBe('{"a":1}');
  });
});

describe('JSON bodies', () => {
  it('answers 400 for text that is not JSON, nests too deep or holds a NUL', async () => {
    expect(await refusal(body.readJsonBody(post('{"a":', 'application/json')))).toEqual({ status: 400, message: 'The request body is not valid JSON.' });
    expect((await refusal(body.readJsonBody(post(`${'['.repeat(101)}${']'.repeat(101)}`)))).message).toBe('The request body: Nesting is deeper than 100 levels.');
    expect((await refusal(body.readJsonBody(post('{"a":"\\u0000"}')))).message).toMatch(/NUL character/);
  });

  it('reads an empty body as nothing, and wants an object where one is due', async () => {
    expect(await body.readJsonBody(post(''))).toBeUndefined();
    expect(await body.readJsonObjectBody(post('  '))).toEqual({});
    expect((await refusal(body.readJsonObjectBody(post('[1]')))).message).toBe('The request body must be a JSON object.');
  });
});

describe('forms', () => {
  it('reads urlencoded and multipart forms, once per request', async () => {
    const request = post('a=1&b=%C3%A9&b=2', 'application/x-www-form-urlencoded');
    const form = await body.readForm(request);
    expect(await body.readForm(request)).toBe(form);
    expect([...form.entries()]).toEqual([['a', '1'], ['b', 'é'], ['b', '2']]);
    const multipart = new FormData();
    multipart.append('name', 'value');
    expect((await body.readForm(new Request('http://x/', { method: 'POST', body: multipart }))).get('name')).toBe('value');
  });

  it('answers 400 for another content type, a broken multipart body, a file, or a NUL', async () => {
    expect((await refusal(body.readForm(post('{"a":1}', 'application/json')))).message).toMatch(/^This takes a form/);
    expect((await refusal(body.readForm(post('a=1')))).status).toBe(400);
    expect((await refusal(body.readForm(post('--XYZ\r\nbroken', 'multipart/form-data; boundary=XYZ')))).message).toMatch(/malformed/);
    const withFile = new FormData();
    withFile.append('upload', new Blob(['x']), 'x.txt');
    expect((await refusal(body.readForm(new Request('http://x/', { method: 'POST', body: withFile })))).message).toMatch(/no files/);
    expect((await refusal(body.readForm(post('name=a%00b', 'application/x-www-form-urlencoded')))).message).toMatch(/^The form field "name": .*NUL/);
    expect((await refusal(body.readForm(post('na%00me=1', 'application/x-www-form-urlencoded')))).status).toBe(400);
  });

  it('keeps __proto__ and constructor as ordinary fields', async () => {
    const fields = Object.fromEntries(await body.readForm(post('__proto__=1&constructor=2', 'application/x-www-form-urlencoded')));
    expect(Object.entries(fields)).toEqual([['__proto__', '1'], ['constructor', '2']]);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });
});
