import { describe, expect, it } from 'vitest';
import { listHref } from './pager';

describe('listHref', () => {
  const state = { page: 2, sort: 'name', dir: 'asc' as const, search: 'sales & co' };

  it('keeps the list state and applies the change', () => {
    expect(listHref(state, { page: 3 })).toBe('?search=sales+%26+co&sort=name&dir=asc&page=3');
  });

  it('leaves out page 1 and an empty search', () => {
    expect(listHref({ ...state, search: '' }, { page: 1 })).toBe('?sort=name&dir=asc');
  });

  it('carries the list filters on every link, leaving out empty ones', () => {
    expect(listHref({ ...state, filters: { engine: 'mysql', owner: '' } }, { page: 1 })).toBe('?engine=mysql&search=sales+%26+co&sort=name&dir=asc');
  });
});
