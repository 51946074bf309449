/**
 * Changes a dashboard's json_metadata from the browser: reads it as stored now (another editor may
 * have changed it since the page loaded) and PUTs it back with the change, every other key kept.
 * The bar's settings and the cross-filter scoping save through it.
 */
import { parseStoredObject } from '~/lib/safe-json';
import { requestJson } from '~/ui/request-json';

export type Metadata = Record<string, unknown>;

export async function updateStoredMetadata(csrfToken: string, dashboardId: number, change: (stored: Metadata) => Metadata): Promise<void> {
  const url = `/api/v1/dashboard/${dashboardId}`;
  const { body } = await requestJson<{ result?: { json_metadata?: string | null } }>(csrfToken, url);
  const metadata = change(parseStoredObject(body?.result?.json_metadata));
  await requestJson(csrfToken, url, { method: 'PUT', body: { json_metadata: JSON.stringify(metadata) } });
}
