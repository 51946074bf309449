/**
 * Registers the example datasets (dataset-definitions/) on the examples database at bootstrap,
 * with Superset's uuids so exported charts and dashboards that name them find them. It trusts the
 * definitions and adds only what is missing: a dataset whose uuid is already in the metadata
 * store is left as its owners edited it, and a name already taken in the examples database (a
 * dataset someone made by hand) is skipped with a log line rather than overwritten. Running it
 * again adds nothing; a Sightline version with new definitions adds just the new ones.
 */
import { Op } from 'sequelize';
import { ANSI_FLAVOR, tokenize } from '~/lib/sql/lexer';
import { findDialect, sqliteDialect, type SqlDialect } from '~/lib/sql/dialects';
import type { Database } from '../../../db/index';
import { datasetPermissionView } from '../access/data-grants.server';
import { models, store } from '../db.server';
import { EXAMPLE_DATASETS, type ExampleColumn, type ExampleDataset } from './dataset-definitions/index.server';

type Log = (message: string) => void;

/** The dialect of the examples database by its URL's scheme; a bare file path is SQLite, as for the loader. */
export function warehouseDialect(url: string): SqlDialect {
  const scheme = /^([a-z][a-z0-9]*)(?:\+[a-z0-9_]+)?:/i.exec(url.trim());
  return (scheme && findDialect(scheme[1])) || sqliteDialect;
}

/**
 * ANSI SQL (identifiers in double quotes) as `dialect` reads it: MySQL takes "…" for a string, so
 * there the identifiers get backticks. Strings and comments are left as written.
 */
export function forDialect(sql: string, dialect: SqlDialect): string {
  return tokenize(sql, ANSI_FLAVOR)
    .map((t) => (t.kind === 'ident' && t.text.startsWith('"') ? dialect.quoteIdentifier(t.text.slice(1, -1).replace(/""/g, '"')) : t.text))
    .join('');
}

/** Superset's GenericDataType of a type name: 0 numeric, 1 string, 2 temporal, 3 boolean; null when unknown. */
export function genericTypeOf(type: string | null | undefined): number | null {
  if (!type) return null;
  const t = type.toUpperCase();
  if (t === 'BOOLEAN') return 3;
  if (/DATE|TIME/.test(t)) return 2;
  if (/INT|LONG|DOUBLE|FLOAT|REAL|NUMERIC|DECIMAL/.test(t)) return 0;
  if (/CHAR|TEXT|STRING|BLOB/.test(t)) return 1;
  return null;
}

function columnRecord(c: ExampleColumn, datasetId: number, dialect: SqlDialect) {
  return {
    table_id: datasetId,
    column_name: c.column_name,
    verbose_name: c.verbose_name ?? null,
    type: c.type ?? null,
    type_generic: genericTypeOf(c.type),
    is_dttm: c.is_dttm ?? false,
    is_active: c.is_active ?? true,
    groupby: c.groupby ?? true,
    filterable: c.filterable ?? true,
    expression: c.expression ? forDialect(c.expression, dialect) : null,
    description: c.description ?? null,
    python_date_format: c.python_date_format ?? null,
    advanced_data_type: c.advanced_data_type ?? null,
    extra: c.extra ?? null,
  };
}

async function create(def: ExampleDataset, database: Database, dialect: SqlDialect): Promise<void> {
  const { Dataset, TableColumn, SqlMetric, Permission } = models();
  await store().sequelize.transaction(async (transaction) => {
    const dataset = await Dataset.create({
      uuid: def.uuid,
      database_id: database.id,
      schema: null,
      table_name: def.table_name,
      sql: def.sql ? forDialect(def.sql, dialect) : null,
      description: def.description ?? null,
      main_dttm_col: def.main_dttm_col ?? null,
    }, { transaction });
    await TableColumn.bulkCreate(def.columns.map((c) => columnRecord(c, dataset.id, dialect)), { transaction });
    await SqlMetric.bulkCreate(def.metrics.map((m) => ({
      table_id: dataset.id,
      metric_name: m.metric_name,
      verbose_name: m.verbose_name ?? null,
      metric_type: m.metric_type ?? null,
      expression: forDialect(m.expression, dialect),
      description: m.description ?? null,
      d3format: m.d3format ?? null,
      currency: m.currency ? JSON.stringify(m.currency) : null,
      warning_text: m.warning_text ?? null,
      extra: m.extra ?? null,
    })), { transaction });
    // As for the database itself: a datasource_access permission for admins to grant.
    const view = datasetPermissionView({ id: dataset.id, table_name: dataset.table_name, schema: null, database });
    await Permission.findOrCreate({ where: { permission_name: 'datasource_access', view_name: view }, transaction });
  });
}

/** Adds the example datasets the store lacks; returns how many it added. */
export async function registerExampleDatasets(database: Database, log: Log): Promise<number> {
  const { Dataset } = models();
  const dialect = warehouseDialect(database.sqlalchemy_uri);
  const known = new Set((await Dataset.findAll({
    attributes: ['uuid'],
    where: { uuid: { [Op.in]: EXAMPLE_DATASETS.map((d) => d.uuid) } },
  })).map((d) => d.uuid));
  const missing = EXAMPLE_DATASETS.filter((d) => !known.has(d.uuid));
  if (missing.length === 0) return 0;
  const taken = new Set((await Dataset.findAll({
    attributes: ['table_name'],
    where: { database_id: database.id, schema: { [Op.is]: null }, table_name: { [Op.in]: missing.map((d) => d.table_name) } },
  })).map((d) => d.table_name));
  let added = 0;
  for (const def of missing) {
    if (taken.has(def.table_name)) {
      log(`an example dataset "${def.table_name}" already exists in the examples database; leaving it as it is`);
      continue;
    }
    await create(def, database, dialect);
    added++;
  }
  return added;
}
