import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TIME_GRAINS } from '~/lib/sql/time-grains';
import { parametersJsonSchema } from './connection-schema.server';
import { EngineError } from './errors.server';
import { engineForUri, engines, getEngine } from './registry.server';
import { sqliteFile } from './sqlite/connection.server';
import { maskPassword } from './uri.server';

const parse = (uri: string) => engineForUri(uri).connection.parseUri(uri);

function errorOf(fn: () => unknown): EngineError {
  try {
    fn();
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('expected an EngineError');
}

describe('engineForUri / getEngine', () => {
  it.each([
    ['sqlite:///relative.db', 'sqlite'],
    ['sqlite:////abs/path.db', 'sqlite'],
    ['postgresql://u:p@h:5432/db', 'postgresql'],
    ['postgresql+psycopg2://u@h/db', 'postgresql'],
    ['postgres://u@h/db', 'postgresql'],
    ['mysql://u@h/db', 'mysql'],
    ['mysql+mysqldb://u@h/db', 'mysql'],
    ['mysql+pymysql://u@h/db', 'mysql'],
    ['mariadb://u@h/db', 'mysql'],
  ])('%s is %s', (uri, name) => {
    expect(engineForUri(uri).name).toBe(name);
  });

  it('names the supported engines when a scheme or name is unknown (a 400)', () => {
    const error = errorOf(() => engineForUri('oracle://u@h/db'));
    expect(error.status).toBe(400);
    expect(error.message).toContain('The URI scheme "oracle://" is not supported.');
    expect(error.message).toContain('PostgreSQL (postgresql://, postgres://)');
    expect(error.message).toContain('MySQL (mysql://, mariadb://)');
    expect(errorOf(() => engineForUri('no scheme')).status).toBe(400);
    expect(errorOf(() => getEngine('oracle')).message).toContain('SQLite (sqlite://)');
    expect(getEngine('mysql')).toBe(engines.mysql);
  });
});

describe('SQLAlchemy URIs', () => {
  it('parses SQLite paths as SQLAlchemy does', () => {
    expect(parse('sqlite:///relative.db')).toEqual({ engine: 'sqlite', database: 'relative.db', query: {} });
    expect(parse('sqlite:////abs/path.db?mode=ro')).toEqual({ engine: 'sqlite', database: '/abs/path.db', query: { mode: 'ro' } });
    expect(parse('sqlite://').database).toBe(':memory:');
    expect(sqliteFile(parse('sqlite:///relative.db'))).toBe(path.resolve('relative.db'));
    expect(errorOf(() => parse('sqlite://host/x.db')).message).toContain('names a file, not a host');
  });

  it('parses network URIs, percent-decoding user and password', () => {
    expect(parse('postgresql+psycopg2://us%40er:p%40ss%3Aw%2Frd@db.example.com:6543/analytics?sslmode=require&application_name=bi')).toEqual({
      engine: 'postgresql',
      host: 'db.example.com',
      port: 6543,
      database: 'analytics',
      username: 'us@er',
      password: 'p@ss:w/rd',
      query: { sslmode: 'require', application_name: 'bi' },
    });
    expect(parse('postgres://alice@localhost/')).toMatchObject({ port: 5432, database: 'alice', password: undefined });
    expect(parse('mysql+pymysql://root@[::1]/shop?charset=utf8')).toMatchObject({ host: '::1', port: 3306, database: 'shop', query: { charset: 'utf8' } });
    expect(parse('mariadb://u:@h:3307/')).toMatchObject({ port: 3307, database: '', password: '' });
  });

  it('rejects a bad port with CONNECTION_INVALID_PORT_ERROR', () => {
    const error = errorOf(() => parse('postgresql://u@h:99999/db'));
    expect([error.error.error_type, error.status, error.error.extra.issue_codes.map((c) => c.code)]).toEqual(['CONNECTION_INVALID_PORT_ERROR', 400, [1034]]);
    expect(errorOf(() => parse('mysql://u@h:abc/db')).error.error_type).toBe('CONNECTION_INVALID_PORT_ERROR');
  });

  it('builds URIs that parse back to the same parameters', () => {
    for (const uri of ['postgresql://us%40er:p%40ss@h:5432/db?sslmode=require', 'mysql://root@127.0.0.1:3306/shop', 'sqlite:////abs/x.db', 'sqlite:///rel.db', 'sqlite://']) {
      const engine = engineForUri(uri);
      const params = engine.connection.parseUri(uri);
      expect(engine.connection.parseUri(engine.connection.buildUri(params))).toEqual(params);
    }
  });

  it('masks passwords the way Superset shows them', () => {
    expect(maskPassword('postgresql://u:s3cret@h:5432/db')).toBe('postgresql://u:XXXXXXXXXX@h:5432/db');
    expect(maskPassword('mysql://u@h/db')).toBe('mysql://u@h/db');
  });
});

describe('connection parameters', () => {
  it('publish a JSON schema with labels, and passwords marked writeOnly', () => {
    const schema = parametersJsonSchema(engines.postgresql) as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['host', 'port', 'database', 'username', 'password', 'query']);
    expect(schema.properties.host).toMatchObject({ type: 'string', title: 'Host', description: 'Hostname or IP address' });
    expect(schema.properties.port).toMatchObject({ type: 'integer', default: 5432, maximum: 65535 });
    expect(schema.properties.password).toMatchObject({ writeOnly: true });
    expect(schema.required).toEqual(['host', 'database', 'username']);
    expect(engines.postgresql.connection.secretFields).toEqual(['password']);
    expect(engines.sqlite.connection.secretFields).toEqual([]);
  });

  it('validate_parameters: coerce the port, explain each problem', () => {
    const ok = engines.mysql.connection.schema.safeParse({ host: 'h', port: '3307', username: 'u' });
    expect(ok.success && ok.data).toMatchObject({ port: 3307, database: '', query: {} });
    const bad = engines.postgresql.connection.schema.safeParse({ host: '', port: 70000, database: 'd', username: 'u' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['host', 'Enter the host name or IP address.'],
      ['port', 'The port must be between 1 and 65535.'],
    ]);
  });
});

describe('dialects', () => {
  it.each(Object.values(engines))('$name has every time grain, and quotes identifiers', (engine) => {
    expect(Object.keys(engine.dialect.timeGrains).sort()).toEqual(TIME_GRAINS.map((g) => g.code).sort());
    const quoted = engine.dialect.quoteIdentifier('we"ird`name');
    expect(quoted === '"we""ird`name"' || quoted === '`we"ird``name`').toBe(true);
  });
});
