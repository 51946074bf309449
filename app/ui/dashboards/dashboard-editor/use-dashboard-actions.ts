/**
 * The editor's requests on the dashboard itself: Save (with the overwrite check of decision 010),
 * the publish toggle, 'Save as' and Delete. Each reads the answer into the spec's toast texts.
 * Save reads the stored dashboard first: when it was saved since edit mode opened (or since this
 * editor last saved or published), the user sees what would be overwritten and confirms or
 * cancels; cancelling changes nothing, every edit stays.
 */
import { useNavigate } from '@remix-run/react';
import { useCallback, useRef, useState } from 'react';
import type { DashboardLayout } from '~/lib/dashboard/layout';
import type { DashboardProperties } from './contract';
import {
  copyPayload, dashboardPathAfterSave, deleteFailureMessage, MetadataError, overwriteItems, readFailure, SAVED_MESSAGE, saveFailureMessage, savePayload, savedElsewhere,
  type OverwriteItem, type SavePayload, type StoredDashboard,
} from './save-dashboard';
import { requestJson } from '~/ui/request-json';

type Toast = (kind: 'success' | 'info' | 'warning' | 'danger', text: string) => void;

export type OverwriteRequest = { items: OverwriteItem[]; changedOn: string; changedByName: string; payload: SavePayload; properties: DashboardProperties };

export const PUBLISHED_MESSAGE = 'This dashboard is now published';
export const HIDDEN_MESSAGE = 'This dashboard is now hidden';
export const deletedMessage = (name: string) => `Deleted: ${name}`;

type Options = {
  dashboardId: number;
  csrfToken: string;
  location: { pathname: string; search: string };
  /** What was last saved: the properties and the stored last_modified_time they match. */
  saved: { properties: DashboardProperties; lastModifiedTime: number };
  setSaved: (next: { properties: DashboardProperties; lastModifiedTime: number }) => void;
  onSaved: () => void;
  toast: Toast;
};

export function useDashboardActions({ dashboardId, csrfToken, location, saved, setSaved, onSaved, toast }: Options) {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [overwrite, setOverwrite] = useState<OverwriteRequest | null>(null);
  const busy = useRef(false);
  const url = `/api/v1/dashboard/${dashboardId}`;

  const fail = useCallback(async (error: unknown) => {
    const { status, body } = await readFailure(error);
    toast('danger', saveFailureMessage(status, body));
  }, [toast]);

  const put = useCallback(async (payload: SavePayload, properties: DashboardProperties) => {
    try {
      const { body } = await requestJson<{ result?: { slug?: string | null }; last_modified_time?: number }>(csrfToken, url, { method: 'PUT', body: payload });
      setSaved({ properties, lastModifiedTime: body?.last_modified_time ?? saved.lastModifiedTime });
      onSaved();
      toast('success', SAVED_MESSAGE);
      navigate(dashboardPathAfterSave(location.pathname, location.search, { id: dashboardId, slug: body?.result?.slug ?? payload.slug }), { replace: true });
    } catch (error) {
      await fail(error);
    }
  }, [csrfToken, url, setSaved, saved.lastModifiedTime, onSaved, toast, navigate, location.pathname, location.search, dashboardId, fail]);

  const save = useCallback(async (properties: DashboardProperties, layout: DashboardLayout) => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    try {
      const payload = savePayload(properties, saved.properties, layout);
      const { body } = await requestJson<{ result: StoredDashboard }>(csrfToken, url);
      const stored = body.result;
      if (savedElsewhere(stored, saved.lastModifiedTime)) {
        setOverwrite({
          items: overwriteItems(stored, payload, layout, properties.owners, properties.roles),
          changedOn: stored.changed_on,
          changedByName: stored.changed_by_name,
          payload,
          properties,
        });
        return;
      }
      await put(payload, properties);
    } catch (error) {
      await fail(error);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }, [saved, csrfToken, url, put, fail]);

  const confirmOverwrite = useCallback(async () => {
    const request = overwrite;
    if (!request || busy.current) return;
    busy.current = true;
    setSaving(true);
    setOverwrite(null);
    try {
      await put(request.payload, request.properties);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }, [overwrite, put]);

  const cancelOverwrite = useCallback(() => setOverwrite(null), []);

  const [publishing, setPublishing] = useState(false);
  const setPublished = useCallback(async (published: boolean): Promise<boolean> => {
    setPublishing(true);
    try {
      // Publishing moves last_modified_time: when nobody else saved before it, the overwrite check starts from the new time.
      const before = await requestJson<{ result: StoredDashboard }>(csrfToken, url);
      const wasCurrent = !savedElsewhere(before.body.result, saved.lastModifiedTime);
      const { body } = await requestJson<{ last_modified_time?: number }>(csrfToken, url, { method: 'PUT', body: { published } });
      if (wasCurrent && typeof body?.last_modified_time === 'number') setSaved({ ...saved, lastModifiedTime: body.last_modified_time });
      toast('success', published ? PUBLISHED_MESSAGE : HIDDEN_MESSAGE);
      return true;
    } catch (error) {
      await fail(error);
      return false;
    } finally {
      setPublishing(false);
    }
  }, [csrfToken, url, saved, setSaved, toast, fail]);

  /** 'Save as': null when the copy was made (and the page goes to it), else the message to show in the dialog. */
  const saveAs = useCallback(async (title: string, duplicateSlices: boolean, properties: DashboardProperties, layout: DashboardLayout): Promise<string | null> => {
    let body;
    try {
      body = copyPayload(title, duplicateSlices, properties, layout);
    } catch (error) {
      if (error instanceof MetadataError) return error.message;
      throw error;
    }
    try {
      const { body: answer } = await requestJson<{ result: { id: number } }>(csrfToken, `${url}/copy/`, { method: 'POST', body });
      toast('success', SAVED_MESSAGE);
      navigate(`/superset/dashboard/${answer.result.id}/`);
      return null;
    } catch (error) {
      const { status, body: failure } = await readFailure(error);
      return saveFailureMessage(status, failure);
    }
  }, [csrfToken, url, toast, navigate]);

  /** Delete: null when deleted (and the page goes to the list), else the message to show. */
  const remove = useCallback(async (name: string): Promise<string | null> => {
    try {
      await requestJson(csrfToken, url, { method: 'DELETE' });
      toast('success', deletedMessage(name));
      navigate('/dashboard/list/', { replace: true });
      return null;
    } catch (error) {
      const { status, body } = await readFailure(error);
      return deleteFailureMessage(name, status, body);
    }
  }, [csrfToken, url, toast, navigate]);

  return { save, saving, overwrite, confirmOverwrite, cancelOverwrite, setPublished, publishing, saveAs, remove };
}
