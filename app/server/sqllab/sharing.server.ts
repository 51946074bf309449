/**
 * Sharing a query: the SQL Lab permalink (`/api/v1/sqllab/permalink`, the current form) and the
 * legacy key-value share (`/kv/store/`, `/kv/{id}`) older editors call. Both keep the editor's
 * state (database, name, schema, SQL, template parameters, autorun) in key_value under a random
 * 128-bit key, never a guessable row id: whoever has the link may open it, after logging in.
 * Sharing hands over text only; running it still needs access to the database.
 * Permissions: can_write / can_read on SqlLabPermalinkRestApi, for both forms.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { JsonTextError, parseJsonText } from '~/lib/safe-json';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { httpError } from '../http.server';
import { fieldError, idLike, MISSING, optionalText, parseFields, requiredText } from './requests.server';

const VIEW = 'SqlLabPermalinkRestApi';
export const PERMALINK_RESOURCE = 'sqllab_permalink';
export const KV_SHARE_RESOURCE = 'kv_share';
/** A shared query is one editor's state; this keeps a single share from filling the store. */
const MAX_STATE_CHARS = 1024 * 1024;
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const templateParams = z.union([z.string(), z.record(z.string(), z.unknown())], { error: 'Must be a JSON object or its JSON text.' }).nullish();

/** SqlLabPermalinkSchema: dbId, name and sql are required. */
const PermalinkStateSchema = z.object({
  dbId: z.number({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid integer.') }).int('Not a valid integer.').positive('Must be a positive id.'),
  name: requiredText(256),
  sql: requiredText(MAX_STATE_CHARS),
  schema: optionalText(256),
  catalog: optionalText(256),
  autorun: z.boolean({ error: 'Not a valid boolean.' }).optional(),
  templateParams,
});

/** The legacy share's record (sql-lab.md §3, "Shared query"): what the editor posts, dbId possibly as text. */
const SharedQuerySchema = z.object({
  dbId: idLike,
  sql: requiredText(MAX_STATE_CHARS),
  name: optionalText(256),
  schema: optionalText(256),
  catalog: optionalText(256),
  autorun: z.boolean({ error: 'Not a valid boolean.' }).nullish(),
  templateParams,
});

const newKey = () => crypto.randomBytes(16).toString('base64url');

async function store(user: CurrentUser, resource: string, state: Record<string, unknown>): Promise<string> {
  const value = JSON.stringify(state);
  if (value.length > MAX_STATE_CHARS) throw httpError(400, `The shared query is too large (at most ${MAX_STATE_CHARS} characters).`);
  const key = newKey();
  await models().KeyValue.create({ uuid: key, resource, value, created_by_fk: user.id, changed_by_fk: user.id });
  return key;
}

async function load(resource: string, key: string | undefined): Promise<Record<string, unknown>> {
  const missing = () => httpError(404, 'There is no shared query with this key; the link may be incomplete or the share deleted.');
  if (!key || !KEY_PATTERN.test(key)) throw missing();
  const row = await models().KeyValue.findOne({ where: { uuid: key, resource } });
  if (!row || (row.expires_on && row.expires_on.getTime() <= Date.now())) throw missing();
  try {
    return JSON.parse(row.value) as Record<string, unknown>;
  } catch {
    throw missing();
  }
}

/** `POST /api/v1/sqllab/permalink`: `{key, url}` where url is `<origin>/sqllab/p/<key>`. */
export async function createPermalink(user: CurrentUser, body: unknown, origin: string): Promise<{ key: string; url: string }> {
  requirePermission(user, 'can_write', VIEW);
  const state = parseFields(PermalinkStateSchema, body);
  const key = await store(user, PERMALINK_RESOURCE, dropUndefined(state));
  return { key, url: `${origin}/sqllab/p/${key}` };
}

/** `GET /api/v1/sqllab/permalink/{key}`: the stored state (Superset answers its fields at the top level). */
export async function getPermalink(user: CurrentUser, key: string | undefined): Promise<Record<string, unknown>> {
  requirePermission(user, 'can_read', VIEW);
  return load(PERMALINK_RESOURCE, key);
}

/** `POST /kv/store/` with `data` = the shared query's JSON text: `{id}`, the key to open it by. */
export async function storeSharedQuery(user: CurrentUser, fields: Record<string, unknown>): Promise<{ id: string }> {
  requirePermission(user, 'can_write', VIEW);
  const raw = fields.data;
  if (raw === undefined) throw fieldError(400, { data: [MISSING] });
  let data: unknown = raw;
  if (typeof raw === 'string') {
    try {
      data = parseJsonText(raw);
    } catch (error) {
      if (!(error instanceof JsonTextError)) throw error;
      throw fieldError(400, { data: [error.problem === 'syntax' ? 'Not valid JSON.' : error.message] });
    }
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw fieldError(400, { data: ['Must be a JSON object.'] });
  const shared = parseFields(SharedQuerySchema, data);
  return { id: await store(user, KV_SHARE_RESOURCE, dropUndefined(shared)) };
}

/** `GET /kv/{id}`: the shared query's record. */
export async function getSharedQuery(user: CurrentUser, key: string | undefined): Promise<Record<string, unknown>> {
  requirePermission(user, 'can_read', VIEW);
  return load(KV_SHARE_RESOURCE, key);
}

function dropUndefined<T extends Record<string, unknown>>(value: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
