import { describe, expect, test } from 'vitest';
import { GenericDataType } from '~/lib/chart-data/types';
import {
  convertInteger,
  datasourceFormats,
  echartsTheme,
  extractGroupbyLabel,
  formatSeriesName,
  getChartPadding,
  getColtypesMapping,
  getLegendProps,
  sanitizeHtml,
  tooltipHtml,
} from './echarts';

describe('series names', () => {
  test('formatSeriesName', () => {
    expect(formatSeriesName(null)).toBe('<NULL>');
    expect(formatSeriesName(undefined)).toBe('<NULL>');
    expect(formatSeriesName(true)).toBe('true');
    expect(formatSeriesName(12.5)).toBe('12.5');
    expect(formatSeriesName(1000, { numberFormatter: (n) => `#${n}` })).toBe('#1000');
    expect(formatSeriesName(Date.UTC(2020, 0, 2), { coltype: GenericDataType.TEMPORAL })).toBe('2020-01-02T00:00:00.000Z');
    expect(formatSeriesName('2020-01-02 03:04:05', { coltype: GenericDataType.TEMPORAL })).toBe('2020-01-02T03:04:05.000Z');
    expect(formatSeriesName('abc')).toBe('abc');
  });
  test('extractGroupbyLabel joins the group-by values', () => {
    const coltypeMapping = getColtypesMapping({ colnames: ['a', 'b', 'm'], coltypes: [1, 0, 0] });
    expect(coltypeMapping).toEqual({ a: 1, b: 0, m: 0 });
    expect(extractGroupbyLabel({ datum: { a: 'x', b: 2 }, groupby: ['a', 'b'], coltypeMapping })).toBe('x, 2');
    expect(extractGroupbyLabel({ datum: { a: null }, groupby: 'a' })).toBe('<NULL>');
    expect(extractGroupbyLabel({ datum: { a: 'x' }, groupby: [] })).toBe('');
  });
});

describe('legend', () => {
  const theme = echartsTheme('light');
  test('placement by orientation', () => {
    expect(getLegendProps('scroll', 'top', true, theme)).toMatchObject({ orient: 'horizontal', top: 0, right: 0, type: 'scroll', show: true });
    expect(getLegendProps('plain', 'right', true, theme, true)).toMatchObject({ orient: 'vertical', right: 0, top: 30 });
    expect(getLegendProps('plain', 'bottom', false, theme)).toMatchObject({ orient: 'horizontal', bottom: 0, show: false });
    expect(getLegendProps('plain', 'left', true, theme)).toMatchObject({ orient: 'vertical', left: 0 });
  });
  test('padding: default per side, a number margin, none when hidden', () => {
    expect(getChartPadding(true, 'top')).toEqual({ top: 20, bottom: 0, left: 0, right: 0 });
    expect(getChartPadding(true, 'right', '')).toEqual({ top: 0, bottom: 0, left: 0, right: 170 });
    expect(getChartPadding(true, 'left', 50, { top: 5 })).toEqual({ top: 5, bottom: 0, left: 50, right: 0 });
    expect(getChartPadding(false, 'left', 50)).toEqual({ top: 0, bottom: 0, left: 0, right: 0 });
    expect(getChartPadding(true, 'bottom', 30, undefined, true)).toEqual({ top: 0, bottom: 0, left: 30, right: 0 });
  });
});

describe('misc', () => {
  test('tooltip html escapes nothing itself; sanitizeHtml does', () => {
    expect(sanitizeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = tooltipHtml([['count', '10', '50%']], 'Boys');
    expect(html).toContain('font-weight: 700;');
    expect(html).toContain('>Boys</span>');
    expect(html).toContain('>count</td>');
    expect(tooltipHtml([], 'x')).toContain('No data');
  });
  test('dataset formats and convertInteger', () => {
    expect(
      datasourceFormats({
        id: 1,
        type: 'table',
        name: 't',
        columns: [],
        metrics: [
          { metric_name: 'a', verbose_name: null, d3format: ',.1f', currency: null },
          { metric_name: 'b', verbose_name: null, d3format: null, currency: { symbol: 'EUR', symbolPosition: 'suffix' } },
        ],
        verboseMap: {},
      }),
    ).toEqual({ columnFormats: { a: ',.1f' }, currencyFormats: { b: { symbol: 'EUR', symbolPosition: 'suffix' } } });
    expect(convertInteger('12.7')).toBe(12);
    expect(convertInteger('x')).toBe(0);
    expect(convertInteger(3.5)).toBe(3.5);
  });
});
