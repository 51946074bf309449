/**
 * The data pane's pieces as the server renders them: the row-count badge and its 'Limit reached'
 * tooltip, the labelled search box and the Copy button, and the pane collapsed at first.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { filtersSummary } from '~/ui/charts/drill/point-menu';
import { pageCount } from '~/ui/charts/drill/drill-detail-dialog';
import { DataPane } from '../data-pane';
import type { ExploreChrome } from '../types';
import { DataTable, RowCountBadge } from './data-table';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `name ${i}`, num: i }));

describe('the row-count badge', () => {
  it('says the limit is reached only when the rows fill it', () => {
    const full = renderToStaticMarkup(<RowCountBadge count={100} limit={100} />);
    expect(full).toContain('100 rows');
    expect(full).toMatch(/role="tooltip"[^>]*>Limit reached</);
    const short = renderToStaticMarkup(<RowCountBadge count={99} limit={100} />);
    expect(short).toContain('99 rows');
    expect(short).not.toContain('Limit reached');
  });
});

describe('the data table', () => {
  it('has a labelled search box, a Copy button and a named grid with its columns', () => {
    const html = renderToStaticMarkup(<DataTable label="Results" columns={['name', 'num']} coltypes={[1, 0]} rows={rows(3)} limit={10} />);
    expect(html).toMatch(/<label[^>]*>.*Search results.*<input[^>]*type="search"/s);
    expect(html).toMatch(/<button[^>]*>Copy<\/button>/);
    expect(html).toMatch(/role="grid" aria-label="Results"/);
    expect(html).toContain('role="columnheader"');
    expect(html).toContain('3 rows');
  });
});

describe('the data pane', () => {
  it('starts collapsed, the chart first', () => {
    const chrome = { formData: { viz_type: 'table', row_limit: 10 }, datasource: null, slice: null, user: {}, sql: '', apply: () => {} } as unknown as ExploreChrome;
    const html = renderToStaticMarkup(<DataPane chrome={chrome} queriesData={[{ data: rows(2), colnames: ['name', 'num'], coltypes: [1, 0], rowcount: 2 }]} />);
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>.*Data pane<\/button>/s);
    expect(html).not.toContain('role="tab"');
  });
});

describe('drill helpers', () => {
  it('counts pages and summarises filters', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
    expect(filtersSummary([{ col: 'gender', op: '==', val: 'boy', formattedVal: 'boy' }, { col: 'ds', op: 'TEMPORAL_RANGE', val: 'a : b', formattedVal: '2008-01-01T00:00:00' }]))
      .toBe('gender = boy, ds = 2008-01-01T00:00:00');
  });
});
