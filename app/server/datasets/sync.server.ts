/**
 * 'Sync columns' (Superset's fetch_metadata): the source's columns merged into the stored ones.
 * A column still in the source keeps what the editor set (verbose name, expression, date format,
 * temporal flag, …) and takes the source's type; a new one is added with its type and temporal
 * flag; one gone from the source is removed unless it is calculated (it has an expression); the
 * `count` metric is added when missing; the default time column is the first temporal column
 * when none is set or the one set is gone. Runs inside the caller's transaction.
 */
import type { Transaction } from 'sequelize';
import type { Dataset } from '../../../db/index';
import { models } from '../db.server';
import type { DiscoveredColumn } from './columns.server';
import { addCountMetric } from './metrics.server';

export type SyncResult = { added: string[]; removed: string[]; modified: string[] };

const isCalculated = (c: { expression: string | null }) => Boolean(c.expression && c.expression.trim());

export async function mergeColumns(dataset: Dataset, discovered: DiscoveredColumn[], userId: number, transaction: Transaction): Promise<SyncResult> {
  const { TableColumn } = models();
  const stored = await TableColumn.findAll({ where: { table_id: dataset.id }, order: [['id', 'ASC']], transaction });
  const storedByName = new Map(stored.map((c) => [c.column_name, c]));
  const incoming = new Set(discovered.map((c) => c.column_name));
  const result: SyncResult = { added: [], removed: [], modified: [] };

  // Removed first, so a column coming back under a name just freed never meets the unique index.
  for (const column of stored) {
    if (incoming.has(column.column_name) || isCalculated(column)) continue;
    await column.destroy({ transaction });
    result.removed.push(column.column_name);
  }
  const temporal: string[] = [];
  for (const found of discovered) {
    const existing = storedByName.get(found.column_name);
    if (!existing) {
      await TableColumn.create({
        table_id: dataset.id, column_name: found.column_name, type: found.type, type_generic: found.type_generic, is_dttm: found.is_dttm,
        created_by_fk: userId, changed_by_fk: userId,
      }, { transaction });
      result.added.push(found.column_name);
      if (found.is_dttm) temporal.push(found.column_name);
      continue;
    }
    if (existing.type !== found.type) result.modified.push(found.column_name);
    if (existing.type !== found.type || existing.type_generic !== found.type_generic) {
      await existing.update({ type: found.type, type_generic: found.type_generic, changed_by_fk: userId }, { transaction });
    }
    if (existing.is_dttm) temporal.push(found.column_name);
  }

  const kept = new Set([...incoming, ...stored.filter(isCalculated).map((c) => c.column_name)]);
  if (!dataset.main_dttm_col || !kept.has(dataset.main_dttm_col)) {
    const main = temporal[0] ?? null;
    if (main !== dataset.main_dttm_col) await dataset.update({ main_dttm_col: main }, { transaction });
  }
  await addCountMetric(dataset.id, userId, transaction);
  return result;
}

/** A time column that names no column any more becomes the first temporal one (or none), so queries never name a missing column. */
export async function settleMainDttm(dataset: Dataset, transaction: Transaction): Promise<void> {
  const main = dataset.main_dttm_col;
  if (!main) return;
  const columns = await models().TableColumn.findAll({ where: { table_id: dataset.id }, order: [['id', 'ASC']], transaction });
  if (columns.some((c) => c.column_name === main)) return;
  await dataset.update({ main_dttm_col: columns.find((c) => c.is_dttm)?.column_name ?? null }, { transaction });
}
