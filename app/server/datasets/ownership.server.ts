/**
 * Who may change a dataset, as Superset decides it: can_write on Dataset (403), a dataset that
 * exists (404) and that the user may see (access.server.ts, 403), and being one of its owners or
 * an Admin (403 with the editor's own words). A dataset managed externally (its definition lives
 * in another tool) is not changed here: 422, as the editor's disabled Save says.
 */
import { isAdmin } from '~/lib/permissions';
import type { Dataset } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { ForbiddenError, NotFoundError, UnprocessableError } from '../domain-errors.server';
import { requireDatasetAccess } from './access.server';

export const VIEW = 'Dataset';

export const OWNERS_ONLY = 'You must be a dataset owner in order to edit. Please reach out to a dataset owner to request modifications or edit access.';

export function isDatasetOwner(user: Pick<CurrentUser, 'id' | 'roles'>, dataset: Pick<Dataset, 'owners'>): boolean {
  return isAdmin(user.roles) || (dataset.owners ?? []).some((o) => o.id === user.id);
}

/** The dataset with its database and owners, after the existence and access checks (no write check). */
export async function findVisibleDataset(user: CurrentUser, id: number): Promise<Dataset> {
  const { Dataset: Datasets, Database, User } = models();
  const dataset = await Datasets.findByPk(id, {
    include: [
      { model: Database, as: 'database' },
      { model: User, as: 'owners', attributes: ['id', 'username', 'first_name', 'last_name'], through: { attributes: [] } },
    ],
  });
  const database = dataset?.database;
  if (!dataset || !database) throw new NotFoundError(`There is no dataset with id ${id}.`);
  requireDatasetAccess(user, { id: dataset.id, table_name: dataset.table_name, schema: dataset.schema, database });
  return dataset;
}

/** The dataset `user` may change: can_write, visible, and owned (or Admin). */
export async function findOwnedDataset(user: CurrentUser, id: number): Promise<Dataset> {
  requirePermission(user, 'can_write', VIEW);
  const dataset = await findVisibleDataset(user, id);
  if (!isDatasetOwner(user, dataset)) throw new ForbiddenError(OWNERS_ONLY);
  return dataset;
}

export function requireNotManagedExternally(dataset: Pick<Dataset, 'is_managed_externally' | 'external_url' | 'table_name'>): void {
  if (!dataset.is_managed_externally) return;
  const where = dataset.external_url ? ` Edit it at ${dataset.external_url}.` : '';
  throw new UnprocessableError(`The dataset ${dataset.table_name} is managed externally and cannot be edited in Sightline.${where}`);
}
