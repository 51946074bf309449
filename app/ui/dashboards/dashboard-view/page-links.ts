/**
 * Addresses the dashboard page builds from its own: the fullscreen link (the standalone view, and
 * back), the meta refresh's target, the `?refresh=` interval of the no-JavaScript form, and which
 * parameters a permalink keeps (reserved ones are not passed on: dashboards.md §2).
 */
/** The URL parameter the no-JavaScript auto-refresh form sets (seconds); the page reads it too. */
export const REFRESH_PARAM = 'refresh';

type Params = readonly (readonly [string, string])[];

/** The page at `pathname` with these parameters. */
export function pageAddress(pathname: string, params: Params): string {
  const query = new URLSearchParams(params.map(([k, v]) => [k, v])).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** 'Enter fullscreen' adds standalone=1 to the page's parameters; in the standalone view, 'Exit fullscreen' takes it away. */
export function fullscreenLink(pathname: string, params: Params, standalone: boolean): { href: string; entered: boolean } {
  const rest = params.filter(([name]) => name !== 'standalone');
  return { href: pageAddress(pathname, standalone ? rest : [...rest, ['standalone', '1']]), entered: standalone };
}

/** `?refresh=` seconds, when it is a whole number (0 included: the no-JavaScript form's "Don't refresh"). */
export function refreshFromUrl(search: string): number | null {
  const value = new URLSearchParams(search).get(REFRESH_PARAM);
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
}

/** Parameters a permalink does not keep: the page's own state (tabs go as activeTabs) and the reserved ones. */
export const NOT_IN_PERMALINK: ReadonlySet<string> = new Set(['tab', 'force', 'edit', 'standalone', 'permalink_key', REFRESH_PARAM]);

/** The hash as the plain string the page reads (§2), without its '#'. */
export function decodeHash(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
