/**
 * Row-level security filters as Superset's RLSRestApi manages them: show, create, update, delete
 * and bulk delete. Admin-only, as Superset keeps 'Row Level Security' among its admin views:
 * can_read / can_write on the view below (an Admin holds both). Input arrives parsed
 * (schemas.server.ts); here are the rules that need the store: the name free, the roles and
 * datasets existing (422, as Superset's RolesNotFound / DatasourceNotFound validation errors).
 */
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import type { RowLevelSecurityFilter } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { NotFoundError, UnprocessableError } from '../domain-errors.server';
import type { RlsCreate, RlsUpdate } from './schemas.server';

export const RLS_VIEW = 'Row Level Security';

export const requireRlsRead = (user: CurrentUser) => requirePermission(user, 'can_read', RLS_VIEW);
export const requireRlsWrite = (user: CurrentUser) => requirePermission(user, 'can_write', RLS_VIEW);

export type RlsFilterDetail = {
  id: number;
  name: string;
  description: string | null;
  filter_type: string;
  tables: { id: number; schema: string | null; table_name: string }[];
  roles: { id: number; name: string }[];
  group_key: string | null;
  clause: string;
};

/** Superset's RLSRestApi.show_columns. */
export const RLS_SHOW_COLUMNS = [
  'name', 'description', 'filter_type', 'tables.id', 'tables.schema', 'tables.table_name', 'roles.id', 'roles.name', 'group_key', 'clause',
];

export const missingFilter = (id: number) => new NotFoundError(`There is no row level security filter with id ${id}.`);
const nameTaken = (name: string) => new UnprocessableError({ name: [`A row level security filter named "${name}" already exists.`] });

/** The associations a filter is shown with: never more of a dataset or a role than its name. */
export function rlsIncludes() {
  const { Dataset, Role } = models();
  return [
    { model: Dataset, as: 'tables', attributes: ['id', 'schema', 'table_name'], through: { attributes: [] } },
    { model: Role, as: 'roles', attributes: ['id', 'name'], through: { attributes: [] } },
  ];
}

export function toDetail(row: RowLevelSecurityFilter): RlsFilterDetail {
  const byId = <T extends { id: number }>(items: T[]) => [...items].sort((a, b) => a.id - b.id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    filter_type: row.filter_type,
    tables: byId(row.tables ?? []).map((t) => ({ id: t.id, schema: t.schema, table_name: t.table_name })),
    roles: byId(row.roles ?? []).map((r) => ({ id: r.id, name: r.name })),
    group_key: row.group_key,
    clause: row.clause,
  };
}

export async function getRlsFilter(user: CurrentUser, id: number): Promise<RlsFilterDetail> {
  requireRlsRead(user);
  const row = await models().RowLevelSecurityFilter.findByPk(id, { include: rlsIncludes() });
  if (!row) throw missingFilter(id);
  return toDetail(row);
}

/** 422 unless every id names a role and a dataset; one count query each. */
async function checkReferences(input: { roles?: number[]; tables?: number[] }, transaction: Transaction): Promise<void> {
  const { Role, Dataset } = models();
  const distinct = (ids: number[]) => [...new Set(ids)];
  if (input.roles?.length) {
    const wanted = distinct(input.roles);
    if ((await Role.count({ where: { id: { [Op.in]: wanted } }, transaction })) !== wanted.length) {
      throw new UnprocessableError({ roles: ['Some roles do not exist'] });
    }
  }
  if (input.tables?.length) {
    const wanted = distinct(input.tables);
    if ((await Dataset.count({ where: { id: { [Op.in]: wanted } }, transaction })) !== wanted.length) {
      throw new UnprocessableError({ tables: ['Datasource does not exist'] });
    }
  }
}

async function checkNameFree(name: string, exceptId: number | null, transaction: Transaction): Promise<void> {
  const where = exceptId === null ? { name } : { name, id: { [Op.ne]: exceptId } };
  if (await models().RowLevelSecurityFilter.count({ where, transaction })) throw nameTaken(name);
}

