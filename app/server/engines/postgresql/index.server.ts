/** The PostgreSQL engine: its parts, put together for the registry. */
import type { Engine } from '../types.server';
import { buildPostgresUri, parsePostgresUri, POSTGRES_DEFAULT_PORT, POSTGRES_SCHEMES, PostgresParametersSchema } from './connection.server';
import { postgresCsvCopy } from './copy.server';
import { postgresDialect } from './dialect.server';
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
  },
  dialect: postgresDialect,
  connect: connectPostgres,
  cancelByKey: cancelPostgresBackend,
  introspector: postgresIntrospector,
  estimate: estimatePostgres,
  typeGeneric: pgTypeGeneric,
  mapError: mapPostgresError,
  maxConnections: 5,
  copyCsv: postgresCsvCopy,
};
