import { describe, expect, it } from 'vitest';
import { decodeHash, fullscreenLink, NOT_IN_PERMALINK, pageAddress, refreshFromUrl } from './page-links';

describe('the page links', () => {
  it('enters fullscreen with standalone=1 and leaves it without standalone, keeping the rest', () => {
    expect(fullscreenLink('/superset/dashboard/5/', [['tab', 'TAB-a']], false)).toEqual({ href: '/superset/dashboard/5/?tab=TAB-a&standalone=1', entered: false });
    expect(fullscreenLink('/superset/dashboard/5/', [['standalone', 'true'], ['tab', 'TAB-a']], true)).toEqual({ href: '/superset/dashboard/5/?tab=TAB-a', entered: true });
  });

  it('builds the address with its parameters', () => {
    expect(pageAddress('/dashboard/x/', [])).toBe('/dashboard/x/');
    expect(pageAddress('/dashboard/x/', [['tab', 'TAB 1'], ['refresh', '30']])).toBe('/dashboard/x/?tab=TAB+1&refresh=30');
  });

  it('reads ?refresh= seconds, whole numbers only', () => {
    expect(refreshFromUrl('?refresh=30')).toBe(30);
    expect(refreshFromUrl('?refresh=0')).toBe(0);
    expect(refreshFromUrl('?refresh=-1')).toBeNull();
    expect(refreshFromUrl('?tab=x')).toBeNull();
  });

  it('keeps reserved parameters out of a permalink, and reads the hash as plain text', () => {
    for (const name of ['edit', 'standalone', 'tab', 'force', 'permalink_key']) expect(NOT_IN_PERMALINK.has(name)).toBe(true);
    expect(NOT_IN_PERMALINK.has('preselect_filters')).toBe(false);
    expect(decodeHash('#CHART-abc')).toBe('CHART-abc');
    expect(decodeHash('#a%20b')).toBe('a b');
    expect(decodeHash('#%E0%A4%A')).toBe('%E0%A4%A');
    expect(decodeHash('')).toBeNull();
  });
});
