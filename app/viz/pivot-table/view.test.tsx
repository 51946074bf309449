/** The pivot table as the server renders it: the whole pivot, expanded, readable without JavaScript. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GenericDataType, type ChartDataResult } from '~/lib/chart-data/types';
import { createColorContext } from '~/lib/colors';
import type { VizDatasource } from '../types';
import transformProps from './transform-props';
import type { PivotTableFormData, PivotTableModel } from './types';
import PivotTableView, { attrSpans } from './view';

const { NUMERIC, STRING, TEMPORAL } = GenericDataType;
const M = 'SUM(sales)';
const datasource: VizDatasource = { id: 2, type: 'table', name: 'sales', columns: [], metrics: [], verboseMap: { [M]: 'Sales', country: 'Country' } };
const data = [
  { country: 'FR', city: 'Paris', product: 'Bikes', [M]: 100 },
  { country: 'FR', city: 'Lyon', product: 'Cars', [M]: 300 },
  { country: 'US', city: 'NYC', product: 'Bikes', [M]: 50 },
  { country: 'US', city: 'NYC', product: 'Cars', [M]: 1550 },
];
const answer: ChartDataResult = { data, colnames: ['product', 'country', 'city', M], coltypes: [STRING, STRING, STRING, NUMERIC], rowcount: 4 };

function model(formData: Partial<PivotTableFormData>, result: ChartDataResult = answer): PivotTableModel {
  return transformProps({
    formData: { viz_type: 'pivot_table_v2', groupbyRows: ['country'], groupbyColumns: ['product'], metrics: [M], aggregateFunction: 'Sum', ...formData },
    queriesData: [result],
    width: 600,
    height: 400,
    datasource,
    colors: createColorContext(),
    theme: 'light',
  });
}
const html = (m: PivotTableModel) => renderToStaticMarkup(<PivotTableView model={m} />);

describe('PivotTableView on the server', () => {
  it('renders the headers (verbose names), formatted cells and the totals', () => {
    const out = html(model({ rowTotals: true, colTotals: true, valueFormat: ',d' }));
    // The metric level spans both products; attribute labels through the verbose map.
    expect(out).toMatch(/<th colspan="2" rowspan="1"[^>]*>Sales<\/th>/i);
    expect(out).toContain('>Metric</th>');
    expect(out).toContain('>Country</th>');
    expect(out).toMatch(/<th colspan="1" rowspan="2"[^>]*>Bikes<\/th>/i);
    expect(out).toContain('>1,550</td>');
    expect(out).toContain('>Total (Sum)</th>');
    // FR's row total, the Cars column total and the grand total.
    expect(out).toContain('>400</td>');
    expect(out).toContain('>1,850</td>');
    expect(out).toContain('>2,000</td>');
  });

  it('renders subtotals with their toggles and labels', () => {
    const out = html(model({ groupbyRows: ['country', 'city'], rowSubTotals: true, valueFormat: ',d' }));
    expect(out).toContain('>Subtotal</th>');
    expect(out).toContain('aria-label="Collapse"');
    // FR spans its two cities and its subtotal row.
    expect(out).toMatch(/<th scope="row" rowspan="3"[^>]*><span class="inline-flex items-center gap-1"><button[^>]*>−<\/button><span>FR<\/span>/);
    // FR's subtotal row: its cities summed per product, in bold.
    expect(out).toMatch(/>Subtotal<\/th><td class="[^"]*font-bold">100<\/td><td class="[^"]*font-bold">300<\/td><\/tr>/);
  });

  it('colours metric cells by conditional formatting', () => {
    const out = html(model({ conditional_formatting: [{ column: M, operator: '>', targetValue: 200, colorScheme: '#ACE1C4' }] }));
    // 1550 is the column's maximum; 300: 0.95/1350*100 + 0.05 = 0.12 → 31 (0x1F).
    expect(out).toContain('style="background-color:#ACE1C4FF">1.55k</td>');
    expect(out).toContain('style="background-color:#ACE1C41F">300</td>');
    expect(out).toMatch(/<td class="[^"]*">100<\/td>/);
  });

  it('formats temporal group-bys by the time grain', () => {
    const temporal: ChartDataResult = { data: [{ ds: Date.UTC(2008, 0, 1), [M]: 1 }, { ds: Date.UTC(2008, 3, 1), [M]: 2 }], colnames: ['ds', M], coltypes: [TEMPORAL, NUMERIC], rowcount: 2 };
    const out = html(model({ groupbyRows: ['ds'], groupbyColumns: [], time_grain_sqla: 'P3M', date_format: 'smart_date' }, temporal));
    expect(out).toContain('>2008 Q1</th>');
    expect(out).toContain('>2008 Q2</th>');
  });

  it('shows the spec message for an empty answer', () => {
    const out = html(model({}, { ...answer, data: [], rowcount: 0 }));
    expect(out).toContain('No results were returned for this query');
    expect(out).not.toContain('<table');
  });

  it('label spans', () => {
    expect(attrSpans([['a', 'x'], ['a', 'y'], ['a'], ['b', 'x']])).toEqual([[3, 1], [-1, 1], [-1], [1, 1]]);
  });
});
