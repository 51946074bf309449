/**
 * The rison `q` arguments of Superset's generic resource endpoints, as zod schemas shared by the
 * server (which validates) and clients (which build them). Shapes follow Superset's OpenAPI
 * document (`get_list_schema`, `get_info_schema`, `get_related_schema`, `get_fav_star_ids_schema`).
 *
 * Unknown keys are dropped rather than refused, as Superset's validation lets them through:
 * clients written against Superset keep working.
 *
 * Page size: Superset (Flask-AppBuilder) answers 20 rows when `page_size` is absent, so we do
 * too; more than MAX_PAGE_SIZE in one request is refused with a 400 rather than silently cut,
 * so a client never mistakes a short page for the whole list (it can page with `page`).
 */
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

const Page = z.number().int().min(0, 'page counts from 0');
const PageSize = z.number().int().min(1).max(MAX_PAGE_SIZE);

const FilterScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const ListFilterValueSchema = z.union([FilterScalar, z.array(FilterScalar)]);
export type ListFilterValue = z.infer<typeof ListFilterValueSchema>;

export const ListFilterSchema = z.object({
  col: z.string().min(1),
  opr: z.string().min(1),
  value: ListFilterValueSchema,
});
export type ListFilter = z.infer<typeof ListFilterSchema>;

export const LIST_KEYS = ['list_columns', 'order_columns', 'label_columns', 'description_columns', 'list_title', 'none'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

export const ListQuerySchema = z.object({
  order_column: z.string().min(1).optional(),
  order_direction: z.enum(['asc', 'desc']).optional(),
  page: Page.default(0),
  page_size: PageSize.default(DEFAULT_PAGE_SIZE),
  filters: z.array(ListFilterSchema).default([]),
  /** The columns to answer; unknown names are ignored, as in Superset. */
  select_columns: z.array(z.string()).optional(),
  /** Superset accepts `columns` as a synonym of `select_columns` on some endpoints. */
  columns: z.array(z.string()).optional(),
  /** Which metadata keys to add to the answer; absent means all of them, `none` means none. */
  keys: z.array(z.enum(LIST_KEYS)).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;
export type ListQueryInput = z.input<typeof ListQuerySchema>;

export const INFO_KEYS = ['add_columns', 'edit_columns', 'filters', 'permissions', 'add_title', 'edit_title', 'none'] as const;
export type InfoKey = (typeof INFO_KEYS)[number];

const ColumnPaging = z.object({ page: Page.optional(), page_size: PageSize.optional() });

export const InfoQuerySchema = z.object({
  keys: z.array(z.enum(INFO_KEYS)).optional(),
  add_columns: z.record(z.string(), ColumnPaging).optional(),
  edit_columns: z.record(z.string(), ColumnPaging).optional(),
});
export type InfoQuery = z.infer<typeof InfoQuerySchema>;

/** For `related/{column}` and `distinct/{column}`: a text filter, paging, and ids to always include. */
export const RelatedQuerySchema = z.object({
  filter: z.string().max(500).default(''),
  page: Page.default(0),
  page_size: PageSize.default(DEFAULT_PAGE_SIZE),
  include_ids: z.array(z.number().int()).default([]),
});
export type RelatedQuery = z.infer<typeof RelatedQuerySchema>;

/** `favorite_status/?q=!(1,2,3)`: the ids to ask about. */
export const FavoriteStatusQuerySchema = z.array(z.number().int().positive()).max(MAX_PAGE_SIZE);
export type FavoriteStatusQuery = z.infer<typeof FavoriteStatusQuerySchema>;

/** Whether an answer should carry a metadata key, with Superset's rule: no `keys` means every key. */
export function wantsKey<K extends string>(keys: readonly K[] | undefined, key: K): boolean {
  if (!keys || keys.length === 0) return true;
  return keys.includes(key);
}
