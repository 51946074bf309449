import { describe, expect, it } from 'vitest';
import {
  databaseCreateSchema, databaseUpdateSchema, ExtraTextSchema, supportedEnginesText, uriProblem,
  type EngineCatalog,
} from './database-settings';

const CATALOG: EngineCatalog = [
  { name: 'postgresql', label: 'PostgreSQL', schemes: ['postgresql', 'postgres'] },
  { name: 'sqlite', label: 'SQLite', schemes: ['sqlite'] },
];

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('URIs', () => {
  it('names the supported engines and their schemes', () => {
    expect(supportedEnginesText(CATALOG)).toBe('PostgreSQL (postgresql://, postgres://), SQLite (sqlite://)');
  });

  it('accepts known schemes with any driver suffix, and says why others are refused', () => {
    expect(uriProblem('postgresql+psycopg2://u:p@h/db', CATALOG)).toBeNull();
    expect(uriProblem('POSTGRES://h/db', CATALOG)).toBeNull();
    expect(uriProblem('sqlite:////tmp/x.db', CATALOG)).toBeNull();
    expect(uriProblem('oracle://h/db', CATALOG)).toBe(
      'The URI scheme "oracle://" is not supported. Supported engines: PostgreSQL (postgresql://, postgres://), SQLite (sqlite://).',
    );
    expect(uriProblem('just text', CATALOG)).toMatch(/^Enter a URI like postgresql:\/\/user:password@host:5432\/database\. Supported engines/);
  });
});

describe('extra', () => {
  it('parses a JSON object of known, typed keys', () => {
    const parsed = ExtraTextSchema.parse(JSON.stringify({ metadata_cache_timeout: { schema_cache_timeout: 60 }, cost_estimate_enabled: true, engine_params: { a: 1 } }));
    expect(parsed).toEqual({ metadata_cache_timeout: { schema_cache_timeout: 60 }, cost_estimate_enabled: true, engine_params: { a: 1 } });
    expect(ExtraTextSchema.parse('')).toEqual({});
  });

  it('refuses text that is not JSON, JSON that is not an object, unknown keys and wrong types', () => {
    expect(messages(ExtraTextSchema.safeParse('{oops'))['']).toMatch(/^Extra is not valid JSON: /);
    expect(messages(ExtraTextSchema.safeParse('[1]'))['']).toBe('Extra must be a JSON object, like {"cost_estimate_enabled": true}.');
    expect(messages(ExtraTextSchema.safeParse('{"schema_cache_timout": 1}'))['']).toMatch(/^Unknown key "schema_cache_timout" in extra\. Known keys: metadata_cache_timeout, /);
    expect(messages(ExtraTextSchema.safeParse('{"metadata_cache_timeout": {"table_cache_timeout": 1.5}}'))['metadata_cache_timeout.table_cache_timeout']).toBe(
      'The table cache timeout must be a whole number of seconds.',
    );
    expect(ExtraTextSchema.safeParse('{"cost_estimate_enabled": "yes"}').success).toBe(false);
  });
});

describe('create and update bodies', () => {
  const create = databaseCreateSchema(CATALOG);

  it('takes a name and a URI, or an engine with parameters', () => {
    expect(create.parse({ database_name: ' sales ', sqlalchemy_uri: 'postgresql://h/db' })).toMatchObject({ database_name: 'sales' });
    expect(create.safeParse({ database_name: 'x', engine: 'postgresql', configuration_method: 'dynamic_form', parameters: { host: 'h' } }).success).toBe(true);
    expect(messages(create.safeParse({ database_name: 'x' })).sqlalchemy_uri).toBe('Enter a SQLAlchemy URI, or an engine and its connection parameters.');
    expect(messages(create.safeParse({ sqlalchemy_uri: 'sqlite://' })).database_name).toBeDefined();
    expect(messages(create.safeParse({ database_name: '  ', sqlalchemy_uri: 'sqlite://' })).database_name).toBe('Enter a name for the database.');
  });

  it('checks the URI scheme unless the parameters are what counts', () => {
    expect(messages(create.safeParse({ database_name: 'x', sqlalchemy_uri: 'mssql://h/db' })).sqlalchemy_uri).toMatch(/"mssql:\/\/" is not supported/);
    const byParameters = { database_name: 'x', engine: 'postgresql', configuration_method: 'dynamic_form', parameters: {}, sqlalchemy_uri: 'junk' };
    expect(create.safeParse(byParameters).success).toBe(true);
  });

  it('refuses what Sightline cannot do rather than storing it silently', () => {
    expect(messages(create.safeParse({ database_name: 'x', sqlalchemy_uri: 'sqlite://', impersonate_user: true })).impersonate_user).toMatch(/not supported/);
    expect(messages(create.safeParse({ database_name: 'x', sqlalchemy_uri: 'sqlite://', ssh_tunnel: { server_address: 'h' } })).ssh_tunnel).toBe('SSH tunnels are not supported.');
    expect(create.safeParse({ database_name: 'x', sqlalchemy_uri: 'sqlite://', ssh_tunnel: null, masked_encrypted_extra: '{}' }).success).toBe(true);
    expect(create.safeParse({ database_name: 'x', sqlalchemy_uri: 'sqlite://', allow_dmll: true }).success).toBe(false);
  });

  it('updates any subset, and refuses an emptied name', () => {
    const update = databaseUpdateSchema(CATALOG);
    expect(update.parse({ allow_dml: true })).toEqual({ allow_dml: true });
    expect(update.safeParse({ database_name: '' }).success).toBe(false);
    expect(update.safeParse({ cache_timeout: -2 }).success).toBe(false);
    expect(update.parse({ cache_timeout: -1 })).toEqual({ cache_timeout: -1 });
  });
});
