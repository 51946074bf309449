/**
 * PostgreSQL connection parameters: URIs `postgresql://`, `postgresql+psycopg2://`, `postgres://`
 * and the pg client configuration they become. Supported query parameters: sslmode,
 * application_name, options (passed to the server, e.g. `-c search_path=x`); others are kept in
 * the URI but not used.
 */
import type pg from 'pg';
import { engineError } from '../errors.server';
import { networkParametersSchema } from '../connection-schema.server';
import { buildUrl, parseUrl } from '../uri.server';
import type { ConnectionParams, ConnectOptions } from '../types.server';
import { PG_TYPES } from './types.server';

export const POSTGRES_SCHEMES = ['postgresql', 'postgres'] as const;
export const POSTGRES_DEFAULT_PORT = 5432;

export const PostgresParametersSchema = networkParametersSchema({
  defaultPort: POSTGRES_DEFAULT_PORT,
  databaseRequired: true,
  queryHelp: 'Additional parameters: sslmode (disable, require, verify-ca, verify-full), application_name, options',
});

export function parsePostgresUri(uri: string): ConnectionParams {
  const url = parseUrl(uri);
  if (!(POSTGRES_SCHEMES as readonly string[]).includes(url.scheme)) {
    throw engineError('CONNECTION_MISSING_PARAMETERS_ERRORS', `"${url.scheme}" is not a PostgreSQL URI scheme.`, { invalid: ['sqlalchemy_uri'] });
  }
  return {
    engine: 'postgresql',
    host: url.host ?? 'localhost',
    port: url.port ?? POSTGRES_DEFAULT_PORT,
    // libpq's default: a database named like the user.
    database: url.database || url.username || 'postgres',
    username: url.username,
    password: url.password,
    query: url.query,
  };
}

export function buildPostgresUri(params: ConnectionParams): string {
  return buildUrl({ scheme: 'postgresql', ...params });
}

function ssl(mode: string | undefined): pg.ClientConfig['ssl'] {
  // node-postgres cannot fall back from TLS to plain text, so libpq's prefer/allow mean plain text here.
  if (!mode || mode === 'disable' || mode === 'allow' || mode === 'prefer') return false;
  if (mode === 'require') return { rejectUnauthorized: false };
  if (mode === 'verify-ca' || mode === 'verify-full') return { rejectUnauthorized: true };
  throw engineError('CONNECTION_MISSING_PARAMETERS_ERRORS', `sslmode "${mode}" is not one of disable, allow, prefer, require, verify-ca, verify-full.`, {
    invalid: ['query'],
  });
}

/**
 * Startup settings the value conversion relies on (types.server.ts): ISO dates, hex bytea,
 * shortest exact floats; and the standard strings the SQL splitter assumes (the driver pins them
 * again before every statement). Set at startup, so DISCARD ALL on reset returns to them.
 */
const SESSION_OPTIONS = '-c DateStyle=ISO,MDY -c IntervalStyle=postgres -c bytea_output=hex -c extra_float_digits=3 -c standard_conforming_strings=on';

export function clientConfig(params: ConnectionParams, options: ConnectOptions): pg.ClientConfig {
  return {
    host: params.host,
    port: params.port,
    database: params.database,
    user: params.username,
    password: params.password,
    connectionTimeoutMillis: options.connectTimeoutMs,
    keepAlive: true,
    application_name: params.query.application_name ?? 'sightline',
    options: params.query.options ? `${SESSION_OPTIONS} ${params.query.options}` : SESSION_OPTIONS,
    ssl: ssl(params.query.sslmode),
    types: PG_TYPES,
  };
}
