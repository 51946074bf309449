/**
 * Save, in its pure parts (dashboards.md §5, §7, decision 010): the body of
 * `PUT /api/v1/dashboard/{id}` from the edited properties and layout, whether someone else saved
 * since edit mode opened (the stored changed_on against the loaded last_modified_time), which
 * stored values this save would overwrite, the 'Save as' body, the messages of a failed save and
 * the dashboard's address afterwards.
 */
import { DASHBOARD_HEADER_ID, layoutToJson, layoutToPosition, parseLayout, type DashboardLayout } from '~/lib/dashboard/layout';
import { isJsonObject, parseJsonText } from '~/lib/safe-json';
import type { DashboardProperties } from './contract';

export const UNTITLED_DASHBOARD = '[ untitled dashboard ]';
export const SAVED_MESSAGE = 'This dashboard was saved successfully.';
export const OVERWRITE_MESSAGE = 'Please confirm the overwrite values.';
export const FORBIDDEN_MESSAGE = 'You do not have permission to edit this dashboard';
export const UNKNOWN_SAVE_MESSAGE = 'Sorry, an unknown error occurred';
export const saveErrorText = (message: string) => `Sorry, there was an error saving this dashboard: ${message}`;

/** What `GET /api/v1/dashboard/{id}` answers that the save reads. */
export type StoredDashboard = {
  id: number;
  slug: string | null;
  dashboard_title: string;
  css: string | null;
  json_metadata: string | null;
  position_json: string | null;
  certified_by: string | null;
  certification_details: string | null;
  owners: { id: number; first_name?: string | null; last_name?: string | null; username?: string | null }[];
  roles: { id: number; name: string }[];
  changed_on: string;
  changed_by_name: string;
};

export type SavePayload = {
  dashboard_title: string;
  slug: string;
  owners: number[];
  /** Only when the roles changed: an editor who cannot list roles does not clear them. */
  roles?: number[];
  certified_by: string;
  certification_details: string;
  css: string;
  json_metadata: string;
  position_json: string;
};

/** The title saved: the typed one, or the untitled name when nothing but spaces was typed. */
export function titleToSave(title: string): string {
  return title.trim() ? title : UNTITLED_DASHBOARD;
}

/** The layout saved: the title in the header component too (Superset keeps it there). */
export function layoutToSave(layout: DashboardLayout, title: string): DashboardLayout {
  const header = layout[DASHBOARD_HEADER_ID];
  if (!header || header.meta.text === title) return layout;
  return { ...layout, [DASHBOARD_HEADER_ID]: { ...header, meta: { ...header.meta, text: title } } };
}

const idsOf = (list: readonly { id: number }[]) => [...new Set(list.map((item) => item.id))].sort((a, b) => a - b);
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export function savePayload(properties: DashboardProperties, initial: DashboardProperties, layout: DashboardLayout): SavePayload {
  const title = titleToSave(properties.dashboard_title);
  const roles = idsOf(properties.roles);
  return {
    dashboard_title: title,
    slug: properties.slug.trim(),
    owners: idsOf(properties.owners),
    ...(sameIds(roles, idsOf(initial.roles)) ? {} : { roles }),
    certified_by: properties.certified_by,
    certification_details: properties.certification_details,
    css: properties.css,
    json_metadata: properties.json_metadata.trim() ? properties.json_metadata : '{}',
    position_json: layoutToJson(layoutToSave(layout, title)),
  };
}

/** Superset's last_modified_time of a changed_on: whole epoch seconds. NaN for an unreadable date. */
export function epochSeconds(changedOn: string): number {
  return Math.floor(Date.parse(changedOn) / 1000);
}

/** Someone (another editor, another tab) saved since this edit began. */
export function savedElsewhere(stored: Pick<StoredDashboard, 'changed_on'>, lastModifiedTime: number): boolean {
  return epochSeconds(stored.changed_on) !== lastModifiedTime;
}

export type OverwriteItem = { field: string; stored: string; next: string };

