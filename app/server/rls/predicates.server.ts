/**
 * Row-level security as the chart data engine applies it: the WHERE predicates a user's roles
 * put on a dataset. Regular filters apply to their roles; Base filters to everyone except their
 * roles. Filters sharing a group key are ORed together; groups (and filters without a key) are
 * ANDed, as in Superset's get_rls_filters / get_sqla_row_level_filters.
 */
import { Op, QueryTypes } from 'sequelize';
import type { CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';

/** What decides a filter's part in a query; `roleIds` are the roles it names. */
export type RlsRule = { id: number; filter_type: string; group_key: string | null; clause: string; roleIds: number[] };

/** Whether the rule binds a user holding `userRoleIds`: Regular for its roles, Base for everyone else. */
export function ruleApplies(rule: Pick<RlsRule, 'filter_type' | 'roleIds'>, userRoleIds: ReadonlySet<number>): boolean {
  const named = rule.roleIds.some((id) => userRoleIds.has(id));
  if (rule.filter_type === 'Regular') return named;
  if (rule.filter_type === 'Base') return !named;
  return false;
}

/**
 * The applying rules as predicates: each clause parenthesised; a group key's clauses ORed in one
 * predicate. Ordered by rule id (key-less rules, then groups by key), so the SQL, and the cache key
 * that hashes it, is the same for the same rules however the store returned them.
 */
export function combineRules(rules: readonly Pick<RlsRule, 'id' | 'group_key' | 'clause'>[]): string[] {
  const sorted = [...rules].sort((a, b) => a.id - b.id);
  const predicates: string[] = [];
  const groups = new Map<string, string[]>();
  for (const rule of sorted) {
    const clause = `(${rule.clause})`;
    // An empty key is no key: the form posts "" for a blank field.
    const key = rule.group_key?.trim();
    if (!key) predicates.push(clause);
    else groups.set(key, [...(groups.get(key) ?? []), clause]);
  }
  for (const key of [...groups.keys()].sort()) {
    const clauses = groups.get(key)!;
    predicates.push(clauses.length === 1 ? clauses[0] : `(${clauses.join(' OR ')})`);
  }
  return predicates;
}

/** The ids of the roles the user holds: carried by a user read from the store, else one query by their names. */
async function roleIdsOf(user: CurrentUser): Promise<Set<number>> {
  if (user.roleIds) return new Set(user.roleIds);
  const names = Object.keys(user.roles);
  if (names.length === 0) return new Set();
  const rows = await models().Role.findAll({ attributes: ['id'], where: { name: { [Op.in]: names } } });
  return new Set(rows.map((r) => r.id));
}

type RuleRow = { id: number; filter_type: string; group_key: string | null; clause: string; role_id: number | null };

/** Every rule on the dataset with the ids of the roles it names: one query on every chart data call, read as rows. */
async function rulesOn(datasetId: number): Promise<RlsRule[]> {
  const rows = await store().sequelize.query<RuleRow>(
    `SELECT f.id, f.filter_type, f.group_key, f.clause, fr.role_id
       FROM row_level_security_filters f
       JOIN rls_filter_tables ft ON ft.rls_filter_id = f.id
       LEFT JOIN rls_filter_roles fr ON fr.rls_filter_id = f.id
      WHERE ft.table_id = ?`,
    { replacements: [datasetId], type: QueryTypes.SELECT },
  );
  const rules = new Map<number, RlsRule>();
  for (const row of rows) {
    const id = Number(row.id);
    const rule = rules.get(id) ?? { id, filter_type: row.filter_type, group_key: row.group_key, clause: row.clause, roleIds: [] };
    if (row.role_id !== null) rule.roleIds.push(Number(row.role_id));
    rules.set(id, rule);
  }
  return [...rules.values()];
}

/**
 * The predicates to AND into every query on the dataset (charts, samples, filter values), each a
 * complete SQL condition (parenthesised where it ORs clauses); clauses may hold Jinja, rendered
 * by the compiler. Empty when no filter applies. Admins are bound like anyone else, as in Superset.
 */
export async function rlsPredicatesFor(user: CurrentUser, datasetId: number): Promise<string[]> {
  const [userRoleIds, rules] = await Promise.all([roleIdsOf(user), rulesOn(datasetId)]);
  return combineRules(rules.filter((rule) => ruleApplies(rule, userRoleIds)));
}

/**
 * The predicates for what a chart reads: a dataset's rules, or none for a SQL Lab query charted as
 * it is (row-level security is declared on datasets; the query is its author's own SQL, which SQL
 * Lab runs unfiltered too, and a query id must never pick up the rules of the dataset with that id).
 */
export async function rlsPredicatesForSource(user: CurrentUser, source: { id: number; kind?: 'table' | 'query' }): Promise<string[]> {
  return source.kind === 'query' ? [] : rlsPredicatesFor(user, source.id);
}
