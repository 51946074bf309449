import { useEffect, useState } from 'react';

let hydratedOnce = false;

/**
 * False in the server's HTML and until React has hydrated, true after. Components render their
 * no-JavaScript form first and enhance once this is true, so the first client render matches the
 * server's HTML exactly; later mounts (client navigations) start enhanced.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
