/**
 * Creating datasets: `POST /api/v1/dataset/` (virtual with `sql`, physical without) and
 * `POST /api/v1/dataset/get_or_create/` (a physical table's dataset, made when missing). Needs
 * can_write on Dataset (403), then trusts nothing in the fields (app/lib/dataset-inputs.ts: 400
 * with marshmallow's field messages), then needs access to the database (403); a dataset already
 * named so in that database and schema is a 422. The SQL is kept as written (templates are not
 * rendered) and run once for one row to learn its columns; its failure is the engines' error.
 */
import { Op, UniqueConstraintError } from 'sequelize';
import type { z } from 'zod';
import { DatasetCreateSchema, GetOrCreateDatasetSchema, type DatasetCreateInput } from '~/lib/dataset-inputs';
import { fieldErrorsOf } from '~/lib/field-errors';
import type { Database, Dataset } from '../../../db/index';
import { requireDatabaseAccess } from '../access/database-access.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { InvalidInputError, UnprocessableError } from '../domain-errors.server';
import { createDatasetPermission } from './access.server';
import { columnsOfSource, firstTemporal, storeColumns, type DiscoveredColumn } from './columns.server';
import { COUNT_METRIC } from './metrics.server';
import { VIEW } from './ownership.server';


/** The fields as the schema reads them; checked after the permission, so a caller without it learns nothing from a 400. */
export function parseInput<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new InvalidInputError(fieldErrorsOf(parsed.error));
  return parsed.data;
}

export function duplicateError(name: string): UnprocessableError {
  return new UnprocessableError({ table: [`Dataset ${name} already exists`] });
}

export async function databaseFor(user: CurrentUser, id: number, field: string): Promise<Database> {
  const record = await models().Database.findByPk(id);
  if (!record) throw new UnprocessableError({ [field]: ['Database does not exist'] });
  requireDatabaseAccess(user, record);
  return record;
}

export function findExisting(databaseId: number, schema: string | null, table: string): Promise<Dataset | null> {
  return models().Dataset.findOne({ where: { database_id: databaseId, schema: schema ?? { [Op.is]: null }, table_name: table } });
}

export async function requireOwners(ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await models().User.count({ where: { id: { [Op.in]: unique } } });
  if (found !== unique.length) throw new UnprocessableError({ owners: ['Owners are invalid'] });
}

/**
 * Creates the record, its owners, columns and `count` metric in one transaction (the default time
 * column is the first temporal one, as Superset's fetch_metadata sets it); a concurrent twin is
 * the 422 a sequential one gets.
 */
async function insertDataset(user: CurrentUser, database: Database, input: DatasetCreateInput, columns: DiscoveredColumn[]): Promise<Dataset> {
  const owners = [...new Set([user.id, ...(input.owners ?? [])])];
  try {
    return await store().sequelize.transaction(async (transaction) => {
      const created = await models().Dataset.create({
        database_id: input.database,
        schema: input.schema,
        table_name: input.table_name,
        sql: input.sql,
        main_dttm_col: firstTemporal(columns),
        template_params: input.template_params ?? null,
        normalize_columns: input.normalize_columns ?? false,
        always_filter_main_dttm: input.always_filter_main_dttm ?? false,
        is_managed_externally: input.is_managed_externally ?? false,
        external_url: input.external_url ?? null,
        created_by_fk: user.id,
        changed_by_fk: user.id,
      }, { transaction });
      await store().sequelize.getQueryInterface().bulkInsert('dataset_owners', owners.map((id) => ({ dataset_id: created.id, user_id: id })), { transaction });
      await storeColumns(created.id, user.id, columns, transaction);
      await models().SqlMetric.create({ table_id: created.id, ...COUNT_METRIC, created_by_fk: user.id, changed_by_fk: user.id }, { transaction });
      await createDatasetPermission({ id: created.id, table_name: created.table_name, schema: created.schema, database }, transaction);
      return created;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw duplicateError(input.table_name);
    throw error;
  }
}

export async function createDataset(user: CurrentUser, fields: Record<string, unknown>): Promise<{ id: number; result: Record<string, unknown> }> {
  requirePermission(user, 'can_write', VIEW);
  const input = parseInput(DatasetCreateSchema, fields);
  const database = await databaseFor(user, input.database, 'database');
  if (await findExisting(database.id, input.schema, input.table_name)) throw duplicateError(input.table_name);
  await requireOwners(input.owners ?? []);
  const columns = await columnsOfSource(database, input);
  const created = await insertDataset(user, database, input, columns);
  return {
    id: created.id,
    result: {
      database: database.id,
      catalog: input.catalog ?? null,
      schema: input.schema,
      table_name: input.table_name,
      sql: input.sql,
      owners: [...new Set([user.id, ...(input.owners ?? [])])],
      is_managed_externally: input.is_managed_externally ?? false,
      external_url: input.external_url ?? null,
      normalize_columns: created.normalize_columns,
      always_filter_main_dttm: created.always_filter_main_dttm,
      template_params: created.template_params,
      main_dttm_col: created.main_dttm_col,
      columns: columns.map((c) => ({ column_name: c.column_name, type: c.type, type_generic: c.type_generic, is_dttm: c.is_dttm })),
      metrics: [{ ...COUNT_METRIC }],
    },
  };
}

/** Superset answers `{result: {table_id}}`: the existing dataset of the table, or a new physical one. */
export async function getOrCreateDataset(user: CurrentUser, fields: Record<string, unknown>): Promise<{ table_id: number; created: boolean }> {
  requirePermission(user, 'can_write', VIEW);
  const input = parseInput(GetOrCreateDatasetSchema, fields);
  const database = await databaseFor(user, input.database_id, 'database_id');
  const existing = await findExisting(database.id, input.schema, input.table_name);
  if (existing) return { table_id: existing.id, created: false };
  const made: DatasetCreateInput = {
    database: database.id, schema: input.schema, table_name: input.table_name, sql: null, template_params: input.template_params,
    normalize_columns: input.normalize_columns, always_filter_main_dttm: input.always_filter_main_dttm,
  };
  const columns = await columnsOfSource(database, made);
  try {
    return { table_id: (await insertDataset(user, database, made, columns)).id, created: true };
  } catch (error) {
    // Someone made it between our look and our insert: theirs is the answer.
    const raced = error instanceof UnprocessableError ? await findExisting(database.id, input.schema, input.table_name) : null;
    if (raced) return { table_id: raced.id, created: false };
    throw error;
  }
}
