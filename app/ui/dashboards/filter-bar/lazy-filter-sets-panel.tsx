/**
 * The filter sets panel for the dashboard page: rendered by the server (its forms apply a set
 * without scripts), its code loaded in the browser after hydration (app/ui/lazy-server-rendered.tsx).
 */
import { lazyServerRendered } from '~/ui/lazy-server-rendered';
import { FilterSetsPanel } from './filter-sets-panel';

export const LazyFilterSetsPanel = lazyServerRendered('filter-sets', import.meta.env.SSR ? FilterSetsPanel : null, () => import('./filter-sets-panel').then((m) => m.FilterSetsPanel));
