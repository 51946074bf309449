/**
 * SQL Lab's tabs without JavaScript: the server-rendered tab bar's buttons post the page's one
 * form with intent switch-tab (to `/sqllab/?index&tab=N`) or new-tab. Either way the tab shown
 * keeps what was typed into it first (SQL, database, schema, limit), as the hydrated editor's PUT
 * would have; then the target is activated (Superset's tabstateview activate) or a new tab
 * created (and made active), and the page is loaded again (303), showing the active tab's SQL
 * and latest results. The user's own tabs only: another's id is a 404 (tabs.server.ts).
 */
import { data, redirect } from '@remix-run/node';
import { formMessagesOf } from '~/lib/field-errors';
import { TabFormSchema, targetTabOf } from '~/lib/sqllab/page-forms';
import type { CurrentUser } from '~/server/auth/current-user.server';
import { activateTab, createTab, updateTab } from '~/server/sqllab/tabs.server';
import { sqlLabBootstrap } from '~/server/sqllab/bootstrap.server';
import { nextTabName } from '~/ui/sqllab/tab-names';

type Refusal = (error: unknown) => Promise<{ status: number; error: { message: string } }>;
type TabIntent = 'switch-tab' | 'new-tab';

export async function tabIntent(intent: TabIntent, request: Request, user: CurrentUser, form: Record<string, FormDataEntryValue>, refusal: Refusal) {
  const parsed = TabFormSchema.safeParse(form);
  if (!parsed.success) return data({ intent, fieldErrors: formMessagesOf(parsed.error) }, { status: 400 });
  const { tab_id: shownId, sql, database_id, schema, queryLimit } = parsed.data;
  const typed = { ...(sql === undefined ? {} : { sql }), database_id, schema, ...(queryLimit ? { query_limit: queryLimit } : {}), extra_json: undefined };
  try {
    if (intent === 'switch-tab') {
      const target = targetTabOf(new URL(request.url));
      if (target === null) return data({ intent, error: { message: 'Which tab? The form names none.' } }, { status: 400 });
      if (shownId) await updateTab(user, shownId, typed);
      await activateTab(user, target);
    } else {
      const taken = (await sqlLabBootstrap(user)).tab_state_ids.map((t) => t.label);
      if (shownId) await updateTab(user, shownId, typed);
      else {
        // The page stood for a tab not stored yet (a first visit): it becomes one, with what was typed.
        const name = nextTabName(null, taken);
        taken.push(name);
        await createTab(user, { name, sql: sql ?? null, dbId: database_id, schema, queryLimit: queryLimit ?? null });
      }
      await createTab(user, { name: nextTabName(null, taken), dbId: database_id, schema, queryLimit: queryLimit ?? null });
    }
  } catch (error) {
    const refused = await refusal(error);
    return data({ intent, error: refused.error }, { status: refused.status });
  }
  return redirect('/sqllab/', 303);
}
