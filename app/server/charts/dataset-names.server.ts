/**
 * The "schema.table" names of the datasets some charts are built on, in one query: a chart's
 * datasource is (type 'table', dataset id), not an association a list could join.
 */
import { Op } from 'sequelize';
import type { Chart } from '../../../db/index';
import { models } from '../db.server';

export async function datasetNamesOf(charts: Pick<Chart, 'datasource_type' | 'datasource_id'>[]): Promise<Map<number, string>> {
  const ids = new Set<number>();
  for (const c of charts) if (c.datasource_type === 'table' && typeof c.datasource_id === 'number') ids.add(c.datasource_id);
  if (ids.size === 0) return new Map();
  const datasets = await models().Dataset.findAll({ where: { id: { [Op.in]: [...ids] } }, attributes: ['id', 'schema', 'table_name'] });
  return new Map(datasets.map((d) => [d.id, d.schema ? `${d.schema}.${d.table_name}` : d.table_name]));
}

/** The name of the dataset a chart is built on, when it is one. */
export function datasetNameOf(chart: Pick<Chart, 'datasource_type' | 'datasource_id'>, names: Map<number, string>): string | null {
  return chart.datasource_type === 'table' && chart.datasource_id !== null ? names.get(chart.datasource_id) ?? null : null;
}
