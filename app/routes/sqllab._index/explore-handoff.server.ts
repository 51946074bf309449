/**
 * "View in SQL Lab" from Explore (intent `explore-handoff` of SQL Lab's page action): the form
 * names a datasource (`12__table`, a dataset; `7__query`, a SQL Lab query) and the SQL Explore
 * shows for it. It is one of our own forms (the page action has checked its CSRF token and the
 * user's menu_access on SQL Lab before calling this), so it opens at once: a new tab, made
 * active, with the SQL on the datasource's database and schema, not run. The key is looked up as
 * the user (a dataset they may not see, a query not theirs: refused), and the database must be one
 * they may use in SQL Lab (createTab checks it). Refusals come back to SQL Lab as a danger toast.
 *
 * Without backend persistence there is no tab to create on the server: SQL Lab's own URL for the
 * datasource (`?datasourceKey=`, `?queryId=`) opens it in a new tab of the browser's editor.
 */
import { redirect } from '@remix-run/node';
import { dangerToast } from '~/lib/toasts';
import type { CurrentUser } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { getDatasetDetail } from '~/server/datasets/show.server';
import { InvalidInputError } from '~/server/domain-errors.server';
import { sqlLabBootstrap } from '~/server/sqllab/bootstrap.server';
import { backendPersistence } from '~/server/sqllab/persistence.server';
import { getQueryRecord } from '~/server/sqllab/queries-api.server';
import { createTab } from '~/server/sqllab/tabs.server';
import { SqlLabHandoffSchema, type SqlLabHandoff } from '~/ui/explore/dataset-dialogs/sql-lab-handoff';
import { nextTabName } from '~/ui/sqllab/tab-names';

type Refusal = (error: unknown) => Promise<{ status: number; error: { message: string } }>;

/** What the new tab opens with. */
export type HandoffTab = { name: string; sql: string; dbId: number | null; schema: string | null; templateParams: string | null };

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** The datasource the key names, as the user may see it; the posted SQL wins over its own when given. */
export async function handoffTab(user: CurrentUser, handoff: SqlLabHandoff): Promise<HandoffTab> {
  const posted = handoff.sql.trim() ? handoff.sql : null;
  if (handoff.datasourceKey.type === 'table') {
    const dataset = await getDatasetDetail(user, handoff.datasourceKey.id);
    const own = dataset.sql?.trim() ? dataset.sql : dataset.select_star;
    return { name: dataset.table_name, sql: posted ?? own, dbId: dataset.database.id, schema: dataset.schema, templateParams: dataset.template_params };
  }
  const query = await getQueryRecord(user, handoff.datasourceKey.id);
  const database = query.database as { id?: number } | null;
  return { name: text(query.tab_name) ?? 'Query', sql: posted ?? text(query.sql) ?? '', dbId: database?.id ?? null, schema: text(query.schema), templateParams: null };
}

/** SQL Lab's own URL opening the datasource in a new tab of the browser's editor (no backend persistence). */
export function handoffUrl(handoff: SqlLabHandoff): string {
  const { id, type } = handoff.datasourceKey;
  return type === 'table' ? `/sqllab/?datasourceKey=${id}__table` : `/sqllab/?queryId=${id}`;
}

export async function exploreHandoffIntent(request: Request, user: CurrentUser, form: Record<string, FormDataEntryValue>, refusal: Refusal) {
  const parsed = SqlLabHandoffSchema.safeParse(form);
  if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0].message);
  if (!backendPersistence()) return redirect(handoffUrl(parsed.data), 303);
  try {
    const tab = await handoffTab(user, parsed.data);
    const taken = (await sqlLabBootstrap(user)).tab_state_ids.map((t) => t.label);
    await createTab(user, { name: nextTabName(tab.name, taken), sql: tab.sql, dbId: tab.dbId, schema: tab.schema, templateParams: tab.templateParams, autorun: false });
  } catch (error) {
    const refused = await refusal(error);
    if (refused.status >= 500) throw error;
    return redirect('/sqllab/', { status: 303, headers: { 'Set-Cookie': await flashToasts(request, [dangerToast(refused.error.message)]) } });
  }
  return redirect('/sqllab/', 303);
}
