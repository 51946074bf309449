/**
 * Explore permalinks (`/api/v1/explore/permalink[/{key}]`, Superset's ExplorePermalinkRestApi),
 * kept for ever in the key-value store's EXPLORE_PERMALINKS namespace. The chart's form data
 * names its datasource (`formData.datasource`, '<id>__<type>') and maybe its chart
 * (`formData.slice_id`): access to both is checked when the link is made and when it is opened,
 * as Superset does, so a link never shows data its opener may not see.
 */
import { permalinkPaths } from '~/lib/key-value/keys';
import type { ExplorePermalinkState } from '~/lib/key-value/states';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { InvalidInputError } from '../domain-errors.server';
import { EXPLORE_PERMALINKS } from '../key-value/namespaces.server';
import { readValue, storeValue } from '../key-value/store.server';
import { requireExploreAccess } from './access.server';

const VIEW = 'ExplorePermalinkRestApi';

/** Where a permalink opens, under the origin the client called: Superset's path, which its client and links expect. */

type Target = { chartId: number | null; datasourceId: number; datasourceType: string; datasource: string };

/** The datasource and chart a permalink's form data names; a missing or malformed datasource is a 400. */
export function permalinkTarget(formData: Record<string, unknown>): Target {
  const datasource = formData.datasource;
  const match = typeof datasource === 'string' ? /^(\d{1,15})__([a-z_]+)$/.exec(datasource) : null;
  if (!match) throw new InvalidInputError({ 'formData.datasource': ["Must name the chart's datasource as '<id>__<type>', e.g. '3__table'."] });
  const slice = formData.slice_id;
  const chartId = typeof slice === 'number' && Number.isSafeInteger(slice) && slice > 0
    ? slice
    : typeof slice === 'string' && /^[1-9]\d{0,14}$/.test(slice) ? Number(slice) : null;
  return { chartId, datasourceId: Number(match[1]), datasourceType: match[2], datasource: datasource as string };
}

/** `POST /api/v1/explore/permalink`: 201 `{key, url}`. */
export async function createExplorePermalink(user: CurrentUser, state: ExplorePermalinkState, origin: string): Promise<{ key: string; url: string }> {
  requirePermission(user, 'can_write', VIEW);
  await requireExploreAccess(user, permalinkTarget(state.formData));
  const key = await storeValue(EXPLORE_PERMALINKS, user, state);
  return { key, url: `${origin}${permalinkPaths.explore(key)}` };
}

export type ExplorePermalinkValue = Target & { state: ExplorePermalinkState };

/** `GET /api/v1/explore/permalink/{key}`: Superset's stored value, `{chartId, datasourceId, datasourceType, datasource, state}`. */
export async function getExplorePermalink(user: CurrentUser, key: string | undefined): Promise<ExplorePermalinkValue> {
  requirePermission(user, 'can_read', VIEW);
  const { value } = await readValue(EXPLORE_PERMALINKS, key);
  const target = permalinkTarget(value.formData);
  await requireExploreAccess(user, target);
  return { ...target, state: value };
}
