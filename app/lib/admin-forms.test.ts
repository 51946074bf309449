import { describe, expect, it } from 'vitest';
import { pairValue, PairValueSchema } from './admin-forms';
import type { PermissionPair } from './permissions';

describe('PairValueSchema', () => {
  it('round-trips a pair whose view holds spaces, "&" and ":"', () => {
    const pair: PermissionPair = ['datasource_access', '[examples].[birth names](id:1) & more'];
    expect(PairValueSchema.parse(pairValue(pair))).toEqual(pair);
  });

  it('refuses anything but a JSON array of two non-empty strings', () => {
    for (const bad of ['can_read|Chart', '["can_read"]', '["can_read", 3]', '["", "Chart"]', '{"a":1}', '']) {
      expect(PairValueSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
