/**
 * The native filter bar for the dashboard page: rendered by the server (a GET form that filters
 * without scripts), its code loaded in the browser after hydration (app/ui/lazy-server-rendered.tsx),
 * as the route's first load has no room for it (decision 011). Until it arrives, Apply submits the
 * form as without scripts.
 */
import { lazyServerRendered } from '~/ui/lazy-server-rendered';
import { FilterBar } from './filter-bar';

export const LazyFilterBar = lazyServerRendered('filter-bar', import.meta.env.SSR ? FilterBar : null, () => import('./filter-bar').then((m) => m.FilterBar));
