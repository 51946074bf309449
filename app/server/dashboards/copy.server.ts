/**
 * `POST /api/v1/dashboard/{id_or_slug}/copy/`, Superset's CopyDashboardCommand ("Save as"): a new
 * dashboard owned by the caller alone, a draft, with the given title, CSS and metadata, whose
 * layout is the metadata's `positions` (else the original's layout). Needs can_write on Dashboard
 * and the original within reach (404); `duplicate_slices` also needs can_write on Chart and copies
 * the charts on the original the caller may see, owned by the caller, pointing the layout at the
 * copies. Charts out of the caller's sight are neither copied nor linked.
 */
import type { Transaction } from 'sequelize';
import { parseJsonText } from '~/lib/safe-json';
import type { Chart } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { getVisibleDashboard, VIEW, visibleChartIds, visibleChartsOn } from './access.server';
import type { DashboardCopyInput, DashboardRef } from './inputs.server';
import { chartIdsOf, LayoutSchema, repointCharts, type Layout } from './layout.server';
import { lastModifiedTime, replaceDashboardLinks, splitLayout, UNTITLED_DASHBOARD } from './mutations.server';

export type CopiedDashboard = { result: { id: number; last_modified_time: number } };

/** The original's stored layout, when it is one (a stored text this server did not write may not be). */
function storedLayout(text: string | null): Layout | null {
  if (!text) return null;
  try {
    const parsed = LayoutSchema.safeParse(parseJsonText(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function cloneCharts(user: CurrentUser, charts: Chart[], transaction: Transaction): Promise<Map<number, number>> {
  const copies = new Map<number, number>();
  for (const chart of charts) {
    const copy = await models().Chart.create({
      slice_name: chart.slice_name,
      viz_type: chart.viz_type,
      datasource_id: chart.datasource_id,
      datasource_type: chart.datasource_type,
      params: chart.params,
      query_context: chart.query_context,
      description: chart.description,
      cache_timeout: chart.cache_timeout,
      created_by_fk: user.id,
      changed_by_fk: user.id,
    }, { transaction });
    await store().sequelize.getQueryInterface().bulkInsert('chart_owners', [{ chart_id: copy.id, user_id: user.id }], { transaction });
    copies.set(chart.id, copy.id);
  }
  return copies;
}

export async function copyDashboard(user: CurrentUser, ref: DashboardRef, input: DashboardCopyInput): Promise<CopiedDashboard> {
  requirePermission(user, 'can_write', VIEW);
  if (input.duplicate_slices) requirePermission(user, 'can_write', 'Chart');
  const original = await getVisibleDashboard(user, ref);
  const charts = await visibleChartsOn(user, original.id);
  const given = splitLayout(undefined, input.json_metadata);
  const { Dashboard } = models();
  const copy = await store().sequelize.transaction(async (transaction) => {
    const copies = input.duplicate_slices ? await cloneCharts(user, charts, transaction) : new Map<number, number>();
    const source = given.layout ?? storedLayout(original.position_json);
    const layout = source ? repointCharts(source, copies) : null;
    let chartIds: number[];
    if (layout) {
      // Copies are the caller's and on datasets they see; any other chart the layout names must be visible to them.
      const named = chartIdsOf(layout);
      const copied = new Set(copies.values());
      const visible = await visibleChartIds(user, named.filter((id) => !copied.has(id)));
      chartIds = named.filter((id) => copied.has(id) || visible.has(id));
    } else {
      chartIds = input.duplicate_slices ? [...copies.values()] : charts.map((c) => c.id);
    }
    const created = await Dashboard.create({
      dashboard_title: input.dashboard_title || UNTITLED_DASHBOARD,
      css: input.css ?? null,
      json_metadata: given.jsonMetadata || null,
      position_json: layout ? JSON.stringify(layout) : null,
      published: false,
      created_by_fk: user.id,
      changed_by_fk: user.id,
    }, { transaction });
    await replaceDashboardLinks('dashboard_owners', created.id, 'user_id', [user.id], transaction);
    await replaceDashboardLinks('dashboard_charts', created.id, 'chart_id', chartIds, transaction);
    return created;
  });
  return { result: { id: copy.id, last_modified_time: lastModifiedTime(copy) } };
}

