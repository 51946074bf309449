import { describe, expect, it } from 'vitest';
import { GenericDataType, type ChartDataResult } from '~/lib/chart-data/types';
import { createColorContext } from '~/lib/colors';
import type { VizDatasource } from '../types';
import { naturalSort } from './pivot-data';
import transformProps from './transform-props';
import type { PivotTableFormData, PivotTableModel } from './types';
import { buildPivot } from './view';

const { NUMERIC, STRING, TEMPORAL } = GenericDataType;
const M = 'SUM(sales)';
const datasource: VizDatasource = {
  id: 2,
  type: 'table',
  name: 'cleaned_sales_data',
  columns: [],
  metrics: [{ metric_name: 'revenue', verbose_name: null, d3format: '$,.0f', currency: null }],
  verboseMap: { [M]: 'Sales' },
};
const data = [
  { country: 'FR', product: 'Bikes', [M]: 100 },
  { country: 'FR', product: 'Cars', [M]: 300 },
  { country: 'US', product: 'Bikes', [M]: 50 },
  { country: 'US', product: 'Cars', [M]: 550 },
];
const answer: ChartDataResult = { data, colnames: ['product', 'country', M], coltypes: [STRING, STRING, NUMERIC], rowcount: 4 };

function model(formData: Partial<PivotTableFormData>, result: ChartDataResult = answer): PivotTableModel {
  return transformProps({
    formData: { viz_type: 'pivot_table_v2', groupbyRows: ['country'], groupbyColumns: ['product'], metrics: [M], aggregateFunction: 'Sum', valueFormat: 'SMART_NUMBER', ...formData },
    queriesData: [result],
    width: 600,
    height: 400,
    datasource,
    colors: createColorContext(),
    theme: 'light',
  });
}

/** Every cell's text of the pivot: rows × columns, then each row's total, then the column totals and the grand total. */
function grid(m: PivotTableModel) {
  const { pivot, rowKeys, colKeys } = buildPivot(m.props);
  const text = (r: unknown[], c: unknown[]) => {
    const agg = pivot.getAggregator(r as never, c as never);
    return agg.format(agg.value());
  };
  return {
    rowKeys,
    colKeys,
    cells: rowKeys.map((r) => colKeys.map((c) => text(r, c))),
    rowTotals: rowKeys.map((r) => text(r, [])),
    colTotals: colKeys.map((c) => text([], c)),
    grand: text([], []),
  };
}

describe('pivot_table_v2 transformProps', () => {
  it('passes the rows, labels, formats and settings to the view', () => {
    const m = model({ rowTotals: true, currency_format: { symbol: 'EUR', symbolPosition: 'suffix' } });
    expect(m.kind).toBe('html');
    expect(m.props).toMatchObject({
      groupbyRows: ['country'],
      groupbyColumns: ['product'],
      metrics: [M],
      aggregateFunction: 'Sum',
      metricsLayout: 'COLUMNS',
      rowTotals: true,
      colTotals: false,
      columnFormats: { revenue: '$,.0f' },
      currencyFormat: { symbol: 'EUR', symbolPosition: 'suffix' },
      verboseMap: { [M]: 'Sales' },
      emptyMessage: null,
    });
    expect(m.props.data).toHaveLength(4);
  });

  it('temporal group-bys print by the time grain with the adaptive format, else by the date format', () => {
    const temporal: ChartDataResult = { data: [{ ds: Date.UTC(2008, 0, 1), [M]: 1 }], colnames: ['ds', M], coltypes: [TEMPORAL, NUMERIC], rowcount: 1 };
    expect(model({ groupbyRows: ['ds'], time_grain_sqla: 'P3M', date_format: 'smart_date' }, temporal).props.dateFormats).toEqual({ ds: { granularity: 'P3M' } });
    expect(model({ groupbyRows: ['ds'], date_format: '%Y' }, temporal).props.dateFormats).toEqual({ ds: { format: '%Y' } });
    expect(model({ groupbyRows: ['ds'], date_format: 'smart_date' }, temporal).props.dateFormats).toEqual({ ds: { format: '%Y-%m-%d %H:%M:%S' } });
  });

  it('an empty answer gives the spec message', () => {
    expect(model({}, { ...answer, data: [], rowcount: 0 }).props.emptyMessage).toBe('No results were returned for this query');
  });
});

