/**
 * Applies a data mask to the dashboard page after hydration (issue 14): stores it as the visit's
 * filter state (`POST /api/v1/dashboard/{id}/filter_state`, a new key per state) and moves the
 * page to `?native_filters_key=<key>` with a client navigation that pushes a history entry, so the
 * back button goes back to the earlier state's key and the loader draws the charts with it.
 *
 * The last key of each dashboard is kept in sessionStorage (one tab, one session): a fresh visit
 * of the dashboard in the tab, with no filter state (nor a permalink) in its address, goes on with
 * that key (the address is replaced, not pushed). The work lives in apply-filters.ts, loaded on
 * the first apply, or at hydration only when the address has a key or the tab kept one: the page's
 * first load carries just this hook.
 */
import { useLocation, useNavigate, useNavigation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import type { DataMaskMap } from '~/lib/dashboard/native-filters/types';
import { dangerToast } from '~/lib/toasts';
import { showToast } from '~/ui/toasts';
import { useShell } from '~/ui/use-shell';

export type ApplyDataMask = (dataMask: DataMaskMap) => Promise<void>;

/** What apply-filters.ts needs of the page, current as of the last render. */
export type ApplyContext = {
  dashboardId: number;
  keep: readonly (readonly [string, string])[];
  pathname: string;
  csrfToken: string;
  navigate: (to: string, options?: { replace?: boolean; preventScrollReset?: boolean }) => void;
  /** The newest apply: an older one answering late does not navigate over it. */
  run: number;
  /** The search of the address the newest apply went to. */
  target: string;
  /** The dashboard whose visit has started (its stored key is reused once, on arrival). */
  visited: number | null;
};

/** The bar's lazily loaded half (one import() site for every caller: each site costs first-load bytes). */
export const loadApplyFilters = () => import('./apply-filters');

/** Where the tab keeps a dashboard's last filter state key. */
export const storedKeyName = (dashboardId: number) => `sightline:filter-state:${dashboardId}`;

export function useApplyDataMask(dashboardId: number, keep: readonly (readonly [string, string])[]): { apply: ApplyDataMask; applying: boolean } {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const csrfToken = useShell()?.csrfToken ?? '';
  const [posting, setPosting] = useState(0);
  // The render's values are assigned below, each render.
  const context = useRef({ run: 0, target: '', visited: null } as ApplyContext);
  Object.assign(context.current, { dashboardId, keep, pathname, csrfToken, navigate });

  useEffect(() => {
    let kept: string | null = null;
    try {
      kept = sessionStorage.getItem(storedKeyName(dashboardId));
    } catch {
      // Storage refused (privacy settings): nothing was kept.
    }
    if (kept || search.includes('native_filters_key=')) void loadApplyFilters().then(({ visit }) => visit(context.current, search));
  }, [dashboardId, search]);

  const apply = useCallback<ApplyDataMask>(async (dataMask) => {
    setPosting((n) => n + 1);
    try {
      const { storeAndShow } = await loadApplyFilters();
      await storeAndShow(context.current, dataMask);
    } catch (error) {
      showToast(dangerToast((await getClientError(error)).error));
    } finally {
      setPosting((n) => n - 1);
    }
  }, []);

  // Applying lasts until the loader has answered the applied state (or another navigation took over).
  const loading = navigation.state !== 'idle' && navigation.location?.search === context.current.target;
  return { apply, applying: posting > 0 || loading };
}
