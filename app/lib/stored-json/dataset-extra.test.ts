import { describe, expect, it } from 'vitest';
import { readDatasetExtra } from './dataset-extra';

describe('readDatasetExtra', () => {
  it('reads the known keys and keeps the others', () => {
    const extra = readDatasetExtra(JSON.stringify({
      warning_markdown: 'Stale on Mondays', certification: { certified_by: 'Data team', details: 'Audited' },
      disallow_adhoc_metrics: true, from_a_newer_superset: [1],
    }));
    expect(extra).toMatchObject({
      warning_markdown: 'Stale on Mondays', certification: { certified_by: 'Data team', details: 'Audited' },
      disallow_adhoc_metrics: true, from_a_newer_superset: [1],
    });
  });

  it('reads a key of the wrong type as absent and keeps the rest', () => {
    const extra = readDatasetExtra('{"disallow_adhoc_metrics": "yes", "warning_markdown": "Careful"}');
    expect(extra.disallow_adhoc_metrics).toBeUndefined();
    expect(extra.warning_markdown).toBe('Careful');
  });

  it.each([null, undefined, '', '   ', 'not json', '[1,2]', '"text"', 'null', `${'['.repeat(500)}${']'.repeat(500)}`, '{"a":"\\u0000"}'])(
    'reads %j as {}',
    (text) => {
      expect(readDatasetExtra(text)).toEqual({});
    },
  );
});