/** JSON with object keys sorted, so two values compare equal however their keys were ordered. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isJsonObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  ) ?? 'null';
}

function metadataOf(text: string | null): Record<string, unknown> | null {
  if (!text || !text.trim()) return {};
  try {
    const value = parseJsonText(text);
    if (!isJsonObject(value)) return null;
    const { positions: _positions, ...rest } = value;
    return rest;
  } catch {
    return null;
  }
}

/**
 * A layout as compared for the overwrite check: what it draws, not the bookkeeping (ancestors,
 * chart names the page refreshes) nor the title in the header component (the Title row's).
 */
function layoutShape(layout: DashboardLayout): string {
  return canonicalJson(Object.fromEntries(Object.entries(layout).filter(([id]) => id !== DASHBOARD_HEADER_ID).map(([id, item]) => {
    const { sliceName: _name, ...meta } = item.meta;
    return [id, { type: item.type, children: item.children, meta }];
  })));
}

const personName = (o: StoredDashboard['owners'][number]) => [o.first_name, o.last_name].filter(Boolean).join(' ') || o.username || String(o.id);
const orNone = (text: string | null | undefined) => (text ? text : '(none)');

/**
 * The stored values this save would replace with different ones: the title, slug, CSS,
 * certification, each JSON metadata key, owners, roles (when sent) and whether the layout differs.
 */
export function overwriteItems(
  stored: StoredDashboard,
  payload: SavePayload,
  layout: DashboardLayout,
  owners: readonly { id: number; label: string }[],
  roles: readonly { id: number; label: string }[],
): OverwriteItem[] {
  const items: OverwriteItem[] = [];
  const text = (field: string, before: string | null, after: string) => {
    if ((before ?? '') !== after) items.push({ field, stored: orNone(before), next: orNone(after) });
  };
  text('Title', stored.dashboard_title, payload.dashboard_title);
  text('Slug', stored.slug, payload.slug);
  text('CSS', stored.css, payload.css);
  text('Certified by', stored.certified_by, payload.certified_by);
  text('Certification details', stored.certification_details, payload.certification_details);

  const before = metadataOf(stored.json_metadata);
  const after = metadataOf(payload.json_metadata);
  if (before && after) {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
      const a = Object.hasOwn(before, key) ? canonicalJson(before[key]) : '';
      const b = Object.hasOwn(after, key) ? canonicalJson(after[key]) : '';
      if (a !== b) items.push({ field: `JSON metadata: ${key}`, stored: orNone(a), next: orNone(b) });
    }
  } else {
    text('JSON metadata', stored.json_metadata, payload.json_metadata);
  }

  const storedLayout = parseLayout(stored.position_json ?? null);
  if (layoutShape(storedLayout) !== layoutShape(layout)) {
    items.push({ field: 'Layout', stored: 'A different layout', next: 'Your layout' });
  }

  if (!sameIds(idsOf(stored.owners), payload.owners)) {
    const names = new Map(owners.map((o) => [o.id, o.label]));
    items.push({
      field: 'Owners',
      stored: orNone(stored.owners.map(personName).join(', ')),
      next: orNone(payload.owners.map((id) => names.get(id) ?? String(id)).join(', ')),
    });
  }
  if (payload.roles && !sameIds(idsOf(stored.roles), payload.roles)) {
    const names = new Map(roles.map((r) => [r.id, r.label]));
    items.push({
      field: 'Roles',
      stored: orNone(stored.roles.map((r) => r.name).join(', ')),
      next: orNone(payload.roles.map((id) => names.get(id) ?? String(id)).join(', ')),
    });
  }
  return items;
}

/** Every message of an error body's `message`: a text, a list, or field → messages (nested for JSON fields). */
export function messagesOf(message: unknown, field = ''): string[] {
  if (typeof message === 'string') return message ? [field ? `${field}: ${message}` : message] : [];
  if (Array.isArray(message)) {
    const texts = message.filter((m): m is string => typeof m === 'string' && m !== '');
    const nested = message.filter((m) => typeof m !== 'string').flatMap((m) => messagesOf(m, field));
    return [...(texts.length ? [field ? `${field}: ${texts.join(' ')}` : texts.join(' ')] : []), ...nested];
  }
  if (isJsonObject(message)) {
    return Object.entries(message).flatMap(([key, value]) => messagesOf(value, key === '_schema' ? field : field ? `${field}.${key}` : key));
  }
  return [];
}

