/**
 * What Superset derives from a dataset's columns and metrics for its clients (BaseDatasource.data
 * and the computed show columns of DatasetRestApi.get): the verbose map, the metrics' formats,
 * the order-by and time-column choices, the engine's time grains, and the certification fields
 * its columns and metrics carry in `extra`. Pure functions over the dataset's detail.
 */
import { readDatasetExtra } from '~/lib/stored-json/dataset-extra';
import { TIME_GRAINS } from '~/lib/sql/time-grains';
import type { ColumnDetail } from './columns.server';
import type { Currency, MetricDetail } from './metrics.server';

type Named = { column_name: string; verbose_name: string | null };
type NamedMetric = { metric_name: string; verbose_name: string | null };

/** Superset's `__timestamp` label and every column's and metric's display name. */
export function verboseMap(columns: readonly Named[], metrics: readonly NamedMetric[]): Record<string, string> {
  const map: Record<string, string> = { __timestamp: 'Time' };
  for (const m of metrics) map[m.metric_name] = m.verbose_name || m.metric_name;
  for (const c of columns) map[c.column_name] = c.verbose_name || c.column_name;
  return map;
}

export function columnFormats(metrics: readonly Pick<MetricDetail, 'metric_name' | 'd3format'>[]): Record<string, string> {
  return Object.fromEntries(metrics.filter((m) => m.d3format).map((m) => [m.metric_name, m.d3format as string]));
}

export function currencyFormats(metrics: readonly Pick<MetricDetail, 'metric_name' | 'currency'>[]): Record<string, Currency> {
  return Object.fromEntries(metrics.filter((m) => m.currency).map((m) => [m.metric_name, m.currency as Currency]));
}

/** Superset's order_by_choices: `[JSON of [column, ascending], "column [asc]"]` for each column, by name. */
export function orderByChoices(columns: readonly Pick<ColumnDetail, 'column_name'>[]): [string, string][] {
  const names = columns.map((c) => c.column_name).sort();
  return names.flatMap((name): [string, string][] => [
    [JSON.stringify([name, true]), `${name} [asc]`],
    [JSON.stringify([name, false]), `${name} [desc]`],
  ]);
}

/** The temporal columns as Superset's `[value, label]` choices. */
export function granularityChoices(columns: readonly Pick<ColumnDetail, 'column_name' | 'is_dttm'>[]): [string, string][] {
  return columns.filter((c) => c.is_dttm).map((c) => [c.column_name, c.column_name]);
}

/** Every dialect writes every grain (app/lib/sql/time-grains.ts), so the choices are the same on each engine. */
export function timeGrainChoices(): [string, string][] {
  return TIME_GRAINS.map((g) => [g.code, g.name]);
}

export type Certification = { is_certified: boolean; certified_by: string | null; certification_details: string | null; warning_markdown: string | null };

/** The certification and warning a column's or metric's `extra` carries (the same keys as a dataset's). */
export function certificationOf(extra: string | null): Certification {
  const read = readDatasetExtra(extra);
  return {
    is_certified: Boolean(read.certification),
    certified_by: read.certification?.certified_by ?? null,
    certification_details: read.certification?.details ?? null,
    warning_markdown: read.warning_markdown ?? null,
  };
}
