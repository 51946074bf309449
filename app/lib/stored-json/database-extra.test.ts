import { describe, expect, it } from 'vitest';
import { DatabaseExtraSchema, metadataCacheTimeouts, readDatabaseExtra } from './database-extra';

describe('the stored extra', () => {
  it('reads stored text leniently: text that is not a JSON object, or keys it does not know, are no extra at all', () => {
    expect(readDatabaseExtra('{"disable_data_preview": true}')).toEqual({ disable_data_preview: true });
    expect(readDatabaseExtra('not json')).toEqual({});
    expect(readDatabaseExtra('{"unknown": 1}')).toEqual({});
    expect(readDatabaseExtra(null)).toEqual({});
  });

  it('keeps each valid key of a row written before validation, dropping only what is wrong', () => {
    const stored = JSON.stringify({ cost_estimate_enabled: true, allow_multi_catalog: true, disable_data_preview: 'yes', metadata_cache_timeout: { schema_cache_timeout: 60 } });
    expect(readDatabaseExtra(stored)).toEqual({ cost_estimate_enabled: true, metadata_cache_timeout: { schema_cache_timeout: 60 } });
    expect(readDatabaseExtra('[1]')).toEqual({});
    expect(readDatabaseExtra('{"__proto__": {"cost_estimate_enabled": true}}')).toEqual({});
  });

  it('leaves schema and table lists uncached unless a timeout is set', () => {
    expect(metadataCacheTimeouts({})).toEqual({ schemas: 0, tables: 0 });
    expect(metadataCacheTimeouts({ metadata_cache_timeout: { schema_cache_timeout: 300 } })).toEqual({ schemas: 300, tables: 0 });
  });

  it('refuses unknown keys of a new value in one message, next to the errors of known keys', () => {
    const parsed = DatabaseExtraSchema.safeParse({ schema_cache_timout: 1, colour: 'red', cost_estimate_enabled: 'yes' });
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['', expect.stringMatching(/^Unknown keys "schema_cache_timout", "colour" in extra\. Known keys: metadata_cache_timeout, /)]);
    expect(issues.map(([path]) => path)).toContain('cost_estimate_enabled');
    expect(DatabaseExtraSchema.parse({ version: null, engine_params: { a: 1 } })).toEqual({ version: null, engine_params: { a: 1 } });
  });
});
