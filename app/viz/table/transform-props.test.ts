import { describe, expect, it } from 'vitest';
import { GenericDataType, type ChartDataResult } from '~/lib/chart-data/types';
import { createColorContext } from '~/lib/colors';
import type { TransformInput, VizDatasource } from '../types';
import { getColorFormatters, getOpacity } from './conditional-formatting';
import { searchRows } from './search';
import transformProps, { cellBarGeometry, getPageSize, NO_RESULTS_MESSAGE } from './transform-props';
import type { TableFormData } from './types';

const { NUMERIC, STRING, TEMPORAL } = GenericDataType;

const datasource: VizDatasource = {
  id: 1,
  type: 'table',
  name: 'birth_names',
  columns: [],
  metrics: [
    { metric_name: 'sum__num', verbose_name: 'Sum of num', d3format: null, currency: null },
    { metric_name: 'revenue', verbose_name: null, d3format: ',.1f', currency: { symbol: 'EUR', symbolPosition: 'suffix' } },
  ],
  verboseMap: { sum__num: 'Sum of num', state: 'State' },
};

const answer = (data: Record<string, unknown>[], colnames: string[], coltypes: GenericDataType[], rowcount = data.length): ChartDataResult => ({ data, colnames, coltypes, rowcount });

function input(formData: Partial<TableFormData>, queriesData: ChartDataResult[]): TransformInput<TableFormData> {
  return { formData: { viz_type: 'table', ...formData }, queriesData, width: 600, height: 400, datasource, colors: createColorContext(), theme: 'light' };
}

const aggregate: Partial<TableFormData> = {
  query_mode: 'aggregate',
  groupby: ['state'],
  metrics: ['sum__num'],
  percent_metrics: ['sum__num'],
  show_totals: true,
  align_pn: false,
  color_pn: true,
};
const rows = [
  { state: 'CA', sum__num: 1234.5, '%sum__num': 0.6 },
  { state: 'NY', sum__num: 150, '%sum__num': 0.3 },
  { state: 'TX', sum__num: -100, '%sum__num': 0.1 },
];
const base = answer(rows, ['state', 'sum__num', '%sum__num'], [STRING, NUMERIC, NUMERIC]);
const totals = answer([{ sum__num: 1284.5 }], ['sum__num'], [NUMERIC]);

