/** The PostgreSQL engine: its parts, put together for the registry. */
import { postgresqlDialect } from '~/lib/sql/dialects/postgresql';
import type { Engine } from '../types.server';
import { buildPostgresUri, parsePostgresUri, POSTGRES_DEFAULT_PORT, POSTGRES_SCHEMES, PostgresParametersSchema } from './connection.server';
import { postgresCsvCopy } from './copy.server';
import { cancelPostgresBackend, connectPostgres } from './driver.server';
import { mapPostgresError } from './errors.server';
import { estimatePostgres } from './estimate.server';
import { postgresIntrospector } from './introspect.server';
import { pgTypeGeneric } from './types.server';

export const postgresqlEngine: Engine = {
  name: 'postgresql',
  label: 'PostgreSQL',
  schemes: POSTGRES_SCHEMES,
  connection: {
    schema: PostgresParametersSchema,
    secretFields: ['password'],
    defaultPort: POSTGRES_DEFAULT_PORT,
    parseUri: parsePostgresUri,
    buildUri: buildPostgresUri,
    driver: 'pg',
    uriPlaceholder: 'postgresql://user:password@host:port/dbname[?key=value&key=value...]',
  },
  dialect: postgresqlDialect,
  connect: connectPostgres,
  cancelByKey: cancelPostgresBackend,
  introspector: postgresIntrospector,
  estimate: estimatePostgres,
  typeGeneric: pgTypeGeneric,
  mapError: mapPostgresError,
  maxConnections: 5,
  copyCsv: postgresCsvCopy,
};
