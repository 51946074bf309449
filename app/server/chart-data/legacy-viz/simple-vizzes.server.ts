/**
 * Superset's smaller legacy viz classes, each a reshaping of its rows: country_map, bubble,
 * bullet, sankey (the d3 one, not sankey_v2), directed_force, paired_ttest and time_table.
 */
import type { Cell, Row } from '~/lib/post-processing/frame';
import { asList, columnField, compareCells, groupbyOf, LegacyVizError, metricName, num, pyStr, requiredMetric, type Json, type LegacyViz } from './common.server';
import { pivotOnTime } from './nvd3-time-series.server';

/** CountryMapViz: `{country_id, metric}` per value of the `entity` column. */
export const COUNTRY_MAP: LegacyViz = {
  query(query, formData) {
    const entity = columnField(formData, 'entity');
    return { ...query, columns: entity ? [entity] : [], metrics: asList(formData.metric).slice(0, 1) };
  },
  data(rows, { formData }) {
    if (rows.length === 0) return null;
    const entity = columnField(formData, 'entity') ?? '';
    const metric = requiredMetric(formData, 'metric', 'Pick a metric');
    return rows.map((r) => ({ country_id: r[entity] ?? null, metric: r[metric] ?? null }));
  },
};

/** BubbleViz: grouped by entity (and series), metrics size, x, y; rows grouped into `{key, values}` by series. */
export const BUBBLE: LegacyViz = {
  query(query, formData) {
    const entity = columnField(formData, 'entity');
    const series = columnField(formData, 'series');
    const metrics = [formData.size, formData.x, formData.y];
    if (!entity || metrics.some((m) => metricName(m) === null)) throw new LegacyVizError('Pick a metric for x, y and size');
    const out: Json = { ...query, columns: series ? [entity, series] : [entity], metrics };
    // BubbleViz reads `limit` as the row limit, not a series limit.
    delete out.series_limit;
    const limit = Number(formData.limit);
    if (Number.isInteger(limit) && limit > 0) out.row_limit = limit;
    return out;
  },
  data(rows, { formData }) {
    if (rows.length === 0) return null;
    const group = columnField(formData, 'series') ?? columnField(formData, 'entity') ?? '';
    const [x, y, size] = [metricName(formData.x)!, metricName(formData.y)!, metricName(formData.size)!];
    const series = new Map<string, { key: Cell; values: Row[] }>();
    for (const r of rows) {
      const row: Row = { ...r, x: r[x] ?? null, y: r[y] ?? null, size: r[size] ?? null, shape: 'circle', group: r[group] ?? null };
      const key = JSON.stringify(row.group);
      if (!series.has(key)) series.set(key, { key: row.group, values: [] });
      series.get(key)!.values.push(row);
    }
    return [...series.values()];
  },
};

const strings = (formData: Json, key: string) => (typeof formData[key] === 'string' && formData[key] ? (formData[key] as string).split(',') : []);
const floats = (formData: Json, key: string) =>
  strings(formData, key).map((s) => {
    const n = Number(s);
    if (s.trim() === '' || !Number.isFinite(n)) throw new LegacyVizError(`${key}: could not convert string to float: '${s}'`);
    return n;
  });

/** BulletViz: the metric's values as measures, with the ranges and markers the form data lists. */
export const BULLET: LegacyViz = {
  query(query, formData) {
    if (metricName(formData.metric) === null) throw new LegacyVizError('Pick a metric to display');
    return { ...query, metrics: [formData.metric] };
  },
  data(rows, { formData }) {
    if (rows.length === 0) return null;
    const metric = requiredMetric(formData, 'metric', 'Pick a metric to display');
    const measures = rows.map((r) => r[metric] ?? null);
    const ranges = floats(formData, 'ranges');
    const numbers = measures.map(num).filter((v): v is number => v !== null);
    const orNull = <T>(list: T[]) => (list.length ? list : null);
    return {
      measures,
      ranges: ranges.length ? ranges : [0, (numbers.length ? Math.max(...numbers) : 0) * 1.1],
      rangeLabels: orNull(strings(formData, 'range_labels')),
      markers: orNull(floats(formData, 'markers')),
      markerLabels: orNull(strings(formData, 'marker_labels')),
      markerLines: orNull(floats(formData, 'marker_lines')),
      markerLineLabels: orNull(strings(formData, 'marker_line_labels')),
    };
  },
};

function sourceTargetValue(rows: Row[], formData: Json): { source: Cell; target: Cell; value: Cell }[] {
  const [source, target] = groupbyOf(formData);
  const metric = requiredMetric(formData, 'metric', 'Pick a metric');
  return rows.map((r) => ({ source: r[source] ?? null, target: r[target] ?? null, value: r[metric] ?? null }));
}

