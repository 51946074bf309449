/**
 * `PUT /api/v1/dataset/{id}[?override_columns=true]`, Superset's UpdateDatasetCommand: owners or
 * Admin (ownership.server.ts) change a dataset that is not managed externally. The fields are read
 * after those checks (400 with marshmallow's messages), then the rules (422 with field errors,
 * all at once): the database exists, the name is free in its database and schema, the owners
 * exist, the SQL is one statement, and the `columns` and `metrics` lists (each the whole new set:
 * rows without an id are created, rows missing are deleted) name each column and metric once and
 * only ids of this dataset. With override_columns the columns are matched by name and then synced
 * with the source (sync.server.ts), keeping the editor's changes. All in one transaction.
 */
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { DatasetUpdateSchema, type DatasetColumnInput, type DatasetMetricInput, type DatasetUpdateInput } from '~/lib/dataset-inputs';
import { addFieldError, type FieldErrors } from '~/lib/field-errors';
import { isAdmin } from '~/lib/permissions';
import { splitStatements } from '~/lib/sql/split';
import type { Database, Dataset, SqlMetric, TableColumn } from '../../../db/index';
import { datasetPermissionView } from '../access/data-grants.server';
import type { CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { UnprocessableError } from '../domain-errors.server';
import { findEngineForUri } from '../engines/registry.server';
import type { Engine } from '../engines/types.server';
import { columnsOfSource, genericTypeOf, type DiscoveredColumn } from './columns.server';
import { databaseFor, duplicateError, findExisting, parseInput } from './create.server';
import { findOwnedDataset, requireNotManagedExternally } from './ownership.server';
import { mergeColumns, settleMainDttm } from './sync.server';

type Source = { database: Database; schema: string | null; table_name: string; sql: string | null };

function duplicates(names: string[]): boolean {
  return new Set(names).size !== names.length;
}

/** The rules Superset's command checks before changing anything, as one 422 with every field's messages. */
async function checkRules(dataset: Dataset, input: DatasetUpdateInput, source: Source, overrideColumns: boolean): Promise<void> {
  const errors: FieldErrors = {};
  const { TableColumn: Columns, SqlMetric, User } = models();
  const moved = source.database.id !== dataset.database_id || source.schema !== dataset.schema || source.table_name !== dataset.table_name;
  const twin = moved ? await findExisting(source.database.id, source.schema, source.table_name) : null;
  if (twin && twin.id !== dataset.id) addFieldError(errors, 'table', `Dataset ${source.table_name} already exists`);
  if (input.owners?.length) {
    const unique = [...new Set(input.owners)];
    if ((await User.count({ where: { id: { [Op.in]: unique } } })) !== unique.length) addFieldError(errors, 'owners', 'Owners are invalid');
  }
  const engine = findEngineForUri(source.database.sqlalchemy_uri);
  if (source.sql && engine && splitStatements(source.sql, engine.dialect.flavor).length !== 1) {
    addFieldError(errors, 'sql', 'Only single queries supported: a virtual dataset is one SELECT statement.');
  }
  if (input.columns) {
    const ids = input.columns.flatMap((c) => (c.id === undefined ? [] : [c.id]));
    if (duplicates(input.columns.map((c) => c.column_name))) addFieldError(errors, 'columns', 'One or more columns are duplicated');
    else if (!overrideColumns && ids.length && (await Columns.count({ where: { table_id: dataset.id, id: { [Op.in]: [...new Set(ids)] } } })) !== new Set(ids).size) {
      addFieldError(errors, 'columns', 'One or more columns do not exist');
    }
  }
  if (input.metrics) {
    const ids = input.metrics.flatMap((m) => (m.id === undefined ? [] : [m.id]));
    if (duplicates(input.metrics.map((m) => m.metric_name))) addFieldError(errors, 'metrics', 'One or more metrics are duplicated');
    else if (ids.length && (await SqlMetric.count({ where: { table_id: dataset.id, id: { [Op.in]: [...new Set(ids)] } } })) !== new Set(ids).size) {
      addFieldError(errors, 'metrics', 'One or more metrics do not exist');
    }
  }
  if (Object.keys(errors).length) throw new UnprocessableError(errors);
}

/** A column's stored fields from the editor's row; the generic type follows the type. */
function columnValues(input: DatasetColumnInput, engine: Engine | null, existing: TableColumn | undefined) {
  const type = input.type === undefined ? existing?.type ?? null : input.type;
  const typeGeneric = input.type === undefined && existing ? existing.type_generic : genericTypeOf(engine, type);
  return {
    column_name: input.column_name,
    type,
    type_generic: typeGeneric,
    // A new column without the flag is temporal when its type is, as the source's columns are.
    is_dttm: input.is_dttm ?? (existing ? existing.is_dttm : typeGeneric === 2),
    ...(input.verbose_name !== undefined && { verbose_name: input.verbose_name }),
    ...(input.python_date_format !== undefined && { python_date_format: input.python_date_format }),
    ...(input.expression !== undefined && { expression: input.expression }),
    ...(input.filterable !== undefined && { filterable: input.filterable }),
    ...(input.groupby !== undefined && { groupby: input.groupby }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.advanced_data_type !== undefined && { advanced_data_type: input.advanced_data_type }),
    ...(input.extra !== undefined && { extra: input.extra }),
    ...(input.is_active !== undefined && { is_active: input.is_active ?? true }),
  };
}

/** Replaces the dataset's columns with `inputs`: by id, or by name when syncing (Superset's override mode). */
async function applyColumns(datasetId: number, inputs: DatasetColumnInput[], byName: boolean, engine: Engine | null, userId: number, transaction: Transaction) {
  const { TableColumn: Columns } = models();
  const stored = await Columns.findAll({ where: { table_id: datasetId }, transaction });
  const find = (input: DatasetColumnInput) => stored.find((c) => (byName ? c.column_name === input.column_name : input.id !== undefined && c.id === input.id));
  const kept = new Set(inputs.map(find).filter((c): c is TableColumn => c !== undefined));
  // Deleted first, so a new column may take a name just freed.
  for (const column of stored) if (!kept.has(column)) await column.destroy({ transaction });
  await freeNames(inputs.map((input) => [find(input), input.column_name] as const), transaction);
  for (const input of inputs) {
    const existing = find(input);
    const values = { ...columnValues(input, engine, existing), changed_by_fk: userId };
    if (existing) await existing.update(values, { transaction });
    else await Columns.create({ table_id: datasetId, ...values, created_by_fk: userId }, { transaction });
  }
}

/**
 * Renamed rows first take a name of their own, so renames that swap or chain names (a→b, b→a)
 * never meet the unique index halfway.
 */
async function freeNames(rows: (readonly [TableColumn | SqlMetric | undefined, string])[], transaction: Transaction): Promise<void> {
  for (const [row, name] of rows) {
    if (!row) continue;
    const placeholder = `__sightline_renaming_${row.id}`;
    if (row instanceof models().TableColumn) {
      if (row.column_name !== name) await row.update({ column_name: placeholder }, { transaction });
    } else if (row.metric_name !== name) {
      await row.update({ metric_name: placeholder }, { transaction });
    }
  }
}

function metricValues(input: DatasetMetricInput) {
  const { id: _id, uuid: _uuid, ...fields } = input;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Omit<DatasetMetricInput, 'id' | 'uuid'>;
}

async function applyMetrics(datasetId: number, inputs: DatasetMetricInput[], userId: number, transaction: Transaction) {
  const { SqlMetric } = models();
  const stored = await SqlMetric.findAll({ where: { table_id: datasetId }, transaction });
  const kept = new Set(inputs.flatMap((m) => (m.id === undefined ? [] : [m.id])));
  const find = (input: DatasetMetricInput) => (input.id === undefined ? undefined : stored.find((m) => m.id === input.id));
  for (const metric of stored) if (!kept.has(metric.id)) await metric.destroy({ transaction });
  await freeNames(inputs.map((input) => [find(input), input.metric_name] as const), transaction);
  for (const input of inputs) {
    const existing = find(input);
    if (existing) await existing.update({ ...metricValues(input), changed_by_fk: userId }, { transaction });
    else await SqlMetric.create({ table_id: datasetId, ...metricValues(input), created_by_fk: userId, changed_by_fk: userId }, { transaction });
  }
}

/** The dataset's own fields the input sets; nulls of the flags are their defaults (the columns are NOT NULL). */
function datasetValues(input: DatasetUpdateInput, source: Source) {
  const defined = <T>(value: T | undefined, fallback?: NonNullable<T>) => (value === undefined ? undefined : (value ?? fallback ?? null));
  const values = {
    database_id: source.database.id,
    table_name: source.table_name,
    schema: source.schema,
    sql: source.sql,
    description: defined(input.description),
    main_dttm_col: defined(input.main_dttm_col),
    cache_timeout: defined(input.cache_timeout),
    offset: defined(input.offset, 0),
    default_endpoint: defined(input.default_endpoint),
    filter_select_enabled: defined(input.filter_select_enabled, true),
    fetch_values_predicate: defined(input.fetch_values_predicate),
    normalize_columns: defined(input.normalize_columns, false),
    always_filter_main_dttm: defined(input.always_filter_main_dttm, false),
    is_sqllab_view: defined(input.is_sqllab_view, false),
    template_params: defined(input.template_params),
    extra: defined(input.extra),
    is_managed_externally: defined(input.is_managed_externally, false),
    external_url: defined(input.external_url),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** The new owners: the list given, with a non-admin editor kept in it (Superset: nobody removes themselves by mistake). */
function ownersOf(user: CurrentUser, given: number[]): number[] {
  const owners = [...new Set(given)];
  return isAdmin(user.roles) || owners.includes(user.id) ? owners : [...owners, user.id];
}

/** A time column given must name a column of the result; an inherited one that is gone is settled (sync.server.ts). */
async function checkMainDttm(dataset: Dataset, input: DatasetUpdateInput, transaction: Transaction): Promise<void> {
  const main = input.main_dttm_col;
  if (main && !(await models().TableColumn.count({ where: { table_id: dataset.id, column_name: main }, transaction }))) {
    throw new UnprocessableError({ main_dttm_col: [`There is no column ${main} in this dataset.`] });
  }
  await settleMainDttm(dataset, transaction);
}

/** Grants of the dataset's datasource_access follow it when it is renamed or moved (Superset's set_perm). */
async function movePermission(before: string, after: string, transaction: Transaction): Promise<void> {
  if (before === after) return;
  const { Permission } = models();
  if (await Permission.count({ where: { permission_name: 'datasource_access', view_name: after }, transaction })) return;
  await Permission.update({ view_name: after }, { where: { permission_name: 'datasource_access', view_name: before }, transaction });
}

export async function updateDataset(
  user: CurrentUser, id: number, fields: Record<string, unknown>, opts: { overrideColumns?: boolean } = {},
): Promise<{ id: number; result: Record<string, unknown> }> {
  const dataset = await findOwnedDataset(user, id);
  const input = parseInput(DatasetUpdateSchema, fields);
  // Releasing a dataset from its external manager is the one change allowed while it is managed.
  if (input.is_managed_externally !== false) requireNotManagedExternally(dataset);
  const before = dataset.database!;
  const database = input.database_id !== undefined && input.database_id !== before.id ? await databaseFor(user, input.database_id, 'database') : before;
  const source: Source = {
    database,
    schema: input.schema === undefined ? dataset.schema : input.schema,
    table_name: input.table_name ?? dataset.table_name,
    sql: input.sql === undefined ? dataset.sql : input.sql,
  };
  const overrideColumns = opts.overrideColumns === true;
  await checkRules(dataset, input, source, overrideColumns);
  const discovered: DiscoveredColumn[] | null = overrideColumns ? await columnsOfSource(database, source) : null;
  const engine = findEngineForUri(database.sqlalchemy_uri);
  const permissionBefore = datasetPermissionView({ id, table_name: dataset.table_name, schema: dataset.schema, database: before });
  try {
    await store().sequelize.transaction(async (transaction) => {
      dataset.set({ ...datasetValues(input, source), changed_by_fk: user.id });
      // Saved even when only columns, metrics or owners change: the dataset's changed_on is the editor's "last modified".
      dataset.changed('changed_by_fk', true);
      await dataset.save({ transaction });
      if (input.owners) {
        const qi = store().sequelize.getQueryInterface();
        await qi.bulkDelete('dataset_owners', { dataset_id: id }, { transaction });
        const owners = ownersOf(user, input.owners);
        if (owners.length) await qi.bulkInsert('dataset_owners', owners.map((userId) => ({ dataset_id: id, user_id: userId })), { transaction });
      }
      if (input.columns) await applyColumns(id, input.columns, overrideColumns, engine, user.id, transaction);
      if (input.metrics) await applyMetrics(id, input.metrics, user.id, transaction);
      if (discovered) await mergeColumns(dataset, discovered, user.id, transaction);
      await checkMainDttm(dataset, input, transaction);
      await movePermission(permissionBefore, datasetPermissionView({ id, table_name: source.table_name, schema: source.schema, database }), transaction);
    });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    const fields = Object.keys(error.fields ?? {});
    if (fields.includes('column_name')) throw new UnprocessableError({ columns: ['One or more columns are duplicated'] });
    if (fields.includes('metric_name')) throw new UnprocessableError({ metrics: ['One or more metrics are duplicated'] });
    throw duplicateError(source.table_name);
  }
  const result = Object.fromEntries(Object.entries({ ...input, database_id: input.database_id }).filter(([, v]) => v !== undefined));
  return { id, result };
}
