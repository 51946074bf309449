/**
 * Superset's ChordViz: grouped by `groupby` (source) and `columns` (target), one metric; the
 * data is the nodes (every source and target, first seen first) and the square matrix d3-chord
 * wants, `matrix[i][j]` the value from node j to node i as Superset builds it, 0 where no row is.
 */
import { asList, columnField, requiredMetric, type Json, type LegacyViz } from './common.server';
import type { Cell } from '~/lib/post-processing/frame';

export const CHORD: LegacyViz = {
  query(query: Json, formData: Json): Json {
    const source = columnField(formData, 'groupby');
    const target = columnField(formData, 'columns');
    return { ...query, columns: [source, target].filter((c) => c !== null), metrics: asList(formData.metric).slice(0, 1) };
  },
  data(rows, { formData }) {
    if (rows.length === 0) return null;
    const source = columnField(formData, 'groupby') ?? '';
    const target = columnField(formData, 'columns') ?? '';
    const metric = requiredMetric(formData, 'metric', 'Pick a metric');
    const nodes: Cell[] = [];
    const ids = new Map<string, number>();
    const idOf = (cell: Cell) => {
      const key = JSON.stringify(cell);
      if (!ids.has(key)) {
        ids.set(key, nodes.length);
        nodes.push(cell);
      }
      return ids.get(key)!;
    };
    const links = rows.map((r) => ({ from: idOf(r[source] ?? null), to: idOf(r[target] ?? null), value: r[metric] ?? null }));
    const matrix: Cell[][] = nodes.map(() => nodes.map(() => 0));
    for (const link of links) matrix[link.to][link.from] = link.value;
    return { nodes, matrix };
  },
};
