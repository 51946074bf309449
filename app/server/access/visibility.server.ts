/**
 * Which rows of each object type a user may see, as Sequelize where clauses: the one table every
 * list reads. The list engine (app/server/lists/engine.server.ts), serving the generic API (list,
 * count, `related`, `distinct`, favourites) and the pages' lists alike, looks the rule up here
 * by model name, so a new resource or page over these models inherits it, and one over a model
 * missing here fails loudly instead of listing everything. The rules are Superset's: DatabaseFilter,
 * DatasourceFilter, ChartFilter, the dashboards' published-or-owned rule, private saved queries,
 * QueryFilter, shared CSS templates, and FilterSetFilter. A where clause never reads a secret column.
 */
import { literal, Op, type WhereOptions } from 'sequelize';
import { isAdmin } from '~/lib/permissions';
import type { CurrentUser } from '../auth/current-user.server';
import { store } from '../db.server';
import { queriesVisibleTo } from './query-access.server';
import { resolveDataGrants, visibleDatabaseIds, type DataGrants } from './data-grants.server';

/**
 * Superset's DashboardAccessFilter: admins see every dashboard; others the drafts and dashboards
 * they own or created, and published ones open to them: with roles (role-based access), to
 * members of one of those roles; without, when they have no charts or a chart on a dataset the
 * user may see.
 */
export async function dashboardsVisibleTo(user: CurrentUser): Promise<WhereOptions> {
  if (isAdmin(user.roles)) return {};
  // user.id and the role ids are integers from our own session or token, so inlining them is safe.
  const owned = literal(`(SELECT dashboard_id FROM dashboard_owners WHERE user_id = ${Math.trunc(user.id)})`);
  const withRoles = literal('(SELECT dashboard_id FROM dashboard_roles)');
  const forMyRoles = literal(`(SELECT dashboard_id FROM dashboard_roles WHERE role_id IN (${integers(user.roleIds ?? []) || 'NULL'}))`);
  const condition = datasetCondition(await resolveDataGrants(user), 'visible_dataset');
  const onVisibleData = condition === null ? {} : {
    [Op.or]: [
      { id: { [Op.notIn]: literal('(SELECT dashboard_id FROM dashboard_charts)') } },
      { id: { [Op.in]: literal(`(SELECT ${quote('dc')}.${quote('dashboard_id')} FROM ${quote('dashboard_charts')} AS ${quote('dc')}`
        + ` JOIN ${quote('charts')} AS ${quote('c')} ON ${quote('c')}.${quote('id')} = ${quote('dc')}.${quote('chart_id')} AND ${quote('c')}.${quote('datasource_type')} = 'table'`
        + ` JOIN ${quote('datasets')} AS ${quote('visible_dataset')} ON ${quote('visible_dataset')}.${quote('id')} = ${quote('c')}.${quote('datasource_id')}`
        + ` WHERE ${condition})`) } },
    ],
  };
  return {
    [Op.or]: [
      { created_by_fk: user.id },
      { id: { [Op.in]: owned } },
      { [Op.and]: [{ published: true }, { [Op.or]: [{ id: { [Op.in]: forMyRoles } }, { [Op.and]: [{ id: { [Op.notIn]: withRoles } }, onVisibleData] }] }] },
    ],
  };
}

/** Saved queries are private to whoever saved them, as in Superset. */
export function savedQueriesVisibleTo(user: CurrentUser): WhereOptions {
  return { created_by_fk: user.id };
}

/** CSS templates are shared, as in Superset: whoever holds can_read on CssTemplate sees every one. */
export function cssTemplatesVisibleTo(): WhereOptions {
  return {};
}

/**
 * Superset's FilterSetFilter, with one difference: a set the dashboard owns is shared with
 * everyone who sees the dashboard (Superset shows it to the dashboard's owners only); a set a
 * user owns is that user's alone; admins see every set. Sets are only reached through their
 * dashboard, found first through the dashboards' row scope, so this rule says which of a visible
 * dashboard's sets the user sees.
 */
