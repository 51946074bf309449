/** The table as the server renders it: the whole first page, readable without JavaScript. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GenericDataType, type ChartDataResult } from '~/lib/chart-data/types';
import { createColorContext } from '~/lib/colors';
import type { VizDatasource } from '../types';
import transformProps from './transform-props';
import type { TableFormData, TableModel } from './types';
import { TableCellFilterContext, type TableCellFilter } from './cell-filter';
import TableView, { pageItems, rowCountText } from './view';

const { NUMERIC, STRING } = GenericDataType;
const datasource: VizDatasource = { id: 1, type: 'table', name: 'birth_names', columns: [], metrics: [], verboseMap: { sum__num: 'Sum of num' } };

function model(formData: Partial<TableFormData>, queriesData: ChartDataResult[]): TableModel {
  return transformProps({ formData: { viz_type: 'table', ...formData }, queriesData, width: 600, height: 400, datasource, colors: createColorContext(), theme: 'light' });
}
const html = (m: TableModel) => renderToStaticMarkup(<TableView model={m} />);

const data = [
  { state: 'CA', sum__num: 1234.5 },
  { state: 'NY', sum__num: 150 },
  { state: 'TX', sum__num: -100 },
];
const base: ChartDataResult = { data, colnames: ['state', 'sum__num'], coltypes: [STRING, NUMERIC], rowcount: 3 };
const totals: ChartDataResult = { data: [{ sum__num: 1284.5 }], colnames: ['sum__num'], coltypes: [NUMERIC], rowcount: 1 };
const agg: Partial<TableFormData> = { query_mode: 'aggregate', groupby: ['state'], metrics: ['sum__num'], align_pn: false };

describe('TableView on the server', () => {
  it('renders the header, formatted cells, cell bars, the row count and the summary row', () => {
    const out = html(model({ ...agg, show_totals: true }, [base, totals]));
    expect(out).toContain('<th scope="col" aria-sort="none"');
    expect(out).toContain('<span>Sum of num</span>');
    expect(out).toContain('<span class="relative">1.23k</span>');
    expect(out).toContain('title="1234.5"');
    expect(out).toContain('data-cell-bar="positive"');
    expect(out).toContain('style="width:93%;left:7%;background-color:rgba(0,0,0,0.2)"');
    expect(out).toContain('data-cell-bar="negative"');
    expect(out).toContain('background-color:rgba(150,0,0,0.2)');
    expect(out).toContain('3 rows');
    expect(out).toMatch(/<tfoot[^>]*><tr><th scope="row"[^>]*>Summary<\/th><td[^>]*><strong>1.28k<\/strong><\/td><\/tr><\/tfoot>/);
  });

  it('paints conditional colours as the cell background', () => {
    const out = html(model({ ...agg, conditional_formatting: [{ column: 'sum__num', operator: '>', targetValue: 100, colorScheme: '#ACE1C4' }] }, [base]));
    expect(out).toContain('style="background:#ACE1C4FF"');
    expect(out).toContain('style="background:#ACE1C417"');
    expect(out).not.toContain('data-cell-bar');
  });

  it('shows the spec message for an empty answer', () => {
    const out = html(model(agg, [{ ...base, data: [], rowcount: 0 }]));
    expect(out).toContain('No results were returned for this query');
    expect(out).not.toContain('<table');
  });

  it('renders the search box and only the first page, with the pager', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ state: `S${i}`, sum__num: i }));
    const out = html(model({ ...agg, include_search: true, page_length: 10 }, [{ ...base, data: many, rowcount: 25 }]));
    expect(out).toContain('type="search"');
    expect(out).toContain('placeholder="25 records..."');
    expect(out).toContain('>S9<');
    expect(out).not.toContain('>S10<');
    expect(out).toContain('aria-current="page"');
    expect(out).toContain('25 rows');
    expect((out.match(/<tr class=/g) ?? []).length).toBe(10);
  });

  it('helpers: the row count text and the pager window', () => {
    expect(rowCountText(1)).toBe('1 row');
    expect(rowCountText(100)).toBe('100 rows');
    expect(rowCountText(12345)).toBe('12.3k rows');
    expect(pageItems(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(pageItems(10, 30)).toEqual([0, '…', 8, 9, 10, 11, 12, '…', 29]);
  });
});

describe('TableView with cross-filter clicks', () => {
  const filtering = (selection: TableCellFilter['selection']) => (m: TableModel) =>
    renderToStaticMarkup(<TableCellFilterContext.Provider value={{ selection, onCellClick: () => undefined }}><TableView model={m} /></TableCellFilterContext.Provider>);

  it('makes the dimension cells buttons, not the metric cells', () => {
    const out = filtering(null)(model(agg, [base]));
    expect(out).toMatch(/<button type="button" aria-pressed="false"[^>]*>CA<\/button>/);
    expect((out.match(/aria-pressed=/g) ?? []).length).toBe(3);
    expect(out).not.toMatch(/<button[^>]*>1.23k<\/button>/);
  });

  it('marks the cells of the selection in force', () => {
    const out = filtering({ state: ['NY'] })(model(agg, [base]));
    expect(out).toMatch(/<td[^>]*data-selected="true"[^>]*><span class="relative"><button type="button" aria-pressed="true"[^>]*>NY<\/button>/);
    expect((out.match(/aria-pressed="true"/g) ?? []).length).toBe(1);
  });

  it('draws plain cells without the context (the server render, Explore)', () => {
    expect(html(model(agg, [base]))).not.toContain('<button type="button" aria-pressed');
  });
});
