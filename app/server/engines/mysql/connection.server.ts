/**
 * MySQL and MariaDB connection parameters: URIs `mysql://`, `mysql+mysqldb://`, `mysql+pymysql://`,
 * `mariadb://` (any `+driver` suffix) and the mysql2 options they become. Supported query
 * parameters: charset, ssl (true/false). Others are kept in the URI but not used.
 */
import type { ConnectionOptions } from 'mysql2';
import { engineError } from '../errors.server';
import { networkParametersSchema } from '../connection-schema.server';
import { buildUrl, parseUrl } from '../uri.server';
import type { ConnectionParams, ConnectOptions } from '../types.server';

export const MYSQL_SCHEMES = ['mysql', 'mariadb'] as const;
export const MYSQL_DEFAULT_PORT = 3306;

export const MysqlParametersSchema = networkParametersSchema({
  defaultPort: MYSQL_DEFAULT_PORT,
  databaseRequired: false,
  queryHelp: 'Additional parameters: charset (default utf8mb4), ssl (true to require TLS)',
});

export function parseMysqlUri(uri: string): ConnectionParams {
  const url = parseUrl(uri);
  if (!(MYSQL_SCHEMES as readonly string[]).includes(url.scheme)) {
    throw engineError('CONNECTION_MISSING_PARAMETERS_ERRORS', `"${url.scheme}" is not a MySQL or MariaDB URI scheme.`, { invalid: ['sqlalchemy_uri'] });
  }
  return {
    engine: 'mysql',
    host: url.host ?? 'localhost',
    port: url.port ?? MYSQL_DEFAULT_PORT,
    database: url.database,
    username: url.username,
    password: url.password,
    query: url.query,
  };
}

export function buildMysqlUri(params: ConnectionParams): string {
  return buildUrl({ scheme: 'mysql', ...params });
}

/**
 * Options the value conversion (types.server.ts) relies on: dates and JSON as the server's
 * text, big integers as strings only when a double cannot hold them, DECIMAL always as text.
 */
export function connectionOptions(params: ConnectionParams, options: ConnectOptions): ConnectionOptions {
  const ssl = params.query.ssl;
  return {
    host: params.host,
    port: params.port,
    user: params.username,
    password: params.password,
    database: params.database || undefined,
    connectTimeout: options.connectTimeoutMs,
    charset: params.query.charset ?? 'utf8mb4',
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: false,
    dateStrings: true,
    jsonStrings: true,
    rowsAsArray: true,
    multipleStatements: false,
    enableKeepAlive: true,
    ssl: ssl === 'true' || ssl === '1' ? {} : undefined,
  };
}
