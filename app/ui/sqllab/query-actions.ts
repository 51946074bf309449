/**
 * What the editor does with a tab's query beyond running it: save or update it as a saved query
 * (with the spec's toasts), schedule it (POST /savedqueryviewapi/api/create), share a permalink.
 */
import type { Dispatch } from 'react';
import { getClientError } from '~/lib/client-error';
import type { Action, QueryEditor } from '~/lib/sqllab/reducer';
import { saveRequest } from '~/lib/sqllab/saved-query-mapping';
import { scheduleRequestBody, type ScheduleForm } from '~/lib/sqllab/schedule';
import { dangerToast, successToast } from '~/lib/toasts';
import { showToast } from '../toasts';
import { requestJson } from '~/ui/request-json';

export function queryActions(csrf: string, dispatch: Dispatch<Action>) {
  const save = async (tab: QueryEditor | null, { name, description, asNew }: { name: string; description: string; asNew: boolean }) => {
    if (!tab) return false;
    const request = saveRequest({ remoteId: asNew ? null : tab.remoteId, dbId: tab.dbId, name, sql: tab.sql, schema: tab.schema, description, templateParams: tab.templateParams || null });
    try {
      const { body } = await requestJson<{ id?: unknown }>(csrf, request.url, { method: request.method, body: request.body });
      if (request.method === 'POST' && typeof body?.id !== 'number') {
        // Stored, but without an id the tab cannot be linked to it (a later Save would make another).
        showToast(dangerToast('Your query was not properly saved'));
        return false;
      }
      dispatch({ type: 'updateTab', id: tab.id, changes: { name, remoteId: typeof body?.id === 'number' ? body.id : tab.remoteId } });
      showToast(successToast(request.method === 'POST' ? 'Your query was saved' : 'Your query was updated'));
      return true;
    } catch {
      showToast(dangerToast(request.method === 'POST' ? 'Your query could not be saved' : 'Your query could not be updated'));
      return false;
    }
  };
  const schedule = async (tab: QueryEditor | null, form: ScheduleForm) => {
    if (!tab?.dbId) return false;
    try {
      await requestJson(csrf, '/savedqueryviewapi/api/create', {
        method: 'POST', body: scheduleRequestBody({ sql: tab.sql, dbId: tab.dbId, schema: tab.schema, templateParams: tab.templateParams }, form),
      });
      showToast(successToast('Your query has been scheduled. To see details of your query, navigate to Saved queries'));
      return true;
    } catch {
      showToast(dangerToast('Your query could not be scheduled'));
      return false;
    }
  };
  const share = async (tab: QueryEditor | null) => {
    if (!tab?.dbId) return;
    try {
      const { body } = await requestJson<{ url: string }>(csrf, '/api/v1/sqllab/permalink', {
        method: 'POST', body: { dbId: tab.dbId, name: tab.name, sql: tab.sql, schema: tab.schema, autorun: tab.autorun, templateParams: tab.templateParams || null },
      });
      await navigator.clipboard.writeText(body.url);
      showToast(successToast('Link Copied!'));
    } catch (error) {
      showToast(dangerToast(error instanceof Response ? (await getClientError(error)).error : 'Sorry, your browser does not support copying. Use Ctrl / Cmd + C!'));
    }
  };
  return { save, schedule, share };
}
