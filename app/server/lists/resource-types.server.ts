/**
 * What a resource of the generic API is: its model, the permission view guarding it, the
 * columns a list may answer, order by and filter on, its related and distinct columns, and its
 * favourites. Each domain defines its own (charts/resource.server.ts, …) and the one table
 * (resources.server.ts) names them; the list, info, related, distinct and favourite functions
 * read only these, so adding a resource is adding a definition.
 */
import type { Model, ModelStatic, WhereOptions } from 'sequelize';
import type { ListFilterValue } from '~/lib/list-query';
import type { CurrentUser } from '../auth/current-user.server';

/**
 * Associations a list may load. Each is loaded with an explicit, safe attribute list (never a
 * secret). `user` is the person who ran a query (queries have no created_by); `datasource` is
 * not an association but the resource's loadExtras (a chart's dataset name).
 */
export type Relation = 'created_by' | 'changed_by' | 'owners' | 'database' | 'dashboards' | 'datasource' | 'user';

/** One top-level field of a list row. Relation fields answer objects (or arrays) that dotted columns project. */
export type FieldDef<M extends Model = Model> = {
  get(row: M, extras: RowExtras): unknown;
  needs?: Relation;
  /** The header `label_columns` answers; defaults to the name in title case. */
  label?: string;
};

/** Data loaded for a page in one extra query rather than a join (e.g. chart → dataset name). */
export type RowExtras = { datasourceNames: Map<number, string> };

/** How `order_column` maps to SQL: a column of the model, or of a to-one relation (joined for the order). */
export type OrderDef = { column: string; relation?: OrderRelation; text?: boolean };
export type OrderRelation = 'created_by' | 'changed_by' | 'database' | 'user';

export type FilterContext = {
  user: CurrentUser;
  /** The SQL alias of the resource's table (Sequelize uses the model name). */
  alias: string;
  /** The filter's `col` and `opr`, for error messages. */
  col: string;
  opr: string;
};

export type FilterOperatorDef = {
  operator: string;
  /** The label `_info` answers for it (Superset's names: "Contains", "Relation", "Is favorite", …). */
  name: string;
  where(value: ListFilterValue, ctx: FilterContext): WhereOptions;
};

/** A `related/{column}` source: users, databases for datasets and saved queries, roles for dashboards. */
export type RelatedKind = 'user' | 'database' | 'role';

export type ResourceDefinition<M extends Model = Model> = {
  /** The URL segment: /api/v1/<name>/. */
  name: string;
  /** The permission view (`can_read` on it guards reading). */
  view: string;
  /** Human name for titles: "Chart" → "List Chart", "Add Chart". */
  title: string;
  model(): ModelStatic<M>;
  fields: Record<string, FieldDef<M>>;
  /** Columns a list answers when `select_columns` is absent; dotted names select from relations. */
  listColumns: string[];
  orderColumns: Record<string, OrderDef>;
  defaultOrder: { column: string; direction: 'asc' | 'desc' };
  searchFilters: Record<string, FilterOperatorDef[]>;
  related: Record<string, RelatedKind>;
  distinct: string[];
  /** Permissions `_info` reports the user's share of, beside can_read. */
  permissions: string[];
  /** `favorites.class_name` for this resource, when it has favourites. */
  favoriteClassName?: string;
  /** Data for the `datasource` fields of a page's rows, in one query rather than a join. */
  loadExtras?(rows: M[]): Promise<RowExtras>;
  // Which rows a user may see is not declared here: it belongs to the model and lives in
  // app/server/access/visibility.server.ts, which the pages' lists read as well.
};

/** Erases the row type so definitions of different models fit one registry. */
export function defineResource<M extends Model>(definition: ResourceDefinition<M>): ResourceDefinition {
  return definition as unknown as ResourceDefinition;
}
