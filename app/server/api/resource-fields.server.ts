/**
 * Fields shared by the resource definitions: audit columns (who and when), owners, and the
 * person shape Superset answers for a user ({id, first_name, last_name}, never more).
 */
import type { Model } from 'sequelize';
import type { User } from '../../../db/index';
import { humanizeDelta } from './humanize.server';
import type { FieldDef } from './resource-types.server';

export type PersonRef = { id: number; first_name: string; last_name: string };

type Audited = Model & { created_on: Date; changed_on: Date };

/**
 * A loaded association by name. Every audited model has created_by and changed_by (see
 * db/models/assets.ts) but not every model class declares them in its type.
 */
export function loaded<T>(row: Model, name: string): T | undefined {
  return (row as unknown as Record<string, T | undefined>)[name];
}

export function person(user: User | null | undefined): PersonRef | null {
  return user ? { id: user.id, first_name: user.first_name, last_name: user.last_name } : null;
}

/** "First Last", or the username when the user gave no name. */
export function personText(user: Pick<User, 'username' | 'first_name' | 'last_name'> | null | undefined): string | null {
  if (!user) return null;
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function auditFields<M extends Audited>(): Record<string, FieldDef<M>> {
  return {
    changed_on: { get: (r) => iso(r.changed_on) },
    changed_on_utc: { get: (r) => iso(r.changed_on) },
    changed_on_delta_humanized: { get: (r) => humanizeDelta(r.changed_on), label: 'Modified' },
    created_on: { get: (r) => iso(r.created_on) },
    created_on_delta_humanized: { get: (r) => humanizeDelta(r.created_on), label: 'Created' },
    changed_by: { get: (r) => person(loaded<User | null>(r, 'changed_by')), needs: 'changed_by', label: 'Modified by' },
    changed_by_name: { get: (r) => personText(loaded<User | null>(r, 'changed_by')), needs: 'changed_by', label: 'Modified by' },
    created_by: { get: (r) => person(loaded<User | null>(r, 'created_by')), needs: 'created_by', label: 'Created by' },
    created_by_name: { get: (r) => personText(loaded<User | null>(r, 'created_by')), needs: 'created_by', label: 'Created by' },
  };
}

export function ownersField<M extends Model>(): FieldDef<M> {
  return { get: (r) => (loaded<User[]>(r, 'owners') ?? []).map(person), needs: 'owners', label: 'Owners' };
}

/** Column name → header, as Flask-AppBuilder derives it: "changed_by.first_name" → "Changed By First Name". */
export function defaultLabel(column: string): string {
  return column
    .split(/[._]/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/** The order columns every audited resource allows. */
export const AUDIT_ORDER = {
  changed_on: { column: 'changed_on' },
  changed_on_delta_humanized: { column: 'changed_on' },
  'changed_by.first_name': { column: 'first_name', relation: 'changed_by', text: true },
  'created_by.first_name': { column: 'first_name', relation: 'created_by', text: true },
} as const;
