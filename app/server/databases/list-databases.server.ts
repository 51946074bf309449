/**
 * The databases list. Rows carry the backend name derived from the URI, never the URI itself:
 * a URI may embed a password or a server path, and what is never sent cannot leak into a page
 * or a log. The list holds only the databases the user may see (Superset's DatabaseFilter,
 * applied by findPage from the databases' row scope). Creating, editing and testing connections
 * belong to their own modules beside this one.
 */
import type { Database } from '../../../db/index';
import { canAccessDatabase } from '../access/database-access.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { Op, type WhereOptions } from 'sequelize';
import { findEngine, findEngineForUri } from '../engines/registry.server';
import type { Engine, EngineName } from '../engines/types.server';
import { findPage, type ListPage, type ListSpec, type PageQuery } from '../lists/page-query.server';
import { personName, PERSON_ATTRIBUTES } from '../lists/people.server';
import { searchWhere } from '../lists/sql.server';

export type Backend = EngineName | 'other';

export type DatabaseRow = {
  id: number;
  name: string;
  backend: Backend;
  allowRunAsync: boolean;
  allowDml: boolean;
  allowFileUpload: boolean;
  exposeInSqllab: boolean;
  changedOn: string;
  createdBy: string | null;
};

export type DatabaseSort = 'name' | 'changed_on';

export const DATABASE_LIST: ListSpec<DatabaseSort> = {
  sorts: { name: { column: 'database_name', text: true }, changed_on: { column: 'changed_on' } },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};

/** The engine of a SQLAlchemy-style URI, by its scheme (any `+driver` suffix ignored); 'other' when no engine answers to it. */
export function backendOf(uri: string): Backend {
  return findEngineForUri(uri)?.name ?? 'other';
}

function toRow(db: Database): DatabaseRow {
  return {
    id: db.id,
    name: db.database_name,
    backend: backendOf(db.sqlalchemy_uri),
    allowRunAsync: db.allow_run_async,
    allowDml: db.allow_dml,
    allowFileUpload: db.allow_file_upload,
    exposeInSqllab: db.expose_in_sqllab,
    changedOn: db.changed_on.toISOString(),
    createdBy: personName(db.created_by),
  };
}

/** URIs of one engine: any of its schemes, with or without a `+driver` suffix. */
function engineWhere(engine: Engine | null): WhereOptions {
  if (!engine) return {};
  const schemes = engine.schemes;
  return { [Op.or]: schemes.flatMap((scheme) => [{ sqlalchemy_uri: { [Op.startsWith]: `${scheme}:` } }, { sqlalchemy_uri: { [Op.startsWith]: `${scheme}+` } }]) };
}

/** The list page: `engine` keeps the databases of that engine; a name no engine has filters nothing. */
export async function listDatabases(
  actor: CurrentUser,
  query: PageQuery<DatabaseSort>,
  engineName: string | null = null,
): Promise<ListPage<DatabaseRow, DatabaseSort> & { filters: { engine: string } }> {
  requirePermission(actor, 'can_read', 'Database');
  const engine = engineName ? findEngine(engineName) : null;
  const { Database, User } = models();
  const page = await findPage(Database, DATABASE_LIST, query, {
    actor,
    where: { [Op.and]: [searchWhere(['Database.database_name'], query.search), engineWhere(engine)] },
    include: [{ model: User, as: 'created_by', attributes: PERSON_ATTRIBUTES }],
  }, (records) => records.map(toRow));
  return { ...page, filters: { engine: engine?.name ?? '' } };
}

export type SqlLabDatabase = { id: number; name: string; backend: Backend };

/** The databases SQL Lab offers, by name: those exposed to it that the user may query (database access, not a schema or dataset grant). */
export async function listSqlLabDatabases(actor: CurrentUser): Promise<SqlLabDatabase[]> {
  requirePermission(actor, 'menu_access', 'SQL Lab');
  const rows = await models().Database.findAll({
    where: { expose_in_sqllab: true },
    attributes: ['id', 'database_name', 'sqlalchemy_uri'],
    order: [['database_name', 'ASC']],
  });
  return rows.filter((db) => canAccessDatabase(actor, db)).map((db) => ({ id: db.id, name: db.database_name, backend: backendOf(db.sqlalchemy_uri) }));
}
