/**
 * Superset's NVD3TimeSeriesViz and the legacy charts built on it: the rows pivoted on
 * `__timestamp` (columns: each metric × each combination of the groupby values, mean of
 * duplicates, pandas' pivot_table with dropna=False), optional rolling window or cumulative sum
 * and contribution, then one series per column `{key, values: [{x, y}]}`. The key is the metric
 * label without groupby, else the groupby values as text (the metric first only when there are
 * several metrics). Series without any value are left out. Sorted by key, or, for the stacked
 * kinds (bar, area), by their total, largest first.
 *
 * Horizon (`horizon`) is this viz unchanged; Rose (`rose`) regroups its series by time.
 * Not done: time comparison (`time_compare`, an extra query per shift) and resampling.
 */
import type { Cell, Row } from '~/lib/post-processing/frame';
import { compareCells, DTTM_ALIAS, groupbyOf, num, pyStr, type LegacyViz, type LegacyVizContext } from './common.server';

export interface Series {
  key: string | string[];
  values: { x: number; y: number | null }[];
  classed?: string;
}

/** The pivoted frame: sorted timestamps, and per column its key parts and values by timestamp index. */
export interface Pivot {
  index: number[];
  columns: { metric: string; groups: Cell[]; values: (number | null)[] }[];
}

/** pandas' pivot_table(index=__timestamp, columns=groupby, values=metrics, dropna=False), mean of duplicates. */
export function pivotOnTime(rows: Row[], metrics: string[], groupby: string[]): Pivot {
  // pandas' groupby leaves out rows with a missing key.
  const kept = rows.filter((r) => typeof r[DTTM_ALIAS] === 'number' && groupby.every((g) => r[g] !== null && r[g] !== undefined));
  const index = [...new Set(kept.map((r) => r[DTTM_ALIAS] as number))].sort((a, b) => a - b);
  const position = new Map(index.map((t, i) => [t, i]));
  // Every combination of each level's values (dropna=False), each level sorted.
  let combos: Cell[][] = [[]];
  for (const g of groupby) {
    const levelValues: Cell[] = [];
    const seen = new Set<string>();
    for (const r of kept) {
      const key = JSON.stringify(r[g]);
      if (!seen.has(key)) {
        seen.add(key);
        levelValues.push(r[g]);
      }
    }
    levelValues.sort(compareCells);
    combos = combos.flatMap((c) => levelValues.map((v) => [...c, v]));
  }
  const comboKey = (values: Cell[]) => JSON.stringify(values);
  const columns: Pivot['columns'] = [];
  for (const metric of metrics) {
    const sums = new Map<string, { sum: number[]; count: number[] }>();
    for (const combo of combos) sums.set(comboKey(combo), { sum: index.map(() => 0), count: index.map(() => 0) });
    for (const r of kept) {
      const value = num(r[metric]);
      if (value === null) continue;
      const cell = sums.get(comboKey(groupby.map((g) => r[g])));
      const i = position.get(r[DTTM_ALIAS] as number)!;
      if (cell) {
        cell.sum[i] += value;
        cell.count[i] += 1;
      }
    }
    for (const combo of combos) {
      const { sum, count } = sums.get(comboKey(combo))!;
      columns.push({ metric, groups: combo, values: sum.map((s, i) => (count[i] ? s / count[i] : null)) });
    }
  }
  return { index, columns };
}

function rolling(values: (number | null)[], kind: string, window: number, minPeriods: number): (number | null)[] {
  if (kind === 'cumsum') {
    let total = 0;
    return values.map((v) => (v === null ? null : (total += v)));
  }
  return values.map((_, i) => {
    const inWindow = values.slice(Math.max(0, i - window + 1), i + 1).filter((v): v is number => v !== null);
    if (inWindow.length < Math.max(minPeriods, 1)) return null;
    const sum = inWindow.reduce((a, b) => a + b, 0);
    if (kind === 'sum') return sum;
    const mean = sum / inWindow.length;
    if (kind === 'mean') return mean;
    if (inWindow.length < 2) return null;
    return Math.sqrt(inWindow.reduce((a, v) => a + (v - mean) ** 2, 0) / (inWindow.length - 1));
  });
}

