/**
 * `POST /api/v1/query/stop {client_id}`: marks the query stopped and stops its statement in the
 * engine, from whichever process gets the request. The record moves first (so the run, wherever
 * it is, keeps `stopped` whatever it finishes with); then the engine is reached: through the
 * run's AbortController when it runs in this process, else through the engine's cancel with the
 * key the run recorded. Should that miss, the run's heartbeat sees `stopped` and aborts within
 * seconds. A query that already finished is left as it is, and that is no error (Superset answers OK).
 */
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { cancelQuery } from '../engines/execute.server';
import { NotFoundError } from '../domain-errors.server';
import { connectionOf } from './database.server';
import { requireQueryAccess } from '../access/query-access.server';
import { findQueryByClientId, markStopped } from './query-record.server';
import { abortLocalQuery } from './runner.server';

const CANCEL_DEADLINE_MS = 5_000;

async function cancelInEngine(databaseId: number, cancelKey: string): Promise<void> {
  const database = await models().Database.findByPk(databaseId);
  if (!database) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CANCEL_DEADLINE_MS);
  });
  try {
    await Promise.race([cancelQuery(connectionOf(database).target, cancelKey), deadline]);
  } catch (error) {
    // The record says stopped; the run's heartbeat will stop it even if this cancel failed.
    console.error('sightline: cancelling a query in its database failed', error);
  } finally {
    clearTimeout(timer);
  }
}

export async function stopQuery(user: CurrentUser, clientId: string): Promise<void> {
  requirePermission(user, 'can_read', 'Query');
  const query = await findQueryByClientId(clientId);
  if (!query) throw new NotFoundError(`There is no query with client_id "${clientId}".`);
  requireQueryAccess(user, query);
  if (!(await markStopped(query.id))) return;
  if (!abortLocalQuery(query.client_id)) {
    // Read after the stop: a key recorded since the first read is seen; one recorded later is refused (not running).
    const key = (await models().Query.findByPk(query.id, { attributes: ['cancel_key'] }))?.cancel_key ?? null;
    if (key) await cancelInEngine(query.database_id, key);
  }
}