/** The words for a failed save (or publish, copy): by the answer's status and the body's message. */
export function saveFailureMessage(status: number | null, body: unknown): string {
  if (status === 403) return FORBIDDEN_MESSAGE;
  const message = failureDetail(status, body);
  return message ? saveErrorText(message) : UNKNOWN_SAVE_MESSAGE;
}

/** The server's own words for a refused request (a 4xx other than 403 with a message); '' when it gave none we can show. */
export function failureDetail(status: number | null, body: unknown): string {
  if (status === null || status < 400 || status >= 500) return '';
  return isJsonObject(body) ? messagesOf(body.message).join('; ') : '';
}

/** The words for a failed Delete. */
export function deleteFailureMessage(name: string, status: number | null, body: unknown): string {
  if (status === 403) return FORBIDDEN_MESSAGE;
  return `There was an issue deleting ${name}: ${failureDetail(status, body) || UNKNOWN_SAVE_MESSAGE}`;
}

/** A failed request (requestJson throws the Response) as its status and parsed body. */
export async function readFailure(error: unknown): Promise<{ status: number | null; body: unknown }> {
  if (typeof Response !== 'undefined' && error instanceof Response) {
    const text = await error.text().catch(() => '');
    try {
      return { status: error.status, body: JSON.parse(text) as unknown };
    } catch {
      return { status: error.status, body: text };
    }
  }
  return { status: null, body: null };
}

/**
 * The dashboard's address after a save: by its (new) slug, else its id, under the path the page
 * was opened with (`/superset/dashboard/` or `/dashboard/`), keeping the page's parameters but edit.
 */
export function dashboardPathAfterSave(pathname: string, search: string, ref: { id: number; slug: string | null | undefined }): string {
  const prefix = pathname.startsWith('/superset/') ? '/superset/dashboard/' : '/dashboard/';
  const params = new URLSearchParams(search);
  params.delete('edit');
  const query = params.toString();
  return `${prefix}${encodeURIComponent(ref.slug || String(ref.id))}/${query ? `?${query}` : ''}`;
}

export class MetadataError extends Error {}

/** The body of `POST /api/v1/dashboard/{id}/copy/` ('Save as'): the layout goes in the metadata's `positions`. */
export function copyPayload(title: string, duplicateSlices: boolean, properties: DashboardProperties, layout: DashboardLayout) {
  let metadata: Record<string, unknown> = {};
  if (properties.json_metadata.trim()) {
    let value: unknown;
    try {
      value = parseJsonText(properties.json_metadata);
    } catch {
      throw new MetadataError('The JSON metadata is not valid JSON.');
    }
    if (!isJsonObject(value)) throw new MetadataError('The JSON metadata must be a JSON object.');
    metadata = value;
  }
  const savedTitle = titleToSave(title);
  return {
    dashboard_title: savedTitle,
    css: properties.css,
    duplicate_slices: duplicateSlices,
    json_metadata: JSON.stringify({ ...metadata, positions: layoutToPosition(layoutToSave(layout, savedTitle)) }),
  };
}

/** Whether the properties differ from those last saved (unsaved changes outside the layout). */
export function propertiesChanged(a: DashboardProperties, b: DashboardProperties): boolean {
  return canonicalJson(a) !== canonicalJson(b);
}

/**
 * The editor's JSON metadata text with the native filter configuration another save stored (the
 * filter configuration modal PUTs json_metadata itself): the editor's later Save sends its whole
 * metadata, which would otherwise put back the filters it loaded. Every other key stays the
 * editor's; text that is not a JSON object is left as typed (Save reports it).
 */
export function withStoredNativeFilters(editorMetadata: string, storedMetadata: string): string {
  const editor = editorMetadata.trim() ? metadataOf(editorMetadata) : {};
  const stored = metadataOf(storedMetadata);
  if (editor === null || stored === null) return editorMetadata;
  const next: Record<string, unknown> = { ...editor, native_filter_configuration: stored.native_filter_configuration };
  if (stored.native_filter_configuration === undefined) delete next.native_filter_configuration;
  return JSON.stringify(next, null, 2);
}
