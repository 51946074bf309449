/**
 * The one key-value store: state that links carry (SQL Lab shares and permalinks now; Explore
 * form data, Explore and dashboard permalinks and dashboard filter state next) kept in key_value
 * under a random key (app/lib/key-value/keys.ts). A namespace (namespaces.server.ts) says which
 * rows are its own (`resource`), what a value is (a zod schema, applied when stored and when read
 * back), how long a value lives, and, for state tied to an object, which object.
 * Trusts nothing: a key of the wrong shape, another namespace's key, an expired value, a value
 * that no longer parses, or one of another object all answer the same 404. Only the owner (who
 * stored it) may change or delete a value; anyone holding the key may read it, so callers check
 * the permission to read before asking.
 */
import crypto from 'node:crypto';
import { Op, UniqueConstraintError } from 'sequelize';
import type { z } from 'zod';
import { isValueKey } from '~/lib/key-value/keys';
import type { KeyValue } from '../../../db/index';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../domain-errors.server';
import { models } from '../db.server';

export interface Namespace<S extends z.ZodType = z.ZodType> {
  /** key_value.resource (at most 32 characters): tells this namespace's rows from the others'. */
  readonly resource: string;
  /** What a value is. */
  readonly state: S;
  /** How long a value lives after it was stored or last changed; null for ever. */
  readonly ttlMs: number | null;
  /** Named in messages: "shared query", "permalink". */
  readonly noun: string;
  /** The largest value's JSON, in characters. */
  readonly maxChars: number;
  /** For state tied to an object (a dashboard's filter state): which object a value belongs to. */
  readonly scopeOf?: (state: z.output<S>) => number;
}

export function defineNamespace<S extends z.ZodType>(namespace: Namespace<S>): Namespace<S> {
  if (namespace.resource.length > 32) throw new Error(`key_value.resource holds 32 characters: ${namespace.resource}`);
  return namespace;
}

/** Who stores or changes a value: its owner is whoever stored it. */
export type Actor = { id: number };

export type StoredValue<T> = { key: string; value: T; ownerId: number | null; expiresOn: Date | null };

/** 128 random bits; the unique index on uuid refuses the (never expected) collision. */
export const newValueKey = () => crypto.randomBytes(16).toString('base64url');

const missing = (ns: Namespace) => new NotFoundError(`There is no ${ns.noun} with this key; the link may be incomplete, expired or deleted.`);

function expiry(ns: Namespace, now: Date): Date | null {
  return ns.ttlMs === null ? null : new Date(now.getTime() + ns.ttlMs);
}

function serialise<S extends z.ZodType>(ns: Namespace<S>, value: z.output<S>): string {
  const text = JSON.stringify(value);
  if (text.length > ns.maxChars) throw new InvalidInputError(`The ${ns.noun} is too large (at most ${ns.maxChars} characters).`);
  return text;
}

/** The value's row and parsed state, or 404 (unknown, other namespace, expired, unreadable, other object). */
async function find<S extends z.ZodType>(ns: Namespace<S>, key: string | undefined, opts: { scope?: number; now?: Date }): Promise<{ row: KeyValue; value: z.output<S> }> {
  if (!isValueKey(key)) throw missing(ns);
  const now = opts.now ?? new Date();
  const row = await models().KeyValue.findOne({ where: { uuid: key, resource: ns.resource } });
  if (!row || (row.expires_on && row.expires_on.getTime() <= now.getTime())) throw missing(ns);
  let raw: unknown;
  try {
    raw = JSON.parse(row.value);
  } catch {
    throw missing(ns);
  }
  const parsed = ns.state.safeParse(raw);
  if (!parsed.success) throw missing(ns);
  if (opts.scope !== undefined && ns.scopeOf?.(parsed.data) !== opts.scope) throw missing(ns);
  return { row, value: parsed.data };
}

/** Stores a value the caller has parsed with the namespace's schema; answers its new key. */
export async function storeValue<S extends z.ZodType>(ns: Namespace<S>, owner: Actor, value: z.output<S>, now = new Date()): Promise<string> {
  const text = serialise(ns, value);
  const key = newValueKey();
  await models().KeyValue.create({ uuid: key, resource: ns.resource, value: text, created_by_fk: owner.id, changed_by_fk: owner.id, expires_on: expiry(ns, now) });
  return key;
}

/**
 * Stores a value under a key the caller derived from it (a permalink keyed by user and state, as
 * Superset's get_deterministic_uuid): storing it again is a no-op, and two identical requests
 * racing meet at the unique index on uuid. A row that no longer parses (an older format) is rewritten.
 */
export async function storeValueAt<S extends z.ZodType>(ns: Namespace<S>, key: string, owner: Actor, value: z.output<S>, now = new Date()): Promise<void> {
  if (!isValueKey(key)) throw new Error("storeValueAt: the key must have the store's format");
  const text = serialise(ns, value);
  const { KeyValue } = models();
  const existing = await KeyValue.findOne({ where: { uuid: key, resource: ns.resource } });
  if (existing) {
    let parses = false;
    try {
      parses = ns.state.safeParse(JSON.parse(existing.value)).success;
    } catch {
      parses = false;
    }
    if (!parses) await existing.update({ value: text, changed_by_fk: owner.id, expires_on: expiry(ns, now) });
    return;
  }
  try {
    await KeyValue.create({ uuid: key, resource: ns.resource, value: text, created_by_fk: owner.id, changed_by_fk: owner.id, expires_on: expiry(ns, now) });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
  }
}

/** The value under the key in this namespace (and of this object, with `scope`), or 404. */
export async function readValue<S extends z.ZodType>(ns: Namespace<S>, key: string | undefined, opts: { scope?: number; now?: Date } = {}): Promise<StoredValue<z.output<S>>> {
  const { row, value } = await find(ns, key, opts);
  return { key: row.uuid, value, ownerId: row.created_by_fk, expiresOn: row.expires_on };
}

function requireOwner(ns: Namespace, row: KeyValue, actor: Actor): void {
  if (row.created_by_fk !== actor.id) throw new ForbiddenError(`Only whoever stored this ${ns.noun} may change or delete it.`);
}

/** Replaces the owner's value; its life starts again. Someone else's is a 403. */
export async function updateValue<S extends z.ZodType>(ns: Namespace<S>, key: string | undefined, actor: Actor, value: z.output<S>, opts: { scope?: number; now?: Date } = {}): Promise<void> {
  const { row } = await find(ns, key, opts);
  requireOwner(ns, row, actor);
  await row.update({ value: serialise(ns, value), changed_by_fk: actor.id, expires_on: expiry(ns, opts.now ?? new Date()) });
}

/** Deletes the owner's value. Someone else's is a 403. */
export async function deleteValue(ns: Namespace, key: string | undefined, actor: Actor, opts: { scope?: number; now?: Date } = {}): Promise<void> {
  const { row } = await find(ns, key, opts);
  requireOwner(ns, row, actor);
  await row.destroy();
}

/** Housekeeping: removes every expired value (reads already ignore them); answers how many. */
export function deleteExpiredValues(now = new Date()): Promise<number> {
  return models().KeyValue.destroy({ where: { expires_on: { [Op.lte]: now } } });
}
