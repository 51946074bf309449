import { describe, expect, it } from 'vitest';
import { applyClientProcessing, applyClientProcessingJson, formatNumber } from './client-processing';
import type { Frame } from './frame';
import { PostProcessingError } from './post-processing-error';

/** Three of the four state × gender groups: (NY, girl) has no row. */
const births: Frame = {
  columns: ['state', 'gender', 'a', 'b'],
  rows: [
    { state: 'CA', gender: 'boy', a: 10, b: 1 },
    { state: 'CA', gender: 'girl', a: 20, b: 2 },
    { state: 'NY', gender: 'boy', a: 30, b: 3 },
  ],
};

const pivot = (formData: Record<string, unknown>, frame: Frame = births) =>
  applyClientProcessing(frame, { viz_type: 'pivot_table_v2', groupbyRows: ['state'], groupbyColumns: ['gender'], metrics: ['a'], ...formData });

describe('applyClientProcessing', () => {
  it('returns other charts and empty results as they are', () => {
    expect(applyClientProcessing(births, { viz_type: 'echarts_timeseries_bar' })).toBe(births);
    expect(applyClientProcessing(births, {})).toBe(births);
    const empty: Frame = { columns: ['a'], rows: [] };
    expect(applyClientProcessing(empty, { viz_type: 'pivot_table_v2', metrics: ['a'] })).toBe(empty);
  });

  it('keeps a table\'s rows, its columns renamed through the verbose map', () => {
    const out = applyClientProcessing(births, { viz_type: 'table' }, { verboseName: (c) => ({ gender: 'Gender', a: 'Births' })[c] ?? c });
    expect(out.columns).toEqual(['state', 'Gender', 'Births', 'b']);
    expect(out.rows[0]).toEqual({ state: 'CA', Gender: 'boy', Births: 10, b: 1 });
    expect(births.columns).toEqual(['state', 'gender', 'a', 'b']);
  });

  it('pivots rows × columns, the metrics in the chart\'s order, a missing group null', () => {
    expect(pivot({ metrics: ['b', 'a'] })).toEqual({
      columns: ['', 'b boy', 'b girl', 'a boy', 'a girl'],
      rows: [
        { '': 'CA', 'b boy': 1, 'b girl': 2, 'a boy': 10, 'a girl': 20 },
        { '': 'NY', 'b boy': 3, 'b girl': null, 'a boy': 30, 'a girl': null },
      ],
    });
  });

  it('adds row totals (a subtotal per metric, the total last) and a column total row', () => {
    expect(pivot({ rowTotals: true, colTotals: true })).toEqual({
      columns: ['', 'a boy', 'a girl', 'a Subtotal', 'Total (Sum)'],
      rows: [
        { '': 'CA', 'a boy': 10, 'a girl': 20, 'a Subtotal': 30, 'Total (Sum)': 30 },
        // a sum of nothing but NaN is 0 in pandas
        { '': 'NY', 'a boy': 30, 'a girl': null, 'a Subtotal': 30, 'Total (Sum)': 30 },
        { '': 'Total (Sum)', 'a boy': 40, 'a girl': 20, 'a Subtotal': 60, 'Total (Sum)': 60 },
      ],
    });
  });

  it('inserts a subtotal row after each group of a multi-level index, the total last', () => {
    const out = pivot({ groupbyRows: ['state', 'gender'], groupbyColumns: [], colTotals: true });
    expect(out.columns).toEqual(['state', 'gender', 'a']);
    expect(out.rows).toEqual([
      { state: 'CA', gender: 'boy', a: 10 },
      { state: 'CA', gender: 'girl', a: 20 },
      { state: 'CA', gender: 'Subtotal', a: 30 },
      { state: 'NY', gender: 'boy', a: 30 },
      { state: 'NY', gender: 'Subtotal', a: 30 },
      { state: 'Total (Sum)', gender: '', a: 60 },
    ]);
  });

  it('combines metrics under each column value, with subtotals per value', () => {
    const out = pivot({ metrics: ['b', 'a'], combineMetric: true, rowTotals: true });
    expect(out.columns).toEqual(['', 'boy b', 'boy a', 'boy Subtotal', 'girl b', 'girl a', 'girl Subtotal', 'Total (Sum)']);
    expect(out.rows).toEqual([
      { '': 'CA', 'boy b': 1, 'boy a': 10, 'boy Subtotal': 11, 'girl b': 2, 'girl a': 20, 'girl Subtotal': 22, 'Total (Sum)': 33 },
      { '': 'NY', 'boy b': 3, 'boy a': 30, 'boy Subtotal': 33, 'girl b': null, 'girl a': null, 'girl Subtotal': 0, 'Total (Sum)': 33 },
    ]);
  });

  it('transposes rows and columns', () => {
    expect(pivot({ transposePivot: true })).toEqual({
      columns: ['', 'a CA', 'a NY'],
      rows: [
        { '': 'boy', 'a CA': 10, 'a NY': 30 },
        { '': 'girl', 'a CA': 20, 'a NY': null },
      ],
    });
  });

  it('puts the metrics on rows, totals turning into rows', () => {
    const out = pivot({ metrics: ['b', 'a'], metricsLayout: 'ROWS', rowTotals: true });
    expect(out.columns).toEqual(['', 'state', 'boy', 'girl']);
    expect(out.rows).toEqual([
      { '': 'b', state: 'CA', boy: 1, girl: 2 },
      { '': 'b', state: 'NY', boy: 3, girl: null },
      { '': 'b', state: 'Subtotal', boy: 4, girl: 2 },
      { '': 'a', state: 'CA', boy: 10, girl: 20 },
      { '': 'a', state: 'NY', boy: 30, girl: null },
      { '': 'a', state: 'Subtotal', boy: 40, girl: 20 },
      { '': 'Total (Sum)', state: '', boy: 44, girl: 22 },
    ]);
  });

  it('divides by the grand total, the row\'s or the column\'s total', () => {
    expect(pivot({ aggregateFunction: 'Sum as Fraction of Total' }).rows).toEqual([
      { '': 'CA', 'a boy': 10 / 60, 'a girl': 20 / 60 },
      { '': 'NY', 'a boy': 30 / 60, 'a girl': null },
    ]);
    expect(pivot({ aggregateFunction: 'Sum as Fraction of Rows' }).rows).toEqual([
      { '': 'CA', 'a boy': 10 / 30, 'a girl': 20 / 30 },
      { '': 'NY', 'a boy': 1, 'a girl': null },
    ]);
    const columns = pivot({ aggregateFunction: 'Sum as Fraction of Columns', colTotals: true });
    expect(columns.rows).toEqual([
      { '': 'CA', 'a boy': 0.25, 'a girl': 1 },
      { '': 'NY', 'a boy': 0.75, 'a girl': null },
      { '': 'Total (Sum as Fraction of Columns)', 'a boy': 1, 'a girl': 1 },
    ]);
    // Metrics on rows: "Rows" stays the chart's rows, one gender per state here.
    expect(pivot({ aggregateFunction: 'Count as Fraction of Rows', metricsLayout: 'ROWS' }).rows).toEqual([
      { '': 'a', state: 'CA', boy: 0.5, girl: 0.5 },
      { '': 'a', state: 'NY', boy: 1, girl: null },
    ]);
  });

  it('aggregates each group with the chart\'s aggregate function', () => {
    const frame: Frame = { columns: ['state', 'a'], rows: [{ state: 'NY', a: 4 }, { state: 'CA', a: 1 }, { state: 'CA', a: 3 }, { state: 'CA', a: 8 }, { state: 'CA', a: 3 }] };
    const by = (aggregateFunction: string) => pivot({ aggregateFunction, groupbyColumns: [] }, frame).rows.map((r) => r.a);
    expect(pivot({ groupbyColumns: [] }, frame).columns).toEqual(['', 'a']);
    expect(by('Sum')).toEqual([15, 4]);
    expect(by('Average')).toEqual([3.75, 4]);
    expect(by('Median')).toEqual([3, 4]);
    expect(by('Count')).toEqual([4, 1]);
    expect(by('Count Unique Values')).toEqual([3, 1]);
    expect(by('List Unique Values')).toEqual(['1, 3, 8', '4']);
    expect(by('Minimum')).toEqual([1, 4]);
    expect(by('Maximum')).toEqual([8, 4]);
    // CA: mean 3.75, squared deviations 7.5625 + 0.5625 + 18.0625 + 0.5625 = 26.75, / 3; one value: 0
    expect(by('Sample Variance')).toEqual([26.75 / 3, 0]);
    expect(by('Sample Standard Deviation')).toEqual([Math.sqrt(26.75 / 3), 0]);
    expect(by('First')).toEqual([1, 4]);
    expect(by('Last')).toEqual([3, 4]);
  });

  it('totals the aggregated cells, as Superset does: a Count total counts the cells', () => {
    expect(pivot({ aggregateFunction: 'Count', rowTotals: true }).rows).toEqual([
      { '': 'CA', 'a boy': 1, 'a girl': 1, 'a Subtotal': 2, 'Total (Count)': 2 },
      { '': 'NY', 'a boy': 1, 'a girl': null, 'a Subtotal': 1, 'Total (Count)': 1 },
    ]);
  });

  it('keeps null keys as a group named nan, sorted as pandas\' placeholder text; skips null values', () => {
    const frame: Frame = {
      columns: ['state', 'gender', 'a'],
      rows: [
        { state: 'CA', gender: 'boy', a: null },
        { state: 'CA', gender: null, a: 5 },
        { state: 'CA', gender: 'boy', a: 7 },
        { state: null, gender: 'girl', a: null },
      ],
    };
    expect(pivot({}, frame)).toEqual({
      // "SUPERSET_PANDAS_NAN" sorts before lower-case text
      columns: ['', 'a nan', 'a boy', 'a girl'],
      rows: [
        { '': 'CA', 'a nan': 5, 'a boy': 7, 'a girl': null },
        { '': null, 'a nan': null, 'a boy': null, 'a girl': 0 },
      ],
    });
    // Count counts a null value; an Average of nothing is NaN, and an all-NaN group is dropped.
    expect(pivot({ aggregateFunction: 'Count' }, frame).rows[0]).toEqual({ '': 'CA', 'a nan': 1, 'a boy': 2, 'a girl': null });
    expect(pivot({ aggregateFunction: 'Average' }, frame)).toEqual({
      columns: ['', 'a nan', 'a boy'],
      rows: [{ '': 'CA', 'a nan': 5, 'a boy': 7 }],
    });
  });

  it('answers one total row without rows, and the query\'s row without rows or columns', () => {
    expect(pivot({ groupbyRows: [] })).toEqual({ columns: ['', 'a boy', 'a girl'], rows: [{ '': 'Total (Sum)', 'a boy': 40, 'a girl': 20 }] });
    const single: Frame = { columns: ['a'], rows: [{ a: 60 }] };
    expect(pivot({ groupbyRows: [], groupbyColumns: [], rowTotals: true }, single)).toEqual({
      columns: ['', 'a', 'Total (Sum)'],
      rows: [{ '': 'Total (Sum)', a: 60, 'Total (Sum)': 60 }],
    });
  });

  it('names columns by datetimes as the CSV writes them, and metrics and columns by their verbose names and labels', () => {
    const day = Date.UTC(2020, 0, 1);
    const frame: Frame = { columns: ['ds', 'gender', 'sum__num'], rows: [{ ds: day, gender: 'boy', sum__num: 1 }, { ds: day + 86_400_000, gender: 'boy', sum__num: 2 }] };
    const verboseName = (c: string) => ({ sum__num: 'Births', gender: 'Gender' })[c] ?? c;
    const out = applyClientProcessing(
      frame,
      { viz_type: 'pivot_table_v2', groupbyRows: ['gender'], groupbyColumns: [{ label: 'ds', sqlExpression: 'ds' }], metrics: ['sum__num'] },
      { verboseName, temporalColumns: ['ds'] },
    );
    expect(out).toEqual({ columns: ['', 'Births 2020-01-01', 'Births 2020-01-02'], rows: [{ '': 'boy', 'Births 2020-01-01': 1, 'Births 2020-01-02': 2 }] });
    const adhoc = { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' } };
    const renamed: Frame = { columns: ['gender', 'SUM(num)'], rows: [{ gender: 'boy', 'SUM(num)': 3 }] };
    expect(applyClientProcessing(renamed, { viz_type: 'pivot_table_v2', groupbyColumns: ['gender'], metrics: [adhoc] }).columns).toEqual(['', 'SUM(num) boy']);
  });

  it('refuses an unknown aggregate function and columns the rows lack', () => {
    expect(() => pivot({ aggregateFunction: 'Mode' })).toThrow(PostProcessingError);
    expect(() => pivot({ groupbyRows: ['city'] })).toThrow(/not available in DataFrame: city/);
  });
});


describe('formatNumber (Superset\'s format_number_with_config)', () => {
  it('writes SMART_NUMBER by magnitude: SI from 1000 (billions as B), 2 then 4 decimals, µ below 0.001', () => {
    expect(['SMART_NUMBER', 'SMART_NUMBER', 'SMART_NUMBER', 'SMART_NUMBER', 'SMART_NUMBER', 'SMART_NUMBER', 'SMART_NUMBER'].map((f, i) => formatNumber(f, null, [1234.5, 4725, 1_234_567_890, 12.5, 0.5, 0.0001234, 999_500][i]))).toEqual([
      '1.23k',
      '4.73k',
      '1.23B',
      '12.5',
      '0.5',
      '123µ',
      '1M',
    ]);
    expect(formatNumber('SMART_NUMBER', null, 0)).toBe('0');
    expect(formatNumber('SMART_NUMBER_SIGNED', null, 3)).toBe('+3');
  });

  it('applies d3 specifiers: grouping, precision, percent, integers, sign modes, SI, trimming', () => {
    expect(formatNumber(',.2f', null, 1234.5)).toBe('1,234.50');
    expect(formatNumber(',d', null, 1234.5)).toBe('1,235');
    expect(formatNumber('.1%', null, 0.1234)).toBe('12.3%');
    expect(formatNumber(',.3%', null, 0.5)).toBe('50.000%');
    expect(formatNumber('$,.2f', null, -1234.5)).toBe('-$1,234.50');
    expect(formatNumber('(,.0f', null, -3)).toBe('(3)');
    expect(formatNumber('+,', null, 1500)).toBe('+1,500');
    expect(formatNumber('.3s', null, 1234)).toBe('1.23k');
    expect(formatNumber('.2~s', null, 1000)).toBe('1k');
    expect(formatNumber(',.2~f', null, 2.5)).toBe('2.5');
  });

  it('adds a currency symbol before or after (AUTO: none), over SMART_NUMBER without a format', () => {
    expect(formatNumber(',.2f', { symbol: 'USD', symbolPosition: 'prefix' }, 1234.5)).toBe('$ 1,234.50');
    expect(formatNumber(null, { symbol: 'EUR', symbolPosition: 'suffix' }, 1234.5)).toBe('1.23k €');
    expect(formatNumber(null, { symbol: 'AUTO' }, 1234.5)).toBe('1.23k');
  });

  it('writes nothing for null and NaN, keeps text, and falls back to the raw number', () => {
    expect(formatNumber(',.2f', null, null)).toBe('');
    expect(formatNumber(',.2f', null, Number.NaN)).toBe('');
    expect(formatNumber(',.2f', null, 'n/a')).toBe('n/a');
    expect(formatNumber(null, null, 2.5)).toBe('2.5');
    expect(formatNumber('DURATION', null, 42)).toBe('42');
  });
});

describe('applyClientProcessingJson (the post_processed JSON answer)', () => {
  it('answers a pivot by column then row label, formatted, with its labels as lists of levels', () => {
    const out = applyClientProcessingJson(births, { viz_type: 'pivot_table_v2', groupbyRows: ['state'], groupbyColumns: ['gender'], metrics: ['a'], rowTotals: true, valueFormat: ',.1f' });
    expect(out).toEqual({
      data: {
        'a boy': { CA: '10.0', NY: '30.0' },
        'a girl': { CA: '20.0', NY: '' },
        'a Subtotal': { CA: '30.0', NY: '30.0' },
        'Total (Sum)': { CA: '30.0', NY: '30.0' },
      },
      colnames: [['a', 'boy'], ['a', 'girl'], ['a', 'Subtotal'], ['Total (Sum)', '']],
      indexnames: [['CA'], ['NY']],
      coltypes: [1, 1, 1, 1],
      rowcount: 2,
    });
  });

  it('formats each metric by its own format (the chart\'s over the dataset\'s), the chart\'s currency, SMART_NUMBER by default', () => {
    const out = applyClientProcessingJson(
      births,
      { viz_type: 'pivot_table_v2', groupbyRows: ['state', 'gender'], groupbyColumns: [], metrics: ['a', 'b'], columnFormats: { b: '.1%' }, currencyFormat: { symbol: 'USD', symbolPosition: 'prefix' } },
      { metricFormats: { a: ',d', b: ',.2f' } },
    );
    expect(out?.data).toEqual({ a: { 'CA boy': '$ 10', 'CA girl': '$ 20', 'NY boy': '$ 30' }, b: { 'CA boy': '$ 100.0', 'CA girl': '$ 200.0', 'NY boy': '$ 300.0' } });
    expect(out?.indexnames).toEqual([['CA', 'boy'], ['CA', 'girl'], ['NY', 'boy']]);
    expect(out?.colnames).toEqual([['a'], ['b']]);
    const plain = applyClientProcessingJson(births, { viz_type: 'pivot_table_v2', groupbyRows: ['state'], groupbyColumns: [], metrics: ['a'], colTotals: true }, { metricCurrencies: { a: { symbol: 'EUR', symbolPosition: 'suffix' } } });
    expect(plain?.data).toEqual({ a: { CA: '30 €', NY: '30 €', 'Total (Sum)': '60 €' } });
    const smart = applyClientProcessingJson({ columns: ['state', 'a'], rows: [{ state: 'CA', a: 12_345 }] }, { viz_type: 'pivot_table_v2', groupbyRows: ['state'], metrics: ['a'] });
    expect(smart?.data).toEqual({ a: { CA: '12.3k' } });
  });

  it('answers a table with a row number index, metrics in SMART_NUMBER, percent metrics and configured columns formatted', () => {
    const day = Date.UTC(2020, 0, 1);
    const frame: Frame = {
      columns: ['ds', 'state', 'a', '%b', 'c', 'd'],
      rows: [
        { ds: day, state: 'CA', a: 1234.5, '%b': 0.25, c: 7, d: 5 },
        { ds: day, state: 'NY', a: null, '%b': 0.75, c: 8, d: 6 },
      ],
    };
    const out = applyClientProcessingJson(frame, { viz_type: 'table', metrics: ['a'], percent_metrics: ['b'], column_config: { c: { d3NumberFormat: '.2f' } } }, { temporalColumns: ['ds'] });
    expect(out).toEqual({
      data: {
        ds: { 0: day, 1: day },
        state: { 0: 'CA', 1: 'NY' },
        a: { 0: '1.23k', 1: '' },
        '%b': { 0: '25.000%', 1: '75.000%' },
        c: { 0: '7.00', 1: '8.00' },
        d: { 0: 5, 1: 6 },
      },
      colnames: ['ds', 'state', 'a', '%b', 'c', 'd'],
      indexnames: [0, 1],
      coltypes: [2, 1, 1, 1, 1, 0],
      rowcount: 2,
    });
  });

  it('leaves other charts and empty results alone', () => {
    expect(applyClientProcessingJson(births, { viz_type: 'big_number' })).toBeNull();
    expect(applyClientProcessingJson({ columns: ['a'], rows: [] }, { viz_type: 'table' })).toBeNull();
  });

  it('names a lone row level nothing in the CSV table (pandas loses its name), several levels by their dimensions', () => {
    expect(pivot({}).columns[0]).toBe('');
    expect(pivot({ groupbyRows: ['state', 'gender'], groupbyColumns: [] }).columns.slice(0, 2)).toEqual(['state', 'gender']);
  });
});
