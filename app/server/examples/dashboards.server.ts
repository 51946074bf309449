/**
 * Registers the example dashboards (dashboard-definitions/) and their charts (charts.server.ts) on
 * an examples database, as Superset's examples loader does: published, owned by the admin user
 * when there is one. It trusts the definitions and adds only what is missing: a dashboard whose
 * uuid is in the store is left as its owners edited it (renamed, re-laid out, unpublished), a
 * slug someone else took is skipped with a log line, and a dashboard whose charts cannot all be
 * made (their datasets are not on this database) is skipped with a log line too. Running it
 * again adds nothing. It reads no warehouse: the database record is all it needs, whatever the
 * engine, so a bench may call it for a PostgreSQL examples database as well.
 */
import { Op } from 'sequelize';
import { chartIdsInLayout, layoutToJson } from '~/lib/dashboard/layout';
import type { Database } from '../../../db/index';
import { models, store } from '../db.server';
import { registerExampleCharts, type SavedExampleChart } from './charts.server';
import { EXAMPLE_CHARTS } from './chart-definitions/index.server';
import { chartsOf, EXAMPLE_DASHBOARDS, type ExampleDashboard } from './dashboard-definitions/index.server';
import { exampleLayout } from './dashboard-definitions/to-layout.server';

type Log = (message: string) => void;

export type ExamplesRegistered = { charts: number; dashboards: number };

/** The user example charts and dashboards belong to: "admin" (bootstrap's), else the first Admin; null when neither exists. */
export async function exampleOwnerId(): Promise<number | null> {
  const { User, Role } = models();
  const admin = (await User.findOne({ attributes: ['id'], where: { username: 'admin' } }))
    ?? (await User.findOne({ attributes: ['id'], include: [{ model: Role, as: 'roles', attributes: [], where: { name: 'Admin' } }], order: [['id', 'ASC']] }));
  return admin?.id ?? null;
}

async function create(def: ExampleDashboard, charts: ReadonlyMap<string, SavedExampleChart>, ownerId: number | null): Promise<void> {
  const layout = exampleLayout(def, charts);
  const chartIds = chartIdsInLayout(layout);
  await store().sequelize.transaction(async (transaction) => {
    const dashboard = await models().Dashboard.create({
      uuid: def.uuid,
      dashboard_title: def.dashboard_title,
      slug: def.slug,
      description: def.description ?? null,
      position_json: layoutToJson(layout),
      json_metadata: JSON.stringify(def.metadata),
      css: '',
      published: true,
    }, { transaction });
    const qi = store().sequelize.getQueryInterface();
    if (ownerId !== null) await qi.bulkInsert('dashboard_owners', [{ dashboard_id: dashboard.id, user_id: ownerId }], { transaction });
    if (chartIds.length) await qi.bulkInsert('dashboard_charts', chartIds.map((id) => ({ dashboard_id: dashboard.id, chart_id: id })), { transaction });
  });
}

/** Adds the example charts and dashboards the store lacks on `database`; answers how many of each it added. */
export async function registerExampleDashboards(database: Database, log: Log): Promise<ExamplesRegistered> {
  const { Dashboard } = models();
  const ownerId = await exampleOwnerId();
  const { added, charts } = await registerExampleCharts(database, ownerId, log, EXAMPLE_CHARTS);
  const known = await Dashboard.findAll({
    attributes: ['uuid', 'slug'],
    where: { [Op.or]: [{ uuid: { [Op.in]: EXAMPLE_DASHBOARDS.map((d) => d.uuid) } }, { slug: { [Op.in]: EXAMPLE_DASHBOARDS.map((d) => d.slug) } }] },
  });
  const uuids = new Set(known.map((d) => d.uuid));
  const slugs = new Set(known.map((d) => d.slug));
  let dashboards = 0;
  for (const def of EXAMPLE_DASHBOARDS) {
    if (uuids.has(def.uuid)) continue;
    if (slugs.has(def.slug)) {
      log(`a dashboard with the slug "${def.slug}" already exists; the example dashboard "${def.dashboard_title}" is not added`);
      continue;
    }
    const lacking = chartsOf(def.layout).filter((c) => !charts.has(c.uuid));
    if (lacking.length) {
      log(`the example dashboard "${def.dashboard_title}" is not added: ${lacking.length} of its charts could not be made on "${database.database_name}"`);
      continue;
    }
    await create(def, charts, ownerId);
    dashboards++;
  }
  return { charts: added, dashboards };
}