describe('table transformProps, aggregate mode', () => {
  const model = transformProps(input(aggregate, [base, totals]));
  const { columns, rows: cells } = model.props;

  it('labels columns by the verbose map, percent metrics with a % sign', () => {
    expect(model.kind).toBe('html');
    expect(columns.map((c) => c.label)).toEqual(['State', 'Sum of num', '%Sum of num']);
    expect(columns.map((c) => [c.isMetric, c.isPercentMetric])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
    expect(columns.map((c) => c.align)).toEqual(['left', 'right', 'right']);
  });

  it('formats metrics adaptively and percent metrics with 3 decimals', () => {
    expect(cells.map((r) => r.map((c) => c.text))).toEqual([
      ['CA', '1.23k', '60.000%'],
      ['NY', '150', '30.000%'],
      ['TX', '-100', '10.000%'],
    ]);
    expect(cells[0][1].title).toBe('1234.5');
  });

  it('draws cell bars over the extent, negative ones red with color_pn', () => {
    // extent [-100, 1234.5]: 1334.5 wide, zero at 7%.
    expect(cells[0][1].bar).toEqual({ width: 93, offset: 7, color: 'rgba(0,0,0,0.2)', negative: false });
    expect(cells[2][1].bar).toEqual({ width: 7, offset: 0, color: 'rgba(150,0,0,0.2)', negative: true });
    expect(cells[0][0].bar).toBeUndefined();
    // Aligned at zero: the widths are of the largest absolute value.
    const aligned = transformProps(input({ ...aggregate, align_pn: true }, [base, totals])).props.rows;
    expect(aligned[1][1].bar).toMatchObject({ width: 12, offset: 0 });
    expect(aligned[2][1].bar).toMatchObject({ width: 8, offset: 0 });
  });

  it('puts the summary row from the totals query under the table', () => {
    expect(model.props.totals).toEqual([null, '1.28k', '']);
    expect(model.props.rowCount).toBe(3);
    expect(model.props.emptyMessage).toBeNull();
    expect(transformProps(input({ ...aggregate, show_totals: false }, [base, totals])).props.totals).toBeNull();
  });

  it('colours cells by conditional formatting and then draws no bars on numeric columns', () => {
    const formatted = transformProps(
      input({ ...aggregate, conditional_formatting: [{ column: 'sum__num', operator: '>', targetValue: 100, colorScheme: '#ACE1C4' }] }, [base, totals]),
    ).props.rows;
    // 1234.5 is the extreme: full opacity; 150: 0.95/1134.5*50 + 0.05 = 0.09 → alpha 0x17.
    expect(formatted[0][1].background).toBe('#ACE1C4FF');
    expect(formatted[1][1].background).toBe('#ACE1C417');
    expect(formatted[2][1].background).toBeUndefined();
    expect(formatted.every((r) => r[1].bar === undefined && r[2].bar === undefined)).toBe(true);
  });
});

describe('conditional formatting rules', () => {
  const data = [{ x: 100 }, { x: 150 }, { x: 200 }, { x: 300 }];
  const colour = (rule: Record<string, unknown>, value: number) => getColorFormatters([{ column: 'x', ...rule }], data)[0].getColorFromValue(value);

  it('the four between forms include their ends as named', () => {
    const rule = (operator: string) => ({ operator, targetValueLeft: 150, targetValueRight: 300, colorScheme: 'error' });
    expect(colour(rule('< x <'), 150)).toBeUndefined();
    expect(colour(rule('< x <'), 200)).toBe('#EFA1AA5E'); // 0.95/150*50 + 0.05 = 0.37 → 94
    expect(colour(rule('≤ x ≤'), 150)).toBe('#EFA1AA0D'); // the cut-off: 0.05 → 13
    expect(colour(rule('≤ x ≤'), 300)).toBe('#EFA1AAFF');
    expect(colour(rule('≤ x <'), 300)).toBeUndefined();
    expect(colour(rule('< x ≤'), 300)).toBe('#EFA1AAFF');
    expect(colour(rule('< x ≤'), 150)).toBeUndefined();
  });

  it('None scales from the minimum (transparent) to the maximum; = and ≠ as Superset', () => {
    expect(colour({ operator: 'None', colorScheme: 'success' }, 100)).toBe('#ACE1C400');
    expect(colour({ operator: 'None', colorScheme: 'success' }, 300)).toBe('#ACE1C4FF');
    expect(colour({ operator: '=', targetValue: 150, colorScheme: '#000000' }, 150)).toBe('#000000FF');
    expect(colour({ operator: '≠', targetValue: 150, colorScheme: '#000000' }, 150)).toBeUndefined();
    expect(colour({ operator: '<', targetValue: 200, colorScheme: '#000000' }, 150)).toBe('#00000087'); // 0.95/100*50 + 0.05 = 0.525 → 0.53 → 135
  });

  it('incomplete rules are dropped', () => {
    expect(getColorFormatters([{ column: 'x', operator: '>' }, { column: 'x', operator: '< x <', targetValueLeft: 1 }, { operator: 'None' }], data)).toEqual([]);
    expect(getOpacity(5, 5, 5)).toBe(1);
  });
});

describe('table transformProps, raw mode and column config', () => {
  const ds = Date.UTC(2008, 0, 1);
  const raw = answer(
    [
      { name: 'Aaron', ds, num: 1234.5, ratio: 0.25, text_date: '2008-02-03' },
      { name: 'Zoe', ds: Date.UTC(2008, 4, 1), num: null, ratio: -2, text_date: null },
    ],
    ['name', 'ds', 'num', 'ratio', 'text_date'],
    [STRING, TEMPORAL, NUMERIC, NUMERIC, STRING],
  );

  it('formats temporal columns by the time grain (2008 Q1) and honours each column config', () => {
    const model = transformProps(
      input(
        {
          query_mode: 'raw',
          all_columns: ['name', 'ds', 'num', 'ratio', 'text_date'],
          time_grain_sqla: 'P3M',
          table_timestamp_format: 'smart_date',
          column_config: {
            num: { d3NumberFormat: ',.2f', currencyFormat: { symbol: 'USD', symbolPosition: 'prefix' }, horizontalAlign: 'center', columnWidth: '120', truncateLongCells: true },
            ratio: { d3NumberFormat: ',.1f', d3SmallNumberFormat: '.1%', showCellBars: false },
            text_date: { d3TimeFormat: '%Y' },
          },
        },
        [raw],
      ),
    );
    const [name, dsCol, num, ratio] = model.props.columns;
    expect(model.props.isRawRecords).toBe(true);
    expect(model.props.rows.map((r) => r.map((c) => c.text))).toEqual([
      ['Aaron', '2008 Q1', '$ 1,234.50', '25.0%', '2008'],
      ['Zoe', '2008 Q2', 'N/A', '-2.0', 'N/A'],
    ]);
    expect([name.sortType, dsCol.sortType, num.sortType]).toEqual(['alphanumeric', 'datetime', 'basic']);
    expect(num).toMatchObject({ align: 'center', width: 120, truncate: true, isMetric: false });
    // Raw mode draws bars on numeric columns unless the column turns them off.
    expect(model.props.rows[0][2].bar).toMatchObject({ width: 100, offset: 0 });
    expect(model.props.rows[0][3].bar).toBeUndefined();
    expect(ratio.align).toBe('right');
    // Dates are searched by their text.
    expect(model.props.rows[0][1].search).toBe('2008 Q1');
    expect(model.props.totals).toBeNull();
  });

  it('a saved metric keeps its own format and currency', () => {
    const model = transformProps(input({ query_mode: 'aggregate', groupby: ['state'], metrics: ['revenue'] }, [answer([{ state: 'CA', revenue: 1234.56 }], ['state', 'revenue'], [STRING, NUMERIC])]));
    expect(model.props.rows[0][1].text).toBe('1,234.6 €');
  });

  it('smart date without a grain prints numeric dates as database datetimes', () => {
    const model = transformProps(input({ query_mode: 'raw', all_columns: ['ds'], table_timestamp_format: 'smart_date' }, [answer([{ ds }], ['ds'], [TEMPORAL])]));
    expect(model.props.rows[0][0].text).toBe('2008-01-01 00:00:00');
  });
});

describe('table transformProps, paging and empty answers', () => {
  it('server pagination reads the row count query and pages by server_page_length', () => {
    const model = transformProps(input({ ...aggregate, show_totals: false, server_pagination: true, server_page_length: 20 }, [base, answer([{ rowcount: 1234 }], ['rowcount'], [NUMERIC])]));
    expect(model.props.rowCount).toBe(1234);
    expect(model.props.pageSize).toBe(20);
    expect(model.props.serverPagination).toBe(true);
  });

  it('page_length as Superset reads it', () => {
    expect(getPageSize('15', 3, 3)).toBe(15);
    expect(getPageSize(null, 3, 3)).toBe(0);
    expect(getPageSize(undefined, 2000, 3)).toBe(200);
    expect(getPageSize(0, 2000, 3)).toBe(0);
  });

  it('an empty answer gives the spec message', () => {
    const model = transformProps(input(aggregate, [answer([], ['state', 'sum__num'], [STRING, NUMERIC], 0)]));
    expect(model.props.emptyMessage).toBe(NO_RESULTS_MESSAGE);
    expect(model.props.rowCount).toBe(0);
  });

  it('bar geometry and search ranking helpers', () => {
    expect(cellBarGeometry(-50, [-100, 100], false)).toEqual({ width: 25, offset: 25 });
    expect(searchRows([['Texas', 'x'], ['New York', 'y'], ['Tex', 'z']], 'tex')).toEqual([2, 0]);
    expect(searchRows([['New York'], ['Newark']], 'ny')).toEqual([0]);
  });
});
