/**
 * `GET /api/v1/sqllab/`: what the editor needs to start (Superset's bootstrap_sqllab_data):
 * the databases it may offer, and with backend persistence the user's tabs (ids and labels),
 * the active tab in full, and the queries of those tabs (and the active tab's table previews) keyed by client id. Databases are those
 * exposed in SQL Lab that the user can reach into (canAccessDatabase: Admin, all_database_access
 * or the database's own database_access), with the flags the editor reads and never the URI.
 * Permission: can_read on SQLLab.
 */
import { Op } from 'sequelize';
import type { QueryResultDict } from '~/lib/sqllab-api';
import type { Database } from '../../../db/index';
import { canAccessDatabase } from '../access/database-access.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { backendOf } from '../databases/list-databases.server';
import { models } from '../db.server';
import { toQueryResult } from './query-shapes.server';
import { readDatabaseExtra } from '~/lib/stored-json/database-extra';
import { backendPersistence } from './persistence.server';
import { tabDict, type TabStateDict } from './tabs.server';

/** Superset's DATABASE_KEYS, plus the cost estimate flag Superset's client reads from the database's extra. */
export type SqlLabDatabaseInfo = {
  id: number;
  database_name: string;
  backend: string;
  allow_file_upload: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_dml: boolean;
  allow_run_async: boolean;
  allows_subquery: boolean;
  expose_in_sqllab: boolean;
  force_ctas_schema: string | null;
  disable_data_preview: boolean;
  disable_drill_to_detail: boolean;
  allow_multi_catalog: boolean;
  /** extra.cost_estimate_enabled: the editor offers "Estimate cost" (the estimate API refuses otherwise). */
  cost_estimate_enabled: boolean;
};

export type SqlLabBootstrap = {
  active_tab: TabStateDict | null;
  databases: Record<string, SqlLabDatabaseInfo>;
  queries: Record<string, QueryResultDict>;
  tab_state_ids: { id: number; label: string }[];
};

function databaseInfo(db: Database): SqlLabDatabaseInfo {
  const extra = readDatabaseExtra(db.extra);
  return {
    id: db.id,
    database_name: db.database_name,
    backend: backendOf(db.sqlalchemy_uri),
    allow_file_upload: db.allow_file_upload,
    allow_ctas: db.allow_ctas,
    allow_cvas: db.allow_cvas,
    allow_dml: db.allow_dml,
    allow_run_async: db.allow_run_async,
    // Every engine we support runs subqueries.
    allows_subquery: true,
    expose_in_sqllab: db.expose_in_sqllab,
    force_ctas_schema: db.force_ctas_schema,
    disable_data_preview: extra.disable_data_preview === true,
    disable_drill_to_detail: extra.disable_drill_to_detail === true,
    // Not a key Sightline takes: no engine here has catalogs.
    allow_multi_catalog: false,
    cost_estimate_enabled: extra.cost_estimate_enabled === true,
  };
}

/** The databases SQL Lab offers this user, by id. */
export async function sqlLabDatabases(user: CurrentUser): Promise<Record<string, SqlLabDatabaseInfo>> {
  const rows = await models().Database.findAll({ where: { expose_in_sqllab: true }, order: [['database_name', 'ASC']] });
  return Object.fromEntries(rows.filter((db) => canAccessDatabase(user, db)).map((db) => [String(db.id), databaseInfo(db)]));
}

export async function sqlLabBootstrap(user: CurrentUser): Promise<SqlLabBootstrap> {
  requirePermission(user, 'can_read', 'SQLLab');
  const databases = await sqlLabDatabases(user);
  if (!backendPersistence()) return { active_tab: null, databases, queries: {}, tab_state_ids: [] };

  const { TabState, Query, Database, User } = models();
  const tabs = await TabState.findAll({ where: { user_id: user.id }, order: [['id', 'ASC']] });
  // The active tab, or any tab when none is marked active (Superset orders by active desc).
  const active = tabs.find((t) => t.active) ?? tabs[0] ?? null;
  const queries = tabs.length
    ? await Query.findAll({
        where: { user_id: user.id, sql_editor_id: { [Op.in]: tabs.map((t) => String(t.id)) } },
        include: [
          { model: Database, as: 'database', attributes: ['id', 'database_name'] },
          { model: User, as: 'user', attributes: ['id', 'username', 'first_name', 'last_name'] },
        ],
        order: [['id', 'ASC']],
      })
    : [];
  const activeTab = active ? await tabDict(active) : null;
  // The active tab's table previews are queries of no tab (Superset's too): named by their tables.
  const previewIds = (activeTab?.table_schemas ?? []).flatMap((t) => {
    const id = (t.description as { dataPreviewQueryId?: unknown } | null)?.dataPreviewQueryId;
    return typeof id === 'string' && id ? [id] : [];
  });
  const previews = previewIds.length
    ? await Query.findAll({
        where: { user_id: user.id, client_id: { [Op.in]: previewIds } },
        include: [
          { model: Database, as: 'database', attributes: ['id', 'database_name'] },
          { model: User, as: 'user', attributes: ['id', 'username', 'first_name', 'last_name'] },
        ],
      })
    : [];
  return {
    active_tab: activeTab,
    databases,
    queries: Object.fromEntries([...queries, ...previews].map((q) => [q.client_id, toQueryResult(q)])),
    tab_state_ids: tabs.map((t) => ({ id: t.id, label: t.label })),
  };
}
