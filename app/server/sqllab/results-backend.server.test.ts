import { describe, expect, it } from 'vitest';
import { SqlLabError } from './errors.server';
import { decodeResults, encodeResults } from './results-backend.server';

const results = {
  columns: [{ column_name: 'n', name: 'n', type: 'BIGINT', type_generic: 0, is_dttm: false }],
  rows: [[9007199254740993n], [-1], [null]],
};

describe('results payloads', () => {
  it('round-trip compressed, big integers exact', async () => {
    const payload = await encodeResults(results, 1_000_000);
    expect(payload.subarray(0, 4).toString()).toBe('SLR1');
    expect(await decodeResults(payload)).toEqual(results);
  });

  it('refuses results past the size limit with a clear RESULTS_BACKEND_ERROR', async () => {
    const error = await encodeResults(results, 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SqlLabError);
    expect((error as SqlLabError).error.error_type).toBe('RESULTS_BACKEND_ERROR');
    expect((error as SqlLabError).message).toMatch(/RESULTS_MAX_BYTES/);
  });

  it('refuses payloads of an unknown format instead of guessing', async () => {
    const error = await decodeResults(Buffer.from('{"columns":[],"rows":[]}')).catch((e: unknown) => e);
    expect((error as SqlLabError).status).toBe(410);
    const truncated = (await encodeResults(results, 1_000_000)).subarray(0, 8);
    expect(await decodeResults(truncated).catch((e: unknown) => (e as SqlLabError).error.error_type)).toBe('RESULTS_BACKEND_ERROR');
  });
});
