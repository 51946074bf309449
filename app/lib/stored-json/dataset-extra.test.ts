import { describe, expect, it } from 'vitest';
import { readDatasetExtra } from './dataset-extra';

describe('readDatasetExtra', () => {
  it('reads the known keys and keeps the others', () => {
    const extra = readDatasetExtra(JSON.stringify({
      warning_markdown: 'Stale on Mondays', certification: { certified_by: 'Data team', details: 'Audited' },
      is_managed_externally: true, external_url: 'https://example.com/d/1', from_a_newer_superset: [1],
    }));
    expect(extra).toMatchObject({
      warning_markdown: 'Stale on Mondays', certification: { certified_by: 'Data team', details: 'Audited' },
      is_managed_externally: true, external_url: 'https://example.com/d/1', from_a_newer_superset: [1],
    });
  });

  it('reads a key of the wrong type as absent and keeps the rest', () => {
    const extra = readDatasetExtra('{"is_managed_externally": "yes", "external_url": "https://x.test"}');
    expect(extra.is_managed_externally).toBeUndefined();
    expect(extra.external_url).toBe('https://x.test');
  });

  it.each([null, undefined, '', '   ', 'not json', '[1,2]', '"text"', 'null', `${'['.repeat(500)}${']'.repeat(500)}`, '{"a":"\\u0000"}'])(
    'reads %j as {}',
    (text) => {
      expect(readDatasetExtra(text)).toEqual({});
    },
  );
});
