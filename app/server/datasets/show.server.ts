/**
 * One dataset as `GET /api/v1/dataset/{id}` answers it (Superset's DatasetRestApi show columns,
 * the subset Sightline has) and as the Explore page shows it. Needs can_read on Dataset and
 * access to the dataset (access.server.ts); a missing id is a 404. `q=(columns:!(…))` picks
 * fields, dotted for nested ones (`database.id`), as SQL Lab asks when it opens a dataset's query.
 */
import { humanizeDelta } from '~/lib/humanize';
import type { DatasetShowQuery } from '~/lib/dataset-inputs';
import { readDatasetExtra } from '~/lib/stored-json/dataset-extra';
import type { Dataset, User } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { InvalidInputError, NotFoundError } from '../domain-errors.server';
import { findEngineForUri } from '../engines/registry.server';
import type { Engine } from '../engines/types.server';
import { PERSON_ATTRIBUTES, person } from '../lists/people.server';
import { requireDatasetAccess } from './access.server';
import { readColumns, type DatasetColumn } from './columns.server';
import { datasetKind, type DatasetKind } from './kind.server';
import { limitOf } from '~/lib/sql/dialects/base';

export type DatasetDetail = {
  id: number;
  uuid: string;
  table_name: string;
  name: string;
  schema: string | null;
  sql: string | null;
  kind: DatasetKind;
  description: string | null;
  main_dttm_col: string | null;
  cache_timeout: number | null;
  extra: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  datasource_type: 'table';
  select_star: string;
  explore_url: string;
  database: { id: number; database_name: string; backend: string | null };
  columns: DatasetColumn[];
  metrics: never[];
  owners: { id: number; first_name: string; last_name: string }[];
  changed_on: string;
  changed_on_delta_humanized: string | null;
  created_on: string;
  created_by: { id: number; first_name: string; last_name: string } | null;
  changed_by: { id: number; first_name: string; last_name: string } | null;
};

const SELECT_STAR_LIMIT = 100;

function selectStar(dataset: Dataset, backend: Engine | null): string {
  const dialect = backend?.dialect;
  const from = dataset.sql
    ? `(\n${dataset.sql.trim().replace(/;\s*$/, '')}\n) AS virtual_table`
    : dialect ? dialect.qualifiedName(dataset.schema, dataset.table_name) : dataset.table_name;
  return `SELECT *\nFROM ${from}\n${limitOf(SELECT_STAR_LIMIT)}`;
}

/** The dataset with everything the page and the API show, after the permission and access checks. */
export async function getDatasetDetail(user: CurrentUser, id: number): Promise<DatasetDetail> {
  requirePermission(user, 'can_read', 'Dataset');
  const { Dataset, Database, User } = models();
  const dataset = await Dataset.findByPk(id, {
    include: [
      { model: Database, as: 'database', attributes: ['id', 'database_name', 'sqlalchemy_uri'] },
      { model: User, as: 'owners', attributes: PERSON_ATTRIBUTES, through: { attributes: [] } },
      { model: User, as: 'created_by', attributes: PERSON_ATTRIBUTES },
      { model: User, as: 'changed_by', attributes: PERSON_ATTRIBUTES },
    ],
  });
  const database = dataset?.database;
  if (!dataset || !database) throw new NotFoundError(`There is no dataset with id ${id}.`);
  requireDatasetAccess(user, { id: dataset.id, table_name: dataset.table_name, schema: dataset.schema, database });
  const engine = findEngineForUri(database.sqlalchemy_uri);
  const extra = readDatasetExtra(dataset.extra);
  return {
    id: dataset.id,
    uuid: dataset.uuid,
    table_name: dataset.table_name,
    name: dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name,
    schema: dataset.schema,
    sql: dataset.sql,
    kind: datasetKind(dataset),
    description: dataset.description,
    main_dttm_col: dataset.main_dttm_col,
    cache_timeout: dataset.cache_timeout,
    extra: dataset.extra,
    is_managed_externally: extra.is_managed_externally === true,
    external_url: extra.external_url ?? null,
    datasource_type: 'table',
    select_star: selectStar(dataset, engine),
    explore_url: `/explore/?datasource_type=table&datasource_id=${dataset.id}`,
    database: { id: database.id, database_name: database.database_name, backend: engine?.name ?? null },
    columns: await readColumns(dataset.id),
    metrics: [],
    owners: (dataset.owners ?? []).map((u: User) => ({ id: u.id, first_name: u.first_name, last_name: u.last_name })),
    changed_on: dataset.changed_on.toISOString(),
    changed_on_delta_humanized: humanizeDelta(dataset.changed_on),
    created_on: dataset.created_on.toISOString(),
    created_by: person(dataset.created_by),
    changed_by: person(dataset.changed_by),
  };
}

export const SHOW_COLUMNS: readonly string[] = [
  'id', 'uuid', 'table_name', 'name', 'schema', 'sql', 'kind', 'description', 'main_dttm_col', 'cache_timeout', 'extra',
  'is_managed_externally', 'external_url', 'datasource_type', 'select_star', 'explore_url', 'database.id', 'database.database_name',
  'database.backend', 'columns', 'metrics', 'owners', 'changed_on', 'changed_on_delta_humanized', 'created_on', 'created_by', 'changed_by',
];

/** The fields asked for, nested as the dotted names say; every name must be a show column. */
export function pickColumns(detail: DatasetDetail, columns: readonly string[]): Record<string, unknown> {
  const unknown = columns.filter((c) => !SHOW_COLUMNS.includes(c) && !SHOW_COLUMNS.some((s) => s.startsWith(`${c}.`)));
  if (unknown.length) throw new InvalidInputError(`Invalid q: unknown columns ${unknown.join(', ')}. Columns: ${SHOW_COLUMNS.join(', ')}.`);
  const source = detail as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const column of columns) {
    const [head, ...rest] = column.split('.');
    if (rest.length === 0) {
      out[head] = source[head];
      continue;
    }
    const inner = (source[head] ?? {}) as Record<string, unknown>;
    const target = (out[head] ??= {}) as Record<string, unknown>;
    target[rest.join('.')] = inner[rest.join('.')];
  }
  return out;
}

export async function showDataset(user: CurrentUser, id: number, query: DatasetShowQuery): Promise<Record<string, unknown>> {
  const detail = await getDatasetDetail(user, id);
  return {
    id,
    result: query.columns?.length ? pickColumns(detail, query.columns) : detail,
    show_columns: SHOW_COLUMNS,
    show_title: 'Show Sqla Table',
  };
}
