import { describe, expect, it } from 'vitest';
import { dashboardHandle, dashboardShouldRevalidate } from './dashboard-page';

type Args = Parameters<typeof dashboardShouldRevalidate>[0];
const args = (current: string, next: string, extra: Partial<Args> = {}): Args =>
  ({ currentUrl: new URL(current, 'http://x'), nextUrl: new URL(next, 'http://x'), defaultShouldRevalidate: true, currentParams: {}, nextParams: {}, ...extra }) as Args;

describe('the dashboard page in the browser', () => {
  it('switches tabs without asking the loader again, and reloads for anything else', () => {
    expect(dashboardShouldRevalidate(args('/superset/dashboard/1/', '/superset/dashboard/1/?tab=TAB-b'))).toBe(false);
    expect(dashboardShouldRevalidate(args('/superset/dashboard/1/?standalone=1&tab=TAB-a', '/superset/dashboard/1/?standalone=1&tab=TAB-b'))).toBe(false);
    expect(dashboardShouldRevalidate(args('/superset/dashboard/1/?tab=TAB-a', '/superset/dashboard/1/?tab=TAB-a&force=true'))).toBe(true);
    expect(dashboardShouldRevalidate(args('/superset/dashboard/1/', '/superset/dashboard/2/?tab=TAB-b'))).toBe(true);
    expect(dashboardShouldRevalidate(args('/superset/dashboard/1/', '/superset/dashboard/1/', { formMethod: 'POST' }))).toBe(true);
  });

  it('reloads when asked to revalidate the address it shows (the filters, a filter set or a bar setting saved)', () => {
    expect(dashboardShouldRevalidate(args('/superset/dashboard/1/?tab=TAB-b', '/superset/dashboard/1/?tab=TAB-b'))).toBe(true);
  });

  it('asks the shell to hide the navigation only for a standalone view', () => {
    expect(dashboardHandle.hideNav({ display: { hideNav: true } })).toBe(true);
    expect(dashboardHandle.hideNav({ display: { hideNav: false } })).toBe(false);
    expect(dashboardHandle.hideNav(undefined)).toBe(false);
  });
});
