/** The SQLite engine: its parts, put together for the registry. */
import { sqliteDialect } from '~/lib/sql/dialects/sqlite';
import type { Engine } from '../types.server';
import { buildSqliteUri, parseSqliteUri, SQLITE_SCHEMES, sqliteFile, SqliteParametersSchema } from './connection.server';
import { connectSqlite, interruptSqlite } from './driver.server';
import { mapSqliteError } from './errors.server';
import { sqliteFileRefusal } from './file-policy.server';
import { sqliteIntrospector } from './introspect.server';
import { sqliteTypeGeneric } from './types.server';

export const sqliteEngine: Engine = {
  name: 'sqlite',
  label: 'SQLite',
  schemes: SQLITE_SCHEMES,
  connection: {
    schema: SqliteParametersSchema,
    secretFields: [],
    defaultPort: null,
    parseUri: parseSqliteUri,
    buildUri: buildSqliteUri,
    driver: 'sqlite3',
    uriPlaceholder: 'sqlite:////absolute/path/to/file.db',
    refusal: (params) => sqliteFileRefusal(sqliteFile(params)),
  },
  dialect: sqliteDialect,
  connect: connectSqlite,
  cancelByKey: interruptSqlite,
  introspector: sqliteIntrospector,
  // EXPLAIN QUERY PLAN has no costs to show.
  estimate: null,
  typeGeneric: sqliteTypeGeneric,
  mapError: mapSqliteError,
  // Each running statement holds one of libuv's four worker threads (also used for DNS and files).
  maxConnections: 2,
};
