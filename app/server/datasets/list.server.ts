/**
 * The datasets page's list. Holders of ('can_read', 'Dataset') see the datasets they may access
 * (Superset's DatasourceFilter, the datasets' row scope, applied by the list engine).
 */
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { findPage, type ListPage, type ListSpec, type PageQuery } from '../lists/page-query.server';
import { searchWhere } from '../lists/sql.server';
import { datasetKind, type DatasetKind } from './kind.server';

export type DatasetRow = {
  id: number;
  name: string;
  database: string | null;
  schema: string | null;
  kind: DatasetKind;
  changedOn: string;
};

export type DatasetSort = 'name' | 'schema' | 'changed_on';

export const DATASET_LIST: ListSpec<DatasetSort> = {
  sorts: { name: { column: 'table_name', text: true }, schema: { column: 'schema', text: true }, changed_on: { column: 'changed_on' } },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};

export async function listDatasets(actor: CurrentUser, query: PageQuery<DatasetSort>): Promise<ListPage<DatasetRow, DatasetSort>> {
  requirePermission(actor, 'can_read', 'Dataset');
  const { Dataset, Database } = models();
  return findPage(Dataset, DATASET_LIST, query, {
    actor,
    where: searchWhere(['Dataset.table_name'], query.search),
    include: [{ model: Database, as: 'database', attributes: ['id', 'database_name'] }],
  }, (datasets) => datasets.map((d) => ({
    id: d.id,
    name: d.table_name,
    database: d.database?.database_name ?? null,
    schema: d.schema,
    kind: datasetKind(d),
    changedOn: d.changed_on.toISOString(),
  })));
}