describe('the pivot (react-pivottable semantics)', () => {
  it('Sum: cells, row and column totals, grand total', () => {
    const g = grid(model({ rowTotals: true, colTotals: true }));
    expect(g.rowKeys).toEqual([['FR'], ['US']]);
    expect(g.colKeys).toEqual([
      [M, 'Bikes'],
      [M, 'Cars'],
    ]);
    expect(g.cells).toEqual([
      ['100', '300'],
      ['50', '550'],
    ]);
    expect(g.rowTotals).toEqual(['400', '600']);
    expect(g.colTotals).toEqual(['150', '850']);
    expect(g.grand).toBe('1k');
  });

  it('totals aggregate the records, not the cells (Average, Median, Count)', () => {
    expect(grid(model({ aggregateFunction: 'Average' })).rowTotals).toEqual(['200', '300']);
    expect(grid(model({ aggregateFunction: 'Median' })).colTotals).toEqual(['75', '425']);
    const count = grid(model({ aggregateFunction: 'Count' }));
    expect(count.cells).toEqual([
      ['1', '1'],
      ['1', '1'],
    ]);
    expect(count.grand).toBe('4');
    expect(grid(model({ aggregateFunction: 'Minimum' })).grand).toBe('50');
    expect(grid(model({ aggregateFunction: 'Maximum' })).rowTotals).toEqual(['300', '550']);
    expect(grid(model({ aggregateFunction: 'Count Unique Values' })).grand).toBe('4');
  });

  it('Sum as Fraction of Total / Rows / Columns, in the value format', () => {
    expect(grid(model({ aggregateFunction: 'Sum as Fraction of Total', valueFormat: ',.1%' })).cells).toEqual([
      ['10.0%', '30.0%'],
      ['5.0%', '55.0%'],
    ]);
    expect(grid(model({ aggregateFunction: 'Sum as Fraction of Rows', valueFormat: ',.1%' })).cells).toEqual([
      ['25.0%', '75.0%'],
      ['8.3%', '91.7%'],
    ]);
    expect(grid(model({ aggregateFunction: 'Sum as Fraction of Columns', valueFormat: ',.1%' })).cells).toEqual([
      ['66.7%', '35.3%'],
      ['33.3%', '64.7%'],
    ]);
  });

  it('orders rows by value, transposes, combines metrics, puts metrics on rows', () => {
    expect(grid(model({ rowOrder: 'value_z_to_a' })).rowKeys).toEqual([['US'], ['FR']]);
    expect(grid(model({ rowOrder: 'key_z_to_a' })).rowKeys).toEqual([['US'], ['FR']]);
    const t = grid(model({ transposePivot: true }));
    expect(t.rowKeys).toEqual([['Bikes'], ['Cars']]);
    expect(t.colKeys).toEqual([
      [M, 'FR'],
      [M, 'US'],
    ]);
    expect(buildPivot(model({ combineMetric: true }).props).cols).toEqual(['product', 'Metric']);
    const rowsLayout = buildPivot(model({ metricsLayout: 'ROWS' }).props);
    expect([rowsLayout.rows, rowsLayout.cols]).toEqual([['Metric', 'country'], ['product']]);
  });

  it('subtotals: partial keys per level, after their children by default, first with the top position', () => {
    const cities: ChartDataResult = {
      data: [
        { country: 'FR', city: 'Paris', product: 'Bikes', [M]: 10 },
        { country: 'FR', city: 'Lyon', product: 'Bikes', [M]: 20 },
        { country: 'US', city: 'NYC', product: 'Bikes', [M]: 5 },
      ],
      colnames: ['product', 'country', 'city', M],
      coltypes: [STRING, STRING, STRING, NUMERIC],
      rowcount: 3,
    };
    const g = grid(model({ groupbyRows: ['country', 'city'], rowSubTotals: true }, cities));
    expect(g.rowKeys).toEqual([['FR', 'Lyon'], ['FR', 'Paris'], ['FR'], ['US', 'NYC'], ['US']]);
    expect(g.cells.map((r) => r[0])).toEqual(['20', '10', '30', '5', '5']);
    const top = grid(model({ groupbyRows: ['country', 'city'], rowSubTotals: true, rowSubtotalPosition: true }, cities));
    expect(top.rowKeys).toEqual([['FR'], ['FR', 'Lyon'], ['FR', 'Paris'], ['US'], ['US', 'NYC']]);
  });

  it('a saved metric format wins for its own cells', () => {
    const revenue: ChartDataResult = { data: [{ country: 'FR', product: 'Bikes', revenue: 1234.4 }], colnames: ['product', 'country', 'revenue'], coltypes: [STRING, STRING, NUMERIC], rowcount: 1 };
    expect(grid(model({ metrics: ['revenue'] }, revenue)).cells).toEqual([['$1,234']]);
  });

  it('natural sort: nulls first, numbers, then texts with digit runs as numbers', () => {
    expect([null, 'b', 10, 2, 'a10', 'a9'].sort(naturalSort)).toEqual([null, 2, 10, 'a9', 'a10', 'b']);
  });
});
