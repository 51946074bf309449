/**
 * Applies a data mask to the dashboard page after hydration (issue 14): stores it as the tab's
 * filter state (`POST /api/v1/dashboard/{id}/filter_state`) and moves the page to
 * `?native_filters_key=<key>` with a client navigation (a history entry per applied state, so the
 * back button restores earlier ones); the loader draws the charts with it.
 */
import type { DataMaskMap } from '~/lib/dashboard/native-filters/types';

export type ApplyDataMask = (dataMask: DataMaskMap) => Promise<void>;

// STUB (lead): implemented by the filter bar runtime.
export function useApplyDataMask(_dashboardId: number, _keep: readonly (readonly [string, string])[]): { apply: ApplyDataMask; applying: boolean } {
  return { apply: async () => undefined, applying: false };
}
