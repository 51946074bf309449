import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE, FavoriteStatusQuerySchema, InfoQuerySchema, ListQuerySchema, MAX_PAGE_SIZE, RelatedQuerySchema, wantsKey,
} from './list-query';
import { decodeRison } from './rison';

describe('ListQuerySchema', () => {
  it('fills Superset\'s defaults for an empty q', () => {
    expect(ListQuerySchema.parse({})).toEqual({ page: 0, page_size: DEFAULT_PAGE_SIZE, filters: [] });
    expect(DEFAULT_PAGE_SIZE).toBe(20);
  });

  it('reads a full rison list query', () => {
    const q = decodeRison("(columns:!(id),filters:!((col:owners,opr:rel_m_m,value:3),(col:viz_type,opr:in,value:!(bar,line))),keys:!(none),order_column:slice_name,order_direction:desc,page:2,page_size:50,select_columns:!(id,slice_name))");
    expect(ListQuerySchema.parse(q)).toEqual({
      columns: ['id'],
      filters: [{ col: 'owners', opr: 'rel_m_m', value: 3 }, { col: 'viz_type', opr: 'in', value: ['bar', 'line'] }],
      keys: ['none'],
      order_column: 'slice_name',
      order_direction: 'desc',
      page: 2,
      page_size: 50,
      select_columns: ['id', 'slice_name'],
    });
  });

  it('drops unknown keys, as Superset lets them through', () => {
    expect(ListQuerySchema.parse({ page: 1, whatever: true })).toEqual({ page: 1, page_size: 20, filters: [] });
  });

  it.each([
    [{ page: -1 }, 'page'],
    [{ page: 1.5 }, 'page'],
    [{ page_size: 0 }, 'page_size'],
    [{ page_size: MAX_PAGE_SIZE + 1 }, 'page_size'],
    [{ page_size: '10' }, 'page_size'],
    [{ order_direction: 'up' }, 'order_direction'],
    [{ filters: [{ col: 'a', opr: 'eq' }] }, 'filters.0.value'],
    [{ filters: [{ col: '', opr: 'eq', value: 1 }] }, 'filters.0.col'],
    [{ filters: [{ col: 'a', opr: 'eq', value: { nested: 1 } }] }, 'filters.0.value'],
    [{ keys: ['list_columns', 'secrets'] }, 'keys.1'],
  ])('refuses %j at %s', (input, path) => {
    const parsed = ListQuerySchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('accepts the filter value kinds Superset does', () => {
    for (const value of ['text', 3, -1.5, true, false, null, [1, 'a', null]]) {
      expect(ListQuerySchema.parse({ filters: [{ col: 'c', opr: 'eq', value }] }).filters[0].value).toEqual(value);
    }
  });
});

describe('the other q schemas', () => {
  it('InfoQuerySchema takes keys and column paging', () => {
    expect(InfoQuerySchema.parse({ keys: ['permissions'], add_columns: { owners: { page: 0, page_size: 10 } } })).toEqual({
      keys: ['permissions'], add_columns: { owners: { page: 0, page_size: 10 } },
    });
    expect(InfoQuerySchema.safeParse({ keys: ['everything'] }).success).toBe(false);
  });

  it('RelatedQuerySchema defaults filter, paging and include_ids', () => {
    expect(RelatedQuerySchema.parse({})).toEqual({ filter: '', page: 0, page_size: 20, include_ids: [] });
    expect(RelatedQuerySchema.parse(decodeRison("(filter:'ann lee',include_ids:!(1,2))"))).toMatchObject({ filter: 'ann lee', include_ids: [1, 2] });
    expect(RelatedQuerySchema.safeParse({ include_ids: ['1'] }).success).toBe(false);
  });

  it('FavoriteStatusQuerySchema is a list of positive integer ids', () => {
    expect(FavoriteStatusQuerySchema.parse(decodeRison('!(1,2,3)'))).toEqual([1, 2, 3]);
    expect(FavoriteStatusQuerySchema.safeParse(decodeRison('!(0)')).success).toBe(false);
    expect(FavoriteStatusQuerySchema.safeParse(decodeRison('(id:1)')).success).toBe(false);
  });
});

describe('wantsKey', () => {
  it('means every key when keys are absent or empty, none for none', () => {
    expect(wantsKey(undefined, 'list_columns')).toBe(true);
    expect(wantsKey([], 'list_columns')).toBe(true);
    expect(wantsKey(['list_columns'], 'list_columns')).toBe(true);
    expect(wantsKey(['list_columns'], 'list_title')).toBe(false);
    expect(wantsKey(['none'], 'list_columns')).toBe(false);
  });
});
