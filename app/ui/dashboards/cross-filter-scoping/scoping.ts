/**
 * The cross-filter scoping dialog's pure parts: the scoping it shows, read from the dashboard's
 * json_metadata (chart_configuration, global_chart_configuration; app/lib/dashboard/native-filters/
 * scope.ts reads them the same way when it applies cross-filters), and the json_metadata it saves:
 * every other key kept, the global scope and each chart's scope written as Superset writes them,
 * each with the charts it reaches (`chartsInScope`) computed from the layout.
 *
 * A scope is kept as the charts left out of the whole dashboard (rootPath ROOT_ID): a chart added
 * later is then in scope, as the default (global) scope has it.
 */
import { DASHBOARD_ROOT_ID, type DashboardLayout } from '~/lib/dashboard/layout';
import {
  GLOBAL_SCOPE_POINTER, chartsInScope, crossFilterChartsInScope, crossFilterScopeOf, globalCrossFilterScope, type ScopeOptions,
} from '~/lib/dashboard/native-filters/scope';
import type { FilterScope } from '~/lib/dashboard/native-filters/types';

export type CrossFilterScoping = {
  /** The charts the global scope leaves out. */
  globalExcluded: number[];
  /** Per chart with a scope of its own (not the global one): the other charts it leaves out. */
  custom: Record<number, number[]>;
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The scoping the metadata holds, over the given charts. */
export function readScoping(layout: DashboardLayout, metadata: Record<string, unknown>, chartIds: readonly number[], options: ScopeOptions = {}): CrossFilterScoping {
  const global = new Set(chartsInScope(layout, globalCrossFilterScope(metadata), options));
  const custom: Record<number, number[]> = {};
  for (const id of chartIds) {
    const { scope, global: followsGlobal } = crossFilterScopeOf(metadata, id);
    if (followsGlobal) continue;
    const reached = new Set(chartsInScope(layout, scope, options));
    custom[id] = chartIds.filter((other) => other !== id && !reached.has(other));
  }
  return { globalExcluded: chartIds.filter((id) => !global.has(id)), custom };
}

const scopeLeaving = (excluded: readonly number[]): FilterScope => ({ rootPath: [DASHBOARD_ROOT_ID], excluded: [...new Set(excluded)] });

/**
 * The json_metadata to save: the stored one with global_chart_configuration and
 * chart_configuration set from the scoping (charts following the global scope say 'global'),
 * entries of charts no longer on the layout kept, every `chartsInScope` recomputed.
 */
export function scopingMetadata(layout: DashboardLayout, metadata: Record<string, unknown>, scoping: CrossFilterScoping, chartIds: readonly number[], options: ScopeOptions = {}): Record<string, unknown> {
  const globalScope = scopeLeaving(scoping.globalExcluded);
  const previousGlobal = isObject(metadata.global_chart_configuration) ? metadata.global_chart_configuration : {};
  const previous = isObject(metadata.chart_configuration) ? metadata.chart_configuration : {};
  const ids = new Set([...chartIds, ...Object.keys(previous).map(Number).filter(Number.isInteger)]);

  const configuration: Record<string, Record<string, unknown>> = {};
  for (const id of ids) {
    const entry = isObject(previous[String(id)]) ? (previous[String(id)] as Record<string, unknown>) : {};
    const crossFilters = isObject(entry.crossFilters) ? entry.crossFilters : {};
    const own = scoping.custom[id];
    // A chart off the layout keeps what it had; the others take the dialog's choice.
    const scope = chartIds.includes(id) ? (own ? scopeLeaving([id, ...own]) : GLOBAL_SCOPE_POINTER) : (crossFilters.scope ?? GLOBAL_SCOPE_POINTER);
    configuration[String(id)] = { ...entry, id, crossFilters: { ...crossFilters, scope } };
  }
  const next: Record<string, unknown> = {
    ...metadata,
    global_chart_configuration: { ...previousGlobal, scope: globalScope, chartsInScope: chartsInScope(layout, globalScope, options) },
    chart_configuration: configuration,
  };
  for (const [id, entry] of Object.entries(configuration)) {
    (entry.crossFilters as Record<string, unknown>).chartsInScope = crossFilterChartsInScope(layout, next, Number(id), options);
  }
  return next;
}

/** The charts a chart's cross-filters reach under the scoping (the dialog's list for a chart following the global scope). */
export function reachedBy(scoping: CrossFilterScoping, chartId: number, chartIds: readonly number[]): number[] {
  const left = new Set(scoping.custom[chartId] ?? scoping.globalExcluded);
  return chartIds.filter((id) => id !== chartId && !left.has(id));
}
