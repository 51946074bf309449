/**
 * The data a user's roles reach, resolved against the metadata store so lists can filter in SQL:
 * which databases they may open (database_access), which schemas (schema_access), which single
 * datasets (datasource_access), or everything (Admin, all_database_access, all_datasource_access).
 * It trusts nothing in a permission's view name but an exact match: each grant is checked by
 * spelling the current name of the database, schema or dataset the way the one access rule does
 * (database-access.server.ts; the schema and dataset spellings below, which datasets/access.server.ts
 * uses too) and comparing, so a stale grant (renamed object, another id) opens nothing and lists
 * agree with what opening the object by id allows.
 */
import { Op } from 'sequelize';
import { hasPermission, isAdmin, type PermissionPair } from '~/lib/permissions';
import type { CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { canAccessDatabase, type DatabaseRef } from './database-access.server';

export type DatasetRef = { id: number; table_name: string; schema: string | null; database: DatabaseRef };

/** The view name of a dataset's `datasource_access`, as Superset spells it: `[examples].[birth_names](id:3)`. */
export function datasetPermissionView(d: DatasetRef): string {
  return `[${d.database.database_name}].[${d.table_name}](id:${d.id})`;
}

/** The view name of a schema's `schema_access`: `[examples].[main]`. */
export function schemaPermissionView(db: DatabaseRef, schema: string): string {
  return `[${db.database_name}].[${schema}]`;
}

export type DataGrants = {
  /** Every database (Admin, all_database_access): Superset's can_access_all_databases. */
  allDatabases: boolean;
  /** Every dataset: the above, or all_datasource_access. */
  allDatasets: boolean;
  /** Databases opened as a whole by database_access. */
  databaseIds: number[];
  /** Schemas opened by schema_access, with their database. */
  schemas: { databaseId: number; schema: string }[];
  /** Datasets opened one by one by datasource_access, with their database. */
  datasets: { id: number; databaseId: number }[];
};

type Roles = Pick<CurrentUser, 'roles'>;

/** The view names of every `permission` pair the user holds, in any role. */
function viewsOf(user: Roles, permission: string): Set<string> {
  const pairs: PermissionPair[] = Object.values(user.roles).flat();
  return new Set(pairs.filter(([p]) => p === permission).map(([, view]) => view));
}

/** The id a `…(id:N)` view name ends with; the rest of the name is checked against the object. */
function trailingId(view: string): number | null {
  const match = /\(id:(\d{1,15})\)$/.exec(view);
  return match ? Number(match[1]) : null;
}

export function canAccessAllDatabases(user: Roles): boolean {
  return isAdmin(user.roles) || hasPermission(user.roles, 'all_database_access', 'all_database_access');
}

export function canAccessAllDatasets(user: Roles): boolean {
  return canAccessAllDatabases(user) || hasPermission(user.roles, 'all_datasource_access', 'all_datasource_access');
}

export async function resolveDataGrants(user: Roles): Promise<DataGrants> {
  const grants: DataGrants = {
    allDatabases: canAccessAllDatabases(user),
    allDatasets: canAccessAllDatasets(user),
    databaseIds: [],
    schemas: [],
    datasets: [],
  };
  if (grants.allDatabases) return grants;
  const { Database, Dataset } = models();

  const schemaViews = viewsOf(user, 'schema_access');
  if (viewsOf(user, 'database_access').size > 0 || schemaViews.size > 0) {
    // Few rows (databases are registered by hand); reading them all lets the one rule decide.
    const databases = await Database.findAll({ attributes: ['id', 'database_name'] });
    grants.databaseIds = databases.filter((d) => canAccessDatabase(user, d)).map((d) => d.id);
    for (const view of schemaViews) {
      for (const d of databases) {
        const prefix = `[${d.database_name}].[`;
        if (!view.startsWith(prefix) || !view.endsWith(']')) continue;
        const schema = view.slice(prefix.length, -1);
        if (schemaPermissionView(d, schema) === view) grants.schemas.push({ databaseId: d.id, schema });
      }
    }
  }

  const datasetViews = viewsOf(user, 'datasource_access');
  const candidates = [...datasetViews].map(trailingId).filter((id): id is number => id !== null);
  if (candidates.length > 0) {
    const datasets = await Dataset.findAll({
      where: { id: { [Op.in]: [...new Set(candidates)] } },
      attributes: ['id', 'table_name', 'schema', 'database_id'],
      include: [{ model: Database, as: 'database', attributes: ['id', 'database_name'] }],
    });
    grants.datasets = datasets
      .filter((d) => d.database && datasetViews.has(datasetPermissionView({ id: d.id, table_name: d.table_name, schema: d.schema, database: d.database })))
      .map((d) => ({ id: d.id, databaseId: d.database_id }));
  }
  return grants;
}

/**
 * Superset's DatabaseFilter: the databases a user may open, or has a schema or a dataset in.
 * `null` means all of them.
 */
export function visibleDatabaseIds(grants: DataGrants): number[] | null {
  if (grants.allDatabases) return null;
  return [...new Set([...grants.databaseIds, ...grants.schemas.map((s) => s.databaseId), ...grants.datasets.map((d) => d.databaseId)])];
}
