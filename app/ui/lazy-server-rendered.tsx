/**
 * A component whose code the page's first load has no room for (decision 011) but whose markup
 * the server renders: on the server it is the real component; in the browser its code loads with
 * import() after hydration, and until it arrives the server's markup stays as it came (an element
 * whose inner HTML React neither hydrates nor replaces), its forms working as without scripts.
 *
 * `server` is the statically imported component on the server and null in the browser: callers
 * pass `import.meta.env.SSR ? Component : null`, which the client build folds to null, so the
 * component lands in no browser bundle but its own chunk. The wrapper is `display: contents`, so
 * it takes no part in the layout.
 */
import { useEffect, useState, type ComponentType } from 'react';

export function lazyServerRendered<P extends object>(name: string, server: ComponentType<P> | null, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = server;
  const attribute = { [`data-${name}`]: '' };
  function LazyServerRendered(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Component) return;
      let cancelled = false;
      void load().then((component) => {
        loaded = component;
        if (!cancelled) setComponent(() => component);
      });
      return () => {
        cancelled = true;
      };
    }, [Component]);
    if (Component) return <div className="contents" {...attribute}><Component {...props} /></div>;
    return <div className="contents" {...attribute} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
  }
  LazyServerRendered.displayName = `LazyServerRendered(${name})`;
  return LazyServerRendered;
}
