/**
 * The dataset editor's web half (/dataset/<id>/edit). The loader reads the dataset as the API
 * shows it (getDatasetDetail) and the owners to choose from; the action's intents are `save` (the
 * first Save without JavaScript: checked, then answered with a confirmation), `confirm-save`
 * (updateDataset, the API's PUT, with its owner and managed-externally checks) and `sync-columns`
 * (refreshDatasetColumns). Refusals re-render the form with what was typed, the first server
 * error as 'Error saving dataset' and field errors under their inputs.
 */
import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { firstMessages } from '~/lib/field-errors';
import { hasPermission, isAdmin } from '~/lib/permissions';
import { infoToast, successToast, type Toast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { badRequest } from '~/server/api/http-errors.server';
import { parseParams, idParam } from '~/server/api/inputs.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { refreshDatasetColumns, updateDataset } from '~/server/datasets/mutations.server';
import { datasetResource } from '~/server/datasets/resource.server';
import { getDatasetDetail } from '~/server/datasets/show.server';
import { relatedResource } from '~/server/lists/related.server';
import type { EditorPage, EditorResult } from '~/ui/datasets/dataset-editor';
import { MANAGED_EXTERNALLY, OWNERS_ONLY } from '~/ui/datasets/dataset-editor';
import { checkValues, formErrorKeys, toUpdateBody, valuesFromDataset, valuesFromForm } from '~/ui/datasets/editor-values';
import { refusalOf } from '../dataset.add/page.server';

export const SAVED = 'The dataset has been saved';

const IdParams = z.object({ id: idParam('dataset') });
/** The URL's id; anything but one is the 404 of a missing dataset (a domain error: call it inside pageResult). */
const datasetIdOf = (raw: string | undefined) => parseParams(IdParams, { id: raw }).id;
export const editPath = (id: number) => `/dataset/${id}/edit`;

export async function loadEditorPage(request: Request, idValue: string | undefined): Promise<EditorPage> {
  const user = await requireUserWith(request, 'can_read', 'Dataset');
  return pageResult(async () => {
    const id = datasetIdOf(idValue);
    const detail = await getDatasetDetail(user, id);
    const ownerIds = detail.owners.map((o) => o.id);
    const owners = await relatedResource(user, datasetResource, 'owners', { filter: '', page: 0, page_size: 1000, include_ids: ownerIds });
    return {
      dataset: {
        id: detail.id, name: detail.table_name, database: detail.database.database_name, exploreUrl: detail.explore_url,
        managedExternally: detail.is_managed_externally, externalUrl: detail.external_url,
      },
      values: valuesFromDataset(detail),
      canEdit: hasPermission(user.roles, 'can_write', 'Dataset') && (isAdmin(user.roles) || ownerIds.includes(user.id)),
      owners: owners.result.map((o) => ({ value: String(o.value), label: o.text })),
    };
  });
}

async function withToasts(request: Request, to: string, toasts: Toast[]) {
  return redirect(to, { headers: { 'Set-Cookie': await flashToasts(request, toasts) } });
}

/** Superset's notices after a sync: what changed, or that nothing did. */
function syncToasts(result: { added: string[]; removed: string[]; modified: string[] }): Toast[] {
  const toasts = [successToast('Metadata has been synced')];
  if (result.modified.length) toasts.push(infoToast(`Modified columns: ${result.modified.join(', ')}`));
  if (result.removed.length) toasts.push(infoToast(`Removed columns: ${result.removed.join(', ')}`));
  if (result.added.length) toasts.push(infoToast(`New columns added: ${result.added.join(', ')}`));
  return toasts;
}

export async function editorAction(request: Request, idValue: string | undefined) {
  const user = await requireUserWith(request, 'can_write', 'Dataset');
  const id = await pageResult(async () => datasetIdOf(idValue));
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'sync-columns') {
    return pageResult(async () => {
      try {
        return await withToasts(request, editPath(id), syncToasts(await refreshDatasetColumns(user, id)));
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        const values = valuesFromDataset(await getDatasetDetail(user, id));
        return data<EditorResult>({ values, errors: {}, error: refusal.message, confirm: false }, { status: refusal.status });
      }
    });
  }
  if (intent !== 'save' && intent !== 'confirm-save') throw badRequest(`Unknown intent: ${typeof intent === 'string' ? intent : ''}`);
  const values = valuesFromForm(form);
  const answer = (status: number, fields: Partial<Omit<EditorResult, 'values'>>) =>
    data<EditorResult>({ values, errors: {}, error: null, confirm: false, ...fields }, { status });
  return pageResult(async () => {
    // A dataset gone (or hidden) is its 404 before anything typed is judged.
    const current = await getDatasetDetail(user, id);
    const errors = checkValues(values);
    if (Object.keys(errors).length) return answer(400, { errors });
    // Superset's editor never sends a save for these: its Save is disabled. The server says so too.
    if (current.is_managed_externally) return answer(422, { error: MANAGED_EXTERNALLY });
    if (intent === 'save') {
      const owner = isAdmin(user.roles) || current.owners.some((o) => o.id === user.id);
      return owner ? answer(200, { confirm: true }) : answer(403, { error: OWNERS_ONLY });
    }
    const body = toUpdateBody(values);
    try {
      await updateDataset(user, id, body.body);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      const fields = refusal.fields ? formErrorKeys(firstMessages(refusal.fields), body) : {};
      return answer(refusal.status, { error: refusal.message, errors: fields });
    }
    // The editor's own URL with its query (Explore's `?next=`), so the way back survives the save.
    return withToasts(request, `${editPath(id)}${new URL(request.url).search}`, [successToast(SAVED)]);
  });
}
