/**
 * The filter sets panel for the dashboard page, whose first load has no room for it (decision
 * 011): the server renders the real panel (its forms apply a set without scripts); in the browser
 * its code loads with import() after hydration, and until it arrives the server's markup stays as
 * it came (an element whose inner HTML React neither hydrates nor replaces), its forms working as
 * they do without scripts. The static import below is the server's only: the client build drops
 * it (import.meta.env.SSR is false there), so the panel is in no browser bundle but its own chunk.
 */
import { useEffect, useState } from 'react';
import { FilterSetsPanel as ServerPanel, type FilterSetsPanelProps } from './filter-sets-panel';

type Panel = typeof ServerPanel;
let loaded: Panel | null = import.meta.env.SSR ? ServerPanel : null;

export function LazyFilterSetsPanel(props: FilterSetsPanelProps) {
  const [Panel, setPanel] = useState<Panel | null>(() => loaded);
  useEffect(() => {
    if (Panel) return;
    let cancelled = false;
    void import('./filter-sets-panel').then((module) => {
      loaded = module.FilterSetsPanel;
      if (!cancelled) setPanel(() => loaded);
    });
    return () => {
      cancelled = true;
    };
  }, [Panel]);
  if (Panel) return <div data-filter-sets=""><Panel {...props} /></div>;
  return <div data-filter-sets="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
}
