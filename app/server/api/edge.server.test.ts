import { beforeAll, describe, expect, it } from 'vitest';

process.env.REQUEST_BODY_MAX_BYTES = '4096';
let refuseAtEdge: typeof import('./edge.server').refuseAtEdge;
beforeAll(async () => {
  ({ refuseAtEdge } = await import('./edge.server'));
});

const at = (path: string, headers: Record<string, string> = {}) => refuseAtEdge(new Request(`http://x${path}`, { headers }));

describe('refuseAtEdge', () => {
  it('lets ordinary requests through, malformed escapes included (the router answers those)', () => {
    for (const path of ['/', '/api/v1/database/?q=(page:0)', '/sqllab/?sql=SELECT%201', '/api/v1/x/%E0%A4%A/', '/a/%2500/']) expect(at(path)).toBeNull();
    expect(at('/api/v1/database/', { 'Content-Length': '4096' })).toBeNull();
  });

  it.each(['/api/v1/sqllab/export/%00/', '/kv/a%00b/', '/api/v1/database/?q=%00', '/x/?a%00=1', '/x/?a=1&b=%00'])('refuses a NUL in %s with a 400', async (path) => {
    const response = at(path)!;
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/NUL character/);
  });

  it('refuses a declared body over the limit with a 413', () => {
    expect(at('/api/v1/sqllab/execute/', { 'Content-Length': '4097' })?.status).toBe(413);
  });
});
