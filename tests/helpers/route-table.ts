/**
 * Every route of the app as URL patterns, read from Remix's own server build (so from the route
 * files themselves): a test that walks this table covers a new route without being edited.
 * Patterns keep Remix's segments: `:param` for a dynamic segment, `*` for a splat.
 */
import type { ServerBuild } from '@remix-run/node';

export interface RouteEntry {
  /** Remix's route id, e.g. `routes/api.v1.database.$id`. */
  id: string;
  /** The full URL pattern, e.g. `/api/v1/database/:id` (`/` for the root index). */
  pattern: string;
  /** The dynamic segments' names, in order. */
  params: string[];
  /** An index route: a POST to it needs `?index` to reach its action. */
  index: boolean;
  hasLoader: boolean;
  hasAction: boolean;
  /** Under /api/ (a resource route answering JSON), as opposed to a page. */
  api: boolean;
}

export function routeTable(build: ServerBuild): RouteEntry[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return '';
    const own = route.path ?? '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return [parent, own].filter(Boolean).join('/');
  };
  const entries: RouteEntry[] = [];
  for (const [id, route] of Object.entries(routes)) {
    if (id === 'root') continue;
    const module = route.module as { loader?: unknown; action?: unknown };
    const pattern = `/${fullPath(id)}`.replace(/\/+/g, '/');
    const params = pattern
      .split('/')
      .filter((s) => s.startsWith(':'))
      .map((s) => s.slice(1).replace(/\?$/, ''));
    entries.push({
      id,
      pattern,
      params,
      index: Boolean(route.index),
      hasLoader: typeof module.loader === 'function',
      hasAction: typeof module.action === 'function',
      api: pattern.startsWith('/api/'),
    });
  }
  return entries.sort((a, b) => a.pattern.localeCompare(b.pattern) || a.id.localeCompare(b.id));
}

/** The pattern with its dynamic segments filled in (values are URL-encoded); a splat takes `splat`. */
export function fillPattern(pattern: string, values: Record<string, string>, splat = ''): string {
  return pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return splat;
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1).replace(/\?$/, '');
      return encodeURIComponent(values[name] ?? '1');
    })
    .join('/');
}
