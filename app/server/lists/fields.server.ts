/**
 * Fields shared by the resource definitions: audit columns (who and when) and owners, each
 * person in Superset's shape ({id, first_name, last_name}, never more; people.server.ts).
 */
import type { Model } from 'sequelize';
import { humanizeDelta } from '~/lib/humanize';
import type { User } from '../../../db/index';
import { toOneFilters } from './filters.server';
import { person, personName } from './people.server';
import type { FieldDef } from './resource-types.server';

type Audited = Model & { created_on: Date; changed_on: Date };

/**
 * A loaded association by name. Every audited model has created_by and changed_by (see
 * db/models/assets.ts) but not every model class declares them in its type.
 */
export function loaded<T>(row: Model, name: string): T | undefined {
  return (row as unknown as Record<string, T | undefined>)[name];
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
    changed_by_name: { get: (r) => personName(loaded<User | null>(r, 'changed_by')), needs: 'changed_by', label: 'Modified by' },
    created_by: { get: (r) => person(loaded<User | null>(r, 'created_by')), needs: 'created_by', label: 'Created by' },
    created_by_name: { get: (r) => personName(loaded<User | null>(r, 'created_by')), needs: 'created_by', label: 'Created by' },
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

/** The audit columns a list answers by default. */
export const AUDIT_LIST_COLUMNS = [
  'changed_on_delta_humanized', 'changed_on_utc', 'changed_by.id', 'changed_by.first_name', 'changed_by.last_name', 'changed_by_name',
  'created_by.id', 'created_by.first_name', 'created_by.last_name', 'created_on_delta_humanized',
];
export const OWNER_COLUMNS = ['owners.id', 'owners.first_name', 'owners.last_name'];

/** Who created or last changed it: the filters every audited resource allows. */
export const auditSearch = { created_by: toOneFilters('created_by_fk'), changed_by: toOneFilters('changed_by_fk') };
