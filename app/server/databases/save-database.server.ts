/**
 * Creating, editing and deleting databases, for the API and the pages alike. Each function takes
 * the acting user and checks `can_write` on Database itself. Passwords are encrypted before they
 * are stored and the URI keeps only the mask. Each database has its own `database_access`
 * permission (created, renamed and removed with it) so admins can grant it to roles. After an
 * edit or a delete the database's connection pool is closed and its cached metadata dropped.
 */
import { ForeignKeyConstraintError, UniqueConstraintError, type Transaction } from 'sequelize';
import type { Database } from '../../../db/index';
import type { DatabaseCreate, DatabaseUpdate } from '~/lib/database-settings';
import type { DatabaseExtra } from '~/lib/stored-json/database-extra';
import { databasePermissionView, requireDatabaseWriter } from '../access/database-access.server';
import type { CurrentUser } from '../auth/current-user.server';
import { cacheDelete } from '../cache/cache.server';
import { models, store } from '../db.server';
import { closePool } from '../engines/pools.server';
import { resolveConnection, type ResolvedConnection } from './connection.server';
import { UnprocessableError } from '../domain-errors.server';
import { datasetsOf, findDatabaseByName, getDatabase, invalidField, refusedField } from './records.server';
import { encryptSecret } from './secrets.server';

export const DUPLICATE_NAME = 'A database with the same name already exists.';

async function ensureNameFree(name: string, exceptId: number | null) {
  const other = await findDatabaseByName(name);
  if (other && other.id !== exceptId) throw refusedField('database_name', DUPLICATE_NAME);
}

/** The sqlalchemy_uri column's size: PostgreSQL refuses a longer value (SQLite would keep it). */
const MAX_STORED_URI = 1024;

function connectionColumns(conn: ResolvedConnection) {
  // The stored URI is built from parameters, or is the typed one with the password masked, so its
  // length was not checked with the input: a URI that cannot be stored is the caller's to shorten.
  if (conn.storedUri.length > MAX_STORED_URI) {
    const field = conn.method === 'dynamic_form' ? 'parameters' : 'sqlalchemy_uri';
    throw invalidField(field, `The connection URI would be ${conn.storedUri.length} characters (the password counted as the 10-character mask); at most ${MAX_STORED_URI} characters can be stored.`);
  }
  return { sqlalchemy_uri: conn.storedUri, encrypted_password: conn.params.password ? encryptSecret(conn.params.password) : null };
}

const extraText = (extra: DatabaseExtra | undefined) => (extra === undefined ? undefined : JSON.stringify(extra));

/** A race lost to another writer with the same name ends as the same 422 as the check above. */
function duplicateAsInputError(error: unknown): never {
  if (error instanceof UniqueConstraintError) throw refusedField('database_name', DUPLICATE_NAME);
  throw error;
}

async function forgetConnection(id: number) {
  await closePool(id);
  await cacheDelete(`db:${id}:`);
}

/** POST /api/v1/database/ and the add page: `input` is parsed with databaseCreateSchema. */
export async function createDatabase(actor: CurrentUser, input: DatabaseCreate): Promise<Database> {
  requireDatabaseWriter(actor);
  await ensureNameFree(input.database_name, null);
  const columns = connectionColumns(resolveConnection(input, null));
  const { Database, Permission } = models();
  const id = await store()
    .sequelize.transaction(async (transaction) => {
      const record = await Database.create(
        {
          database_name: input.database_name,
          ...columns,
          ...(input.uuid ? { uuid: input.uuid } : {}),
          expose_in_sqllab: input.expose_in_sqllab ?? true,
          allow_run_async: input.allow_run_async ?? false,
          allow_dml: input.allow_dml ?? false,
          allow_ctas: input.allow_ctas ?? false,
          allow_cvas: input.allow_cvas ?? false,
          allow_file_upload: input.allow_file_upload ?? false,
          force_ctas_schema: input.force_ctas_schema || null,
          cache_timeout: input.cache_timeout ?? null,
          extra: extraText(input.extra) ?? '{}',
          impersonate_user: false,
          created_by_fk: actor.id,
          changed_by_fk: actor.id,
        },
        { transaction },
      );
      await Permission.findOrCreate({ where: { permission_name: 'database_access', view_name: databasePermissionView(record) }, transaction });
      return record.id;
    })
    .catch(duplicateAsInputError);
  return getDatabase(id);
}

