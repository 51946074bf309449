/**
 * A database record in the shape of Superset's `GET /api/v1/database/<id>` result. The URI and
 * the parameters carry the mask wherever a password exists; the secret itself is never read
 * here (no decryption), so nothing this module returns can hold it. The URI and the parameters
 * (host, user, a SQLite file's path on this server) go only to those who may edit the database
 * (canWriteDatabases): everyone else gets the record without them.
 */
import type { Database, User } from '../../../db/index';
import { humanizeDelta } from '~/lib/humanize';
import { readDatabaseExtra } from '~/lib/stored-json/database-extra';
import { canWriteDatabases, requireDatabaseWriter } from '../access/database-access.server';
import type { CurrentUser } from '../auth/current-user.server';
import { person, type PersonRef } from '../lists/people.server';
import { parametersJsonSchema } from '../engines/connection-schema.server';
import { findEngineForUri } from '../engines/registry.server';
import type { Engine } from '../engines/types.server';
import { maskPassword, parseUrl, PASSWORD_MASK } from '../engines/uri.server';
import { backendOf } from './list-databases.server';
import { getDatabase } from './records.server';
import { defaultDriver, engineInformation, type EngineInformation } from './available.server';

export type DatabaseParameters = Record<string, string | number | Record<string, string>>;

export type DatabaseDetail = {
  id: number;
  uuid: string;
  database_name: string;
  sqlalchemy_uri: string;
  backend: string;
  engine: string | null;
  driver: string | null;
  configuration_method: 'sqlalchemy_form' | 'dynamic_form';
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_file_upload: boolean;
  force_ctas_schema: string | null;
  cache_timeout: number | null;
  extra: string;
  impersonate_user: boolean;
  allows_cost_estimate: boolean;
  allows_subquery: boolean;
  allows_virtual_table_explore: boolean;
  disable_data_preview: boolean;
  parameters: DatabaseParameters;
  parameters_schema: Record<string, unknown> | null;
  engine_information: EngineInformation | null;
  is_managed_externally: boolean;
  external_url: null;
  masked_encrypted_extra: null;
  server_cert: null;
  ssh_tunnel: null;
  created_by: PersonRef | null;
  changed_by: PersonRef | null;
  created_on: string;
  changed_on: string;
  created_on_delta_humanized: string | null;
  changed_on_delta_humanized: string | null;
};

/** The connection parameters a URI spells, with any password shown as the mask. */
function parametersOf(engine: Engine | null, uri: string, hasSecret: boolean): DatabaseParameters {
  if (!engine) return {};
  try {
    const params = engine.connection.parseUri(uri);
    const out: DatabaseParameters = { database: params.database, query: params.query };
    if (engine.connection.defaultPort !== null) {
      if (params.host !== undefined) out.host = params.host;
      if (params.port !== undefined) out.port = params.port;
      if (params.username !== undefined) out.username = params.username;
      if (hasSecret || params.password) out.password = PASSWORD_MASK;
    }
    return out;
  } catch {
    return {};
  }
}

function driverOf(engine: Engine | null, uri: string): string | null {
  try {
    return parseUrl(uri).driver ?? (engine ? defaultDriver(engine) : null);
  } catch {
    return engine ? defaultDriver(engine) : null;
  }
}

const loadedUser = (record: Database, name: 'created_by' | 'changed_by') => (record as unknown as Record<string, User | null | undefined>)[name];

/** The fields that spell out the connection: for the database's editors only. */
export type DatabaseForReaders = Omit<DatabaseDetail, 'sqlalchemy_uri' | 'parameters'>;

/**
 * `extra` without `engine_params`: those are connection settings (connect_args may name a
 * certificate file or carry a password), so they go with the URI to editors only.
 */
export function extraForReaders(text: string | null | undefined): string {
  const { engine_params: _connection, ...rest } = readDatabaseExtra(text);
  return JSON.stringify(rest);
}

/** The record as `viewer` may see it: whole for those who may edit databases, without the connection for everyone else. */
export function serializeDatabase(record: Database, viewer: Pick<CurrentUser, 'roles'>): DatabaseDetail | DatabaseForReaders {
  const detail = serializeDatabaseForEditor(record);
  if (canWriteDatabases(viewer)) return detail;
  const { sqlalchemy_uri, parameters, ...forReaders } = detail;
  return { ...forReaders, extra: extraForReaders(record.extra) };
}

/** The whole record, connection included: only for callers that checked can_write on Database (the API's writes, the edit page). */
export function serializeDatabaseForEditor(record: Database): DatabaseDetail {
  const engine = findEngineForUri(record.sqlalchemy_uri);
  const extra = readDatabaseExtra(record.extra);
  const hasSecret = Boolean(record.encrypted_password);
  // Stored URIs already hold the mask; masking again covers rows written by hand or before encryption.
  const uri = maskPassword(record.sqlalchemy_uri);
  return {
    id: record.id,
    uuid: record.uuid,
    database_name: record.database_name,
    sqlalchemy_uri: uri,
    backend: engine?.name ?? backendOf(record.sqlalchemy_uri),
    engine: engine?.name ?? null,
    driver: driverOf(engine, record.sqlalchemy_uri),
    configuration_method: 'sqlalchemy_form',
    expose_in_sqllab: record.expose_in_sqllab,
    allow_run_async: record.allow_run_async,
    allow_dml: record.allow_dml,
    allow_ctas: record.allow_ctas,
    allow_cvas: record.allow_cvas,
    allow_file_upload: record.allow_file_upload,
    force_ctas_schema: record.force_ctas_schema ?? null,
    cache_timeout: record.cache_timeout ?? null,
    extra: record.extra ?? '{}',
    impersonate_user: record.impersonate_user,
    allows_cost_estimate: Boolean(engine?.estimate) && extra.cost_estimate_enabled === true,
    allows_subquery: true,
    allows_virtual_table_explore: extra.allows_virtual_table_explore !== false,
    disable_data_preview: extra.disable_data_preview === true,
    parameters: parametersOf(engine, record.sqlalchemy_uri, hasSecret),
    parameters_schema: engine ? parametersJsonSchema(engine) : null,
    engine_information: engine ? engineInformation(engine) : null,
    is_managed_externally: false,
    external_url: null,
    masked_encrypted_extra: null,
    server_cert: null,
    ssh_tunnel: null,
    created_by: person(loadedUser(record, 'created_by')),
    changed_by: person(loadedUser(record, 'changed_by')),
    created_on: record.created_on.toISOString(),
    changed_on: record.changed_on.toISOString(),
    created_on_delta_humanized: humanizeDelta(record.created_on),
    changed_on_delta_humanized: humanizeDelta(record.changed_on),
  };
}

/** The edit page's database: whole, connection included, for those who may manage connections. */
export async function getDatabaseForEditor(actor: CurrentUser, id: number): Promise<DatabaseDetail> {
  requireDatabaseWriter(actor);
  return serializeDatabaseForEditor(await getDatabase(id));
}