function twoColumns(message: string) {
  return (query: Json, formData: Json): Json => {
    if (groupbyOf(formData).length !== 2) throw new LegacyVizError(message);
    return { ...query, columns: groupbyOf(formData), metrics: asList(formData.metric).slice(0, 1) };
  };
}

/** SankeyViz: `{source, target, value}` links as text; a loop is refused with the faulty link. */
export const SANKEY: LegacyViz = {
  query: twoColumns('Pick exactly 2 columns as [Source / Target]'),
  data(rows, { formData }) {
    if (rows.length === 0) return null;
    const links = sourceTargetValue(rows, formData).map((l) => ({ source: pyStr(l.source), target: pyStr(l.target), value: l.value }));
    const graph = new Map<string, Set<string>>();
    for (const l of links) {
      if (!graph.has(l.source)) graph.set(l.source, new Set());
      graph.get(l.source)!.add(l.target);
    }
    const onPath = new Set<string>();
    const visit = (vertex: string): [string, string] | null => {
      onPath.add(vertex);
      for (const next of graph.get(vertex) ?? []) {
        if (onPath.has(next)) return [vertex, next];
        const found = visit(next);
        if (found) return found;
      }
      onPath.delete(vertex);
      return null;
    };
    for (const vertex of graph.keys()) {
      const cycle = visit(vertex);
      if (cycle) throw new LegacyVizError(`There's a loop in your Sankey, please provide a tree. Here's a faulty link: ('${cycle[0]}', '${cycle[1]}')`);
    }
    return links;
  },
};

/** DirectedForceViz: `{source, target, value}` links as they come. */
export const DIRECTED_FORCE: LegacyViz = {
  query: twoColumns("Pick exactly 2 columns to 'Group By'"),
  data: (rows, { formData }) => (rows.length ? sourceTargetValue(rows, formData) : null),
};

/**
 * PairedTTestViz: per metric, one `{group, values: [{x, y}]}` per combination of the groupby
 * values (`group` the values as text, or 'All' without groupby), over every timestamp.
 */
export const PAIRED_TTEST: LegacyViz = {
  isTimeseries: true,
  data(rows, { formData }) {
    if (rows.length === 0) return null;
    const metrics = asList(formData.metrics).map(metricName).filter((m): m is string => m !== null);
    const pivot = pivotOnTime(rows, metrics, groupbyOf(formData));
    const data: Record<string, { group: string | string[]; values: { x: number; y: number | null }[] }[]> = {};
    for (const column of pivot.columns) {
      (data[column.metric] ??= []).push({
        group: column.groups.length ? column.groups.map(pyStr) : 'All',
        values: pivot.index.map((x, i) => ({ x, y: column.values[i] })),
      });
    }
    return data;
  },
};

/** Pandas' str() of a timestamp index value, as time_table's record keys. */
const timestampText = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace(/\.000Z$/, '').replace(/Z$/, '');

/**
 * TimeTableViz: records by timestamp text (`2020-01-01 00:00:00`), each metric's value, or with
 * a groupby the first metric's value per group; `columns` the metric labels or group values.
 */
export const TIME_TABLE: LegacyViz = {
  isTimeseries: true,
  query(query, formData) {
    const metrics = asList(formData.metrics);
    if (!metrics.length) throw new LegacyVizError('Pick at least one metric');
    if (groupbyOf(formData).length && metrics.length > 1) throw new LegacyVizError("When using 'Group By' you are limited to use a single metric");
    return query;
  },
  data(rows, { formData, metricLabels }) {
    if (rows.length === 0) return null;
    const groupby = groupbyOf(formData);
    const metrics = groupby.length ? metricLabels.slice(0, 1) : metricLabels;
    const pivot = pivotOnTime(rows, metrics, groupby);
    const columns = pivot.columns.map((c) => (groupby.length ? (groupby.length === 1 ? c.groups[0] : c.groups) : c.metric));
    const records: Record<string, Record<string, number | null>> = {};
    pivot.index.forEach((t, i) => {
      records[timestampText(t)] = Object.fromEntries(pivot.columns.map((c, j) => [Array.isArray(columns[j]) ? (columns[j] as Cell[]).map(pyStr).join(', ') : pyStr(columns[j] as Cell), c.values[i]]));
    });
    return { records, columns: [...columns].sort((a, b) => compareCells(a as Cell, b as Cell)), is_group_by: groupby.length > 0 };
  },
};


