/**
 * Sharing a query: the SQL Lab permalink (`/api/v1/sqllab/permalink`, the current form) and the
 * legacy key-value share (`/kv/store/`, `/kv/{id}`) older editors call, both kept by the one
 * key-value store (app/server/key-value) in their own namespaces: whoever has the link may open
 * it, after logging in. Sharing hands over text only; running it still needs access to the
 * database. Permissions: can_write / can_read on SqlLabPermalinkRestApi, for both forms.
 */
import { permalinkPaths } from '~/lib/key-value/keys';
import type { SharedQuery, SqlLabPermalinkState } from '~/lib/sqllab/state-schemas';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { SQLLAB_PERMALINKS, SQLLAB_SHARES } from '../key-value/namespaces.server';
import { readValue, storeValue } from '../key-value/store.server';

const VIEW = 'SqlLabPermalinkRestApi';

/** `POST /api/v1/sqllab/permalink`: `{key, url}` where url is `<origin>/sqllab/p/<key>`. */
export async function createPermalink(user: CurrentUser, state: SqlLabPermalinkState, origin: string): Promise<{ key: string; url: string }> {
  requirePermission(user, 'can_write', VIEW);
  const key = await storeValue(SQLLAB_PERMALINKS, user, state);
  return { key, url: `${origin}${permalinkPaths.sqllab(key)}` };
}

/** `GET /api/v1/sqllab/permalink/{key}`: the stored state (Superset answers its fields at the top level). */
export async function getPermalink(user: CurrentUser, key: string | undefined): Promise<SqlLabPermalinkState> {
  requirePermission(user, 'can_read', VIEW);
  return (await readValue(SQLLAB_PERMALINKS, key)).value;
}

/** `POST /kv/store/`: `{id}`, the key to open the share by. */
export async function storeSharedQuery(user: CurrentUser, shared: SharedQuery): Promise<{ id: string }> {
  requirePermission(user, 'can_write', VIEW);
  return { id: await storeValue(SQLLAB_SHARES, user, shared) };
}

/** `GET /kv/{id}`: the shared query's record. */
export async function getSharedQuery(user: CurrentUser, key: string | undefined): Promise<SharedQuery> {
  requirePermission(user, 'can_read', VIEW);
  return (await readValue(SQLLAB_SHARES, key)).value;
}
