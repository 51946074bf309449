/** The MySQL engine (MySQL and MariaDB): its parts, put together for the registry. */
import { mysqlDialect } from '~/lib/sql/dialects/mysql';
import type { Engine } from '../types.server';
import { buildMysqlUri, MYSQL_DEFAULT_PORT, MYSQL_SCHEMES, MysqlParametersSchema, parseMysqlUri } from './connection.server';
import { connectMysql, killMysqlQuery } from './driver.server';
import { mapMysqlError } from './errors.server';
import { estimateMysql } from './estimate.server';
import { mysqlIntrospector } from './introspect.server';
import { mysqlTypeGeneric } from './types.server';

export const mysqlEngine: Engine = {
  name: 'mysql',
  label: 'MySQL',
  schemes: MYSQL_SCHEMES,
  connection: {
    schema: MysqlParametersSchema,
    secretFields: ['password'],
    defaultPort: MYSQL_DEFAULT_PORT,
    parseUri: parseMysqlUri,
    buildUri: buildMysqlUri,
    driver: 'mysql2',
    uriPlaceholder: 'mysql://user:password@host:port/dbname[?key=value&key=value...]',
  },
  dialect: mysqlDialect,
  connect: connectMysql,
  cancelByKey: killMysqlQuery,
  introspector: mysqlIntrospector,
  estimate: estimateMysql,
  typeGeneric: mysqlTypeGeneric,
  mapError: mapMysqlError,
  maxConnections: 5,
};
