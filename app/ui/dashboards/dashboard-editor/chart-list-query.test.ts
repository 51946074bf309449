import { describe, expect, it } from 'vitest';
import { decodeRison } from '~/lib/rison';
import { chartInfoOf, chartListQuery, chartListUrl } from './chart-list-query';

describe('the saved charts request', () => {
  it('asks for 200 charts, newest first, without filters when nothing is typed', () => {
    expect(chartListQuery('  ', null)).toMatchObject({ filters: [], order_column: 'changed_on_delta_humanized', order_direction: 'desc', page: 0, page_size: 200 });
  });

  it('searches all text and filters by owner', () => {
    expect(chartListQuery(' sales ', 4).filters).toEqual([
      { col: 'slice_name', opr: 'chart_all_text', value: 'sales' },
      { col: 'owners', opr: 'rel_m_m', value: 4 },
    ]);
  });

  it('encodes the query as rison in q', () => {
    const url = chartListUrl("it's", null);
    expect(url.startsWith('/api/v1/chart/?q=')).toBe(true);
    const q = new URLSearchParams(url.split('?')[1]).get('q')!;
    expect(decodeRison(q)).toMatchObject({ filters: [{ col: 'slice_name', opr: 'chart_all_text', value: "it's" }], page_size: 200 });
  });

  it('remembers a chart with its Explore link', () => {
    expect(chartInfoOf({ id: 9, slice_name: 'Pie', viz_type: 'pie' })).toEqual({ id: 9, name: 'Pie', vizType: 'pie', description: null, editUrl: '/explore/?slice_id=9' });
  });
});
