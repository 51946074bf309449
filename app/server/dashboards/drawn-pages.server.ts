/**
 * The drawings of a dashboard page's charts, kept for the next viewer of the same page. With the
 * chart data cache warm, drawing (transformProps and ECharts' SSR) is most of a page's CPU: 50
 * viewers of one dashboard would draw the same SVGs 50 times. A drawing is reused only when every
 * input is the same: the dashboard as saved (changed_on, metadata), the charts drawn and their
 * boxes, each chart's form data, and each query's cache entry (its cache key, which already holds
 * the user's row-level security, and the time it was cached, which changes when the data does).
 * A query answered from the database rather than the cache is not reused: a fresh answer may not
 * be in the cache at all. Process memory, bounded: it is a shortcut, not state another process needs.
 */
import { createHash } from 'node:crypto';
import type { QueriedChart, RenderedChart } from '../charts/render-chart.server';

const LIMIT = 32;
const TTL_MS = 10 * 60 * 1000;

const entries = new Map<string, { at: number; drawn: Record<string, RenderedChart> }>();

export type DrawnChartInput = { id: number; box: { width: number; height: number }; queried: QueriedChart };

/** The key of a page's drawings, or null when one of its charts must not be reused. */
export function drawingsKey(page: { dashboardId: number; changedOn: Date; metadata: string | null; charts: readonly DrawnChartInput[] }): string | null {
  const charts: unknown[] = [];
  for (const { id, box, queried } of page.charts) {
    if (queried.final) {
      // Failed or empty: the model is the message; nothing from the data to go stale.
      charts.push([id, box, queried.final.vizType, queried.final.model]);
      continue;
    }
    const queries = queried.chart.queriesData.map((q) => (q.is_cached && q.cache_key && q.cached_dttm ? [q.cache_key, q.cached_dttm] : null));
    if (queries.length === 0 || queries.some((q) => q === null)) return null;
    charts.push([id, box, queried.chart.formData, queries]);
  }
  const text = JSON.stringify([page.dashboardId, page.changedOn.toISOString(), page.metadata, charts]);
  return createHash('sha256').update(text).digest('hex');
}

export function reuseDrawings(key: string | null, now = Date.now()): Record<string, RenderedChart> | null {
  if (key === null) return null;
  const hit = entries.get(key);
  if (!hit) return null;
  entries.delete(key);
  if (now - hit.at > TTL_MS) return null;
  entries.set(key, hit);
  return hit.drawn;
}

export function keepDrawings(key: string | null, drawn: Record<string, RenderedChart>, now = Date.now()): void {
  if (key === null) return;
  entries.delete(key);
  entries.set(key, { at: now, drawn });
  while (entries.size > LIMIT) entries.delete(entries.keys().next().value as string);
}
