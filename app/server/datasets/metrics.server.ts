/**
 * A dataset's saved metrics (sql_metrics, model SqlMetric): the `count` metric every new or
 * refreshed dataset gets, as Superset's engine specs give it (most saved charts use it), and the
 * metric as Superset's DatasetRestApi shows it, `currency` read back as an object.
 */
import type { Transaction } from 'sequelize';
import { parseJsonText } from '~/lib/safe-json';
import type { SqlMetric } from '../../../db/index';
import { models } from '../db.server';

export const COUNT_METRIC = { metric_name: 'count', verbose_name: 'COUNT(*)', metric_type: 'count', expression: 'COUNT(*)' } as const;

export type Currency = { symbol: string; symbolPosition: string };

export type MetricDetail = {
  id: number;
  uuid: string;
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  description: string | null;
  d3format: string | null;
  currency: Currency | null;
  warning_text: string | null;
  extra: string | null;
  created_on: string;
  changed_on: string;
};

/** The stored currency JSON as an object; anything else (old or hand-edited text) is none. */
export function readCurrency(text: string | null): Currency | null {
  if (!text) return null;
  try {
    const value = parseJsonText(text) as Record<string, unknown> | null;
    if (!value || typeof value !== 'object' || typeof value.symbol !== 'string') return null;
    return { symbol: value.symbol, symbolPosition: value.symbolPosition === 'suffix' ? 'suffix' : 'prefix' };
  } catch {
    return null;
  }
}

export function metricDetail(m: SqlMetric): MetricDetail {
  return {
    id: m.id,
    uuid: m.uuid,
    metric_name: m.metric_name,
    verbose_name: m.verbose_name,
    metric_type: m.metric_type,
    expression: m.expression,
    description: m.description,
    d3format: m.d3format,
    currency: readCurrency(m.currency),
    warning_text: m.warning_text,
    extra: m.extra,
    created_on: m.created_on.toISOString(),
    changed_on: m.changed_on.toISOString(),
  };
}

export async function readMetrics(datasetId: number): Promise<MetricDetail[]> {
  const rows = await models().SqlMetric.findAll({ where: { table_id: datasetId }, order: [['id', 'ASC']] });
  return rows.map(metricDetail);
}

/** Adds `count` unless a metric of that name exists (Superset's add_missing_metrics). */
export async function addCountMetric(datasetId: number, userId: number, transaction: Transaction): Promise<boolean> {
  const { SqlMetric: Metric } = models();
  if (await Metric.count({ where: { table_id: datasetId, metric_name: COUNT_METRIC.metric_name }, transaction })) return false;
  await Metric.create({ table_id: datasetId, ...COUNT_METRIC, created_by_fk: userId, changed_by_fk: userId }, { transaction });
  return true;
}
