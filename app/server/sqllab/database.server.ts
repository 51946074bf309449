/**
 * The database a SQL Lab request runs on, after the checks every SQL Lab endpoint shares: it
 * exists (404), the user may reach into it (app/server/access/database-access.server.ts, 403),
 * and, for running SQL, it is exposed in SQL Lab (403). Its connection target (with the decrypted
 * password) goes to the engines only.
 */
import type { Database } from '../../../db/index';
import { requireDatabaseAccess } from '../access/database-access.server';
import type { CurrentUser } from '../auth/current-user.server';
import { connectionTarget } from '../databases/records.server';
import { models } from '../db.server';
import type { ConnectionTarget } from '../engines/pools.server';
import { engineForUri } from '../engines/registry.server';
import type { Engine } from '../engines/types.server';
import { ForbiddenError, NotFoundError } from '../domain-errors.server';

export interface SqlLabDatabase {
  record: Database;
  engine: Engine;
  target: ConnectionTarget;
}

/** The engine and connection of a record, without permission checks (workers re-run what was allowed). */
export function connectionOf(record: Database): SqlLabDatabase {
  return { record, engine: engineForUri(record.sqlalchemy_uri), target: connectionTarget(record) };
}

export async function getSqlLabDatabase(user: CurrentUser, databaseId: number, opts: { requireExposed?: boolean } = {}): Promise<SqlLabDatabase> {
  const record = await models().Database.findByPk(databaseId);
  if (!record) throw new NotFoundError(`There is no database with id ${databaseId}.`);
  requireDatabaseAccess(user, record);
  if (opts.requireExposed !== false && !record.expose_in_sqllab) {
    throw new ForbiddenError(`The database "${record.database_name}" is not exposed in SQL Lab. An admin can change that in the database's settings.`);
  }
  return connectionOf(record);
}
