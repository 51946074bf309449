import { describe, expect, it } from 'vitest';
import { pageWindow, parsePageQuery, parseSearch, type ListSpec } from './page-query.server';
import { personName } from './people.server';
import { likePattern } from './sql.server';

const likeContains = (text: string) => likePattern(text, 'contains');

type Sort = 'name' | 'changed_on';
const SPEC: ListSpec<Sort> = {
  sorts: { name: { column: 'slice_name', text: true }, changed_on: { column: 'changed_on' } },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};
const parse = (qs: string) => parsePageQuery(new URLSearchParams(qs), SPEC);

describe('parsePageQuery', () => {
  it('falls back to the defaults when nothing is given', () => {
    expect(parse('')).toEqual({ page: 1, sort: 'changed_on', dir: 'desc', search: '' });
  });

  it('reads a valid page, sort, direction and search', () => {
    expect(parse('page=3&sort=name&dir=desc&search=%20sales%20')).toEqual({ page: 3, sort: 'name', dir: 'desc', search: 'sales' });
  });

  it('replaces an unknown sort by the default sort and its direction', () => {
    expect(parse('sort=password_hash')).toEqual({ page: 1, sort: 'changed_on', dir: 'desc', search: '' });
    expect(parse('sort=constructor').sort).toBe('changed_on');
  });

  it('sorts another column ascending when no direction is given', () => {
    expect(parse('sort=name').dir).toBe('asc');
  });

  it('turns a bad page or direction into the default instead of failing', () => {
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-4').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('dir=sideways').dir).toBe('desc');
  });

  it('caps a very long search', () => {
    expect(parse(`search=${'x'.repeat(500)}`).search).toHaveLength(200);
    expect(parseSearch(new URLSearchParams(`search=${'y'.repeat(300)}`))).toHaveLength(200);
    expect(parseSearch(new URLSearchParams(''))).toBe('');
  });
});

describe('pageWindow', () => {
  it('counts pages of 25 and keeps at least one page', () => {
    expect(pageWindow(0, 1)).toEqual({ page: 1, pageCount: 1, offset: 0, limit: 25 });
    expect(pageWindow(25, 1).pageCount).toBe(1);
    expect(pageWindow(26, 2)).toEqual({ page: 2, pageCount: 2, offset: 25, limit: 25 });
  });

  it('shows the last page for a page past the end', () => {
    expect(pageWindow(30, 9)).toEqual({ page: 2, pageCount: 2, offset: 25, limit: 25 });
  });
});

describe('likeContains', () => {
  it('lower-cases and escapes LIKE wildcards and the escape character', () => {
    expect(likeContains('Sales')).toBe('%sales%');
    expect(likeContains('50%_off!')).toBe('%50!%!_off!!%');
  });
});

describe('personName', () => {
  it('prefers the full name and falls back to the username', () => {
    expect(personName({ username: 'ada', first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(personName({ username: 'ada', first_name: '', last_name: '' })).toBe('ada');
    expect(personName(null)).toBeNull();
  });
});