async function renamePermission(before: string, record: { id: number; database_name: string }, transaction: Transaction) {
  const { Permission } = models();
  const view_name = databasePermissionView(record);
  const old = databasePermissionView({ id: record.id, database_name: before });
  const [updated] = await Permission.update({ view_name }, { where: { permission_name: 'database_access', view_name: old }, transaction });
  if (updated === 0) await Permission.findOrCreate({ where: { permission_name: 'database_access', view_name }, transaction });
}

/** PUT /api/v1/database/<id> and the edit page: `input` is parsed with databaseUpdateSchema; what it lacks stays. */
export async function updateDatabase(actor: CurrentUser, id: number, input: DatabaseUpdate): Promise<Database> {
  requireDatabaseWriter(actor);
  const record = await getDatabase(id);
  const renamed = input.database_name !== undefined && input.database_name !== record.database_name;
  if (renamed) await ensureNameFree(input.database_name!, id);
  const reconnect = input.sqlalchemy_uri !== undefined || input.parameters !== undefined;
  const columns = reconnect ? connectionColumns(resolveConnection(input, record)) : {};
  const before = record.database_name;
  await store()
    .sequelize.transaction(async (transaction) => {
      record.set({
        ...(input.database_name !== undefined ? { database_name: input.database_name } : {}),
        ...columns,
        ...(input.expose_in_sqllab !== undefined ? { expose_in_sqllab: input.expose_in_sqllab } : {}),
        ...(input.allow_run_async !== undefined ? { allow_run_async: input.allow_run_async } : {}),
        ...(input.allow_dml !== undefined ? { allow_dml: input.allow_dml } : {}),
        ...(input.allow_ctas !== undefined ? { allow_ctas: input.allow_ctas } : {}),
        ...(input.allow_cvas !== undefined ? { allow_cvas: input.allow_cvas } : {}),
        ...(input.allow_file_upload !== undefined ? { allow_file_upload: input.allow_file_upload } : {}),
        ...(input.force_ctas_schema !== undefined ? { force_ctas_schema: input.force_ctas_schema || null } : {}),
        ...(input.cache_timeout !== undefined ? { cache_timeout: input.cache_timeout } : {}),
        ...(input.extra !== undefined ? { extra: extraText(input.extra) } : {}),
        changed_by_fk: actor.id,
      });
      await record.save({ transaction });
      if (renamed) await renamePermission(before, record, transaction);
    })
    .catch(duplicateAsInputError);
  await forgetConnection(id);
  return getDatabase(id);
}

/** A delete while datasets use the database: 422 `{message}` naming them. */
function refusal(datasets: { table_name: string; schema: string | null }[]): UnprocessableError {
  const names = datasets.map((d) => (d.schema ? `${d.schema}.${d.table_name}` : d.table_name)).join(', ');
  return new UnprocessableError(`Cannot delete a database that has datasets attached: ${names}. Delete those datasets first.`);
}

/** Deletes the database (and, by the foreign key, its saved queries); refused while datasets use it. */
export async function deleteDatabase(actor: CurrentUser, id: number): Promise<{ id: number; database_name: string }> {
  requireDatabaseWriter(actor);
  const record = await getDatabase(id);
  const datasets = await datasetsOf(id);
  if (datasets.length > 0) throw refusal(datasets);
  const { Permission } = models();
  try {
    await store().sequelize.transaction(async (transaction) => {
      await Permission.destroy({ where: { permission_name: 'database_access', view_name: databasePermissionView(record) }, transaction });
      await record.destroy({ transaction });
    });
  } catch (error) {
    // A dataset created between the check and the delete: the foreign key refuses, say so the same way.
    if (error instanceof ForeignKeyConstraintError) throw refusal(await datasetsOf(id));
    throw error;
  }
  await forgetConnection(id);
  return { id, database_name: record.database_name };
}