export function filterSetsVisibleTo(user: CurrentUser): WhereOptions {
  if (isAdmin(user.roles)) return {};
  return { [Op.or]: [{ owner_type: 'Dashboard' }, { [Op.and]: [{ owner_type: 'User' }, { owner_id: user.id }] }] };
}

/** Superset's DatabaseFilter: databases the user may open, or holds a schema or a dataset of. */
export async function databasesVisibleTo(user: CurrentUser): Promise<WhereOptions> {
  const ids = visibleDatabaseIds(await resolveDataGrants(user));
  return ids === null ? {} : { id: { [Op.in]: ids } };
}

const quote = (name: string) => store().sequelize.getQueryInterface().quoteIdentifier(name);
const integers = (ids: number[]) => ids.map((id) => String(Math.trunc(id))).join(', ');

/**
 * The datasets a user may see as SQL over the `datasets` row named `alias`; null when they see all.
 * Ids come from the store and schemas are escaped, so the text is safe to inline.
 */
function datasetCondition(grants: DataGrants, alias: string): string | null {
  if (grants.allDatasets) return null;
  const column = (name: string) => `${quote(alias)}.${quote(name)}`;
  const parts: string[] = [];
  if (grants.databaseIds.length) parts.push(`${column('database_id')} IN (${integers(grants.databaseIds)})`);
  const schemasByDatabase = new Map<number, string[]>();
  for (const { databaseId, schema } of grants.schemas) schemasByDatabase.set(databaseId, [...(schemasByDatabase.get(databaseId) ?? []), schema]);
  for (const [databaseId, schemas] of schemasByDatabase) {
    const list = schemas.map((s) => store().sequelize.escape(s)).join(', ');
    parts.push(`(${column('database_id')} = ${Math.trunc(databaseId)} AND ${column('schema')} IN (${list}))`);
  }
  if (grants.datasets.length) parts.push(`${column('id')} IN (${integers(grants.datasets.map((d) => d.id))})`);
  return parts.length ? `(${parts.join(' OR ')})` : '(1 = 0)';
}

/** Superset's DatasourceFilter: datasets on databases the user may open, in schemas granted, or granted one by one. */
export async function datasetsVisibleTo(user: CurrentUser): Promise<WhereOptions> {
  // Sequelize names a model's table by the model's name in every query it builds.
  const condition = datasetCondition(await resolveDataGrants(user), 'Dataset');
  return condition === null ? {} : { [Op.and]: [literal(condition)] };
}

/** Superset's ChartFilter: charts whose dataset the user may see. */
export async function chartsVisibleTo(user: CurrentUser): Promise<WhereOptions> {
  const condition = datasetCondition(await resolveDataGrants(user), 'visible_dataset');
  if (condition === null) return {};
  const datasets = literal(`(SELECT ${quote('visible_dataset')}.${quote('id')} FROM ${quote('datasets')} AS ${quote('visible_dataset')} WHERE ${condition})`);
  return { [Op.and]: [{ datasource_type: 'table' }, { datasource_id: { [Op.in]: datasets } }] };
}

type RowScope = (user: CurrentUser) => WhereOptions | Promise<WhereOptions>;

/** The one table: model name → which of its rows a user may see. */
const ROW_SCOPES = {
  Database: databasesVisibleTo,
  Dataset: datasetsVisibleTo,
  Chart: chartsVisibleTo,
  Dashboard: dashboardsVisibleTo,
  SavedQuery: savedQueriesVisibleTo,
  Query: queriesVisibleTo,
  CssTemplate: cssTemplatesVisibleTo,
  FilterSet: filterSetsVisibleTo,
} satisfies Record<string, RowScope>;

export type ScopedModel = keyof typeof ROW_SCOPES;

export function isScopedModel(name: string): name is ScopedModel {
  return Object.hasOwn(ROW_SCOPES, name);
}

/** The rows of the model named `modelName` that `user` may see; a model without a rule is a programming error, never "all rows". */
export async function rowScope(modelName: string, user: CurrentUser): Promise<WhereOptions> {
  if (!isScopedModel(modelName)) {
    throw new Error(`No row scope for ${modelName}: add its rule to ROW_SCOPES in app/server/access/visibility.server.ts before listing it.`);
  }
  return ROW_SCOPES[modelName](user);
}