type Linkable = { setRoles(ids: number[], o: { transaction: Transaction }): Promise<void>; setTables(ids: number[], o: { transaction: Transaction }): Promise<void> };

async function link(row: RowLevelSecurityFilter, input: { roles?: number[]; tables?: number[] }, transaction: Transaction) {
  const linkable = row as unknown as Linkable;
  if (input.roles) await linkable.setRoles([...new Set(input.roles)], { transaction });
  if (input.tables) await linkable.setTables([...new Set(input.tables)], { transaction });
}

/** Runs `work` in a transaction; a concurrent twin's name is the 422 a sequential one gets. */
async function saving<T>(name: string | undefined, work: (transaction: Transaction) => Promise<T>): Promise<T> {
  try {
    return await store().sequelize.transaction(work);
  } catch (error) {
    if (error instanceof UniqueConstraintError && name !== undefined) throw nameTaken(name);
    throw error;
  }
}

/** `POST /api/v1/rowlevelsecurity/`: Superset answers `{id, result}` with the input as result. */
export async function createRlsFilter(user: CurrentUser, input: RlsCreate): Promise<{ id: number; result: RlsCreate }> {
  requireRlsWrite(user);
  const id = await saving(input.name, async (transaction) => {
    await checkNameFree(input.name, null, transaction);
    await checkReferences(input, transaction);
    const row = await models().RowLevelSecurityFilter.create({
      name: input.name,
      description: input.description ?? null,
      filter_type: input.filter_type,
      group_key: input.group_key ?? null,
      clause: input.clause,
      created_by_fk: user.id,
      changed_by_fk: user.id,
    }, { transaction });
    await link(row, input, transaction);
    return row.id;
  });
  return { id, result: input };
}

/** `PUT /api/v1/rowlevelsecurity/{id}`: the given fields change, the others stay. */
export async function updateRlsFilter(user: CurrentUser, id: number, input: RlsUpdate): Promise<{ id: number; result: RlsUpdate }> {
  requireRlsWrite(user);
  await saving(input.name, async (transaction) => {
    const row = await models().RowLevelSecurityFilter.findByPk(id, { transaction });
    if (!row) throw missingFilter(id);
    if (input.name !== undefined) await checkNameFree(input.name, id, transaction);
    await checkReferences(input, transaction);
    const changes: Partial<Pick<RowLevelSecurityFilter, 'name' | 'description' | 'filter_type' | 'group_key' | 'clause'>> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.filter_type !== undefined) changes.filter_type = input.filter_type;
    if (input.group_key !== undefined) changes.group_key = input.group_key;
    if (input.clause !== undefined) changes.clause = input.clause;
    // changed_on moves even when only the links change: the list's "Modified" should say so.
    row.changed_on = new Date();
    await row.update({ ...changes, changed_by_fk: user.id }, { transaction });
    await link(row, input, transaction);
  });
  return { id, result: input };
}

export async function deleteRlsFilter(user: CurrentUser, id: number): Promise<void> {
  requireRlsWrite(user);
  const deleted = await models().RowLevelSecurityFilter.destroy({ where: { id } });
  if (!deleted) throw missingFilter(id);
}

/** All or nothing, as Superset: one unknown id is a 404 and nothing is deleted. */
export async function bulkDeleteRlsFilters(user: CurrentUser, ids: number[]): Promise<{ message: string }> {
  requireRlsWrite(user);
  const wanted = [...new Set(ids)];
  await store().sequelize.transaction(async (transaction) => {
    const { RowLevelSecurityFilter } = models();
    const found = await RowLevelSecurityFilter.findAll({ attributes: ['id'], where: { id: { [Op.in]: wanted } }, transaction });
    if (found.length !== wanted.length) {
      const known = new Set(found.map((r) => r.id));
      throw missingFilter(wanted.find((id) => !known.has(id))!);
    }
    await RowLevelSecurityFilter.destroy({ where: { id: { [Op.in]: wanted } }, transaction });
  });
  return { message: `Deleted ${wanted.length} rules` };
}
