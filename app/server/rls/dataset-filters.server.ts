/**
 * The filters on one dataset as Explore shows them beside the dataset (Superset's
 * `rls_filters` in the explore context): all of a filter to whoever may read row level
 * security, only its name and kind to others, so a chart author knows rows may be hidden
 * without learning how.
 */
import { hasPermission } from '~/lib/permissions';
import type { CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { RLS_VIEW } from './filters.server';

export type RlsFilterSummary = { id: number; name: string; filter_type: string; group_key: string | null; clause?: string; roles?: { id: number; name: string }[] };

export async function rlsFiltersOnDataset(user: CurrentUser, datasetId: number): Promise<RlsFilterSummary[]> {
  const { RowLevelSecurityFilter, Dataset, Role } = models();
  const detailed = hasPermission(user.roles, 'can_read', RLS_VIEW);
  const rows = await RowLevelSecurityFilter.findAll({
    attributes: ['id', 'name', 'filter_type', 'group_key', 'clause'],
    include: [
      { model: Dataset, as: 'tables', attributes: [], through: { attributes: [] }, where: { id: datasetId }, required: true },
      ...(detailed ? [{ model: Role, as: 'roles', attributes: ['id', 'name'], through: { attributes: [] } }] : []),
    ],
    order: [['id', 'ASC']],
  });
  return rows.map((r) => {
    const summary: RlsFilterSummary = { id: r.id, name: r.name, filter_type: r.filter_type, group_key: r.group_key };
    return detailed ? { ...summary, clause: r.clause, roles: (r.roles ?? []).map((role) => ({ id: role.id, name: role.name })) } : summary;
  });
}