/** NVD3TimeSeriesViz.process_data after the pivot: rolling, min_periods, contribution. */
export function processPivot(pivot: Pivot, formData: Record<string, unknown>): Pivot {
  let { index, columns } = pivot;
  const kind = typeof formData.rolling_type === 'string' ? formData.rolling_type : '';
  const periods = Number(formData.rolling_periods) || 0;
  const minPeriods = Number(formData.min_periods) || 0;
  if ((['mean', 'std', 'sum'].includes(kind) && periods) || kind === 'cumsum') {
    columns = columns.map((c) => ({ ...c, values: rolling(c.values, kind, periods, minPeriods) }));
  }
  if (minPeriods) {
    index = index.slice(minPeriods);
    columns = columns.map((c) => ({ ...c, values: c.values.slice(minPeriods) }));
  }
  if (formData.contribution) {
    const totals = index.map((_, i) => columns.reduce((t, c) => t + (c.values[i] ?? 0), 0));
    columns = columns.map((c) => ({ ...c, values: c.values.map((v, i) => (v === null || totals[i] === 0 ? null : v / totals[i])) }));
  }
  return { index, columns };
}

function keyOf(column: Pivot['columns'][number], metricCount: number): string | string[] {
  if (column.groups.length === 0) return column.metric;
  const parts = [column.metric, ...column.groups.map(pyStr)];
  return metricCount === 1 ? parts.slice(1) : parts;
}

const keyText = (key: string | string[]) => (Array.isArray(key) ? key : [...key]);

function compareKeys(a: string | string[], b: string | string[]): number {
  const pa = keyText(a);
  const pb = keyText(b);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) if (pa[i] !== pb[i]) return pa[i] < pb[i] ? -1 : 1;
  return pa.length - pb.length;
}

export function timeSeries(rows: Row[], ctx: LegacyVizContext, sortSeries: boolean): Series[] | null {
  if (rows.length === 0) return null;
  const pivot = processPivot(pivotOnTime(rows, ctx.metricLabels, groupbyOf(ctx.formData)), ctx.formData);
  const series = pivot.columns
    .filter((c) => c.values.some((v) => v !== null))
    .map((c) => ({
      series: { key: keyOf(c, ctx.metricLabels.length), values: pivot.index.map((x, i) => ({ x, y: c.values[i] })) } as Series,
      total: c.values.reduce<number>((t, v) => t + (v ?? 0), 0),
    }));
  if (sortSeries) return series.sort((a, b) => b.total - a.total).map((s) => s.series);
  return series.map((s) => s.series).sort((a, b) => compareKeys(a.key, b.key));
}

const nvd3 = (sortSeries: boolean): LegacyViz => ({ isTimeseries: true, data: (rows, ctx) => timeSeries(rows, ctx, sortSeries) });

/** line, compare and horizon keep series in key order; bar and area sort them by total. */
export const LINE = nvd3(false);
export const BAR = nvd3(true);
export const AREA = nvd3(true);
export const COMPARE = nvd3(false);
export const HORIZON = nvd3(false);

/**
 * Superset's RoseViz: the time series regrouped by time, keyed by the timestamp in nanoseconds
 * (pandas' Timestamp.value), each `{key, value, name, time}`, a missing value as 0.
 */
export const ROSE: LegacyViz = {
  isTimeseries: true,
  data(rows, ctx) {
    const series = timeSeries(rows, ctx, false);
    if (!series) return null;
    const result: Record<string, { key: string | string[]; value: number; name: string; time: number }[]> = {};
    for (const s of series) {
      for (const point of s.values) {
        const at = `${BigInt(point.x) * 1_000_000n}`;
        (result[at] ??= []).push({ key: s.key, value: point.y ?? 0, name: Array.isArray(s.key) ? s.key.join(', ') : s.key, time: point.x });
      }
    }
    return result;
  },
};
