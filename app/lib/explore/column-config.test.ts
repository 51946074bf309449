import { describe, expect, it } from 'vitest';
import {
  cleanColumnConfig,
  configLayout,
  needsShowAllToggle,
  NOT_A_NUMBER,
  resultColumns,
  timeSeriesDefaults,
  timeSeriesFields,
  validateColumnConfig,
  visibleColumns,
  withColumnConfig,
} from './column-config';

const columns = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);

describe('the 10-of-12 rule', () => {
  it('lists every column up to twelve', () => {
    expect(needsShowAllToggle(12)).toBe(false);
    expect(visibleColumns(columns(12), false)).toHaveLength(12);
  });

  it('lists the first ten of more than twelve until all are asked for', () => {
    expect(needsShowAllToggle(13)).toBe(true);
    expect(visibleColumns(columns(13), false)).toEqual(columns(10));
    expect(visibleColumns(columns(13), true)).toHaveLength(13);
  });
});

describe('configLayout', () => {
  it('offers per-type settings', () => {
    const keys = (t: number | null) => configLayout(t).flatMap((s) => s.keys);
    expect(keys(0)).toEqual(expect.arrayContaining(['showCellBars', 'd3NumberFormat', 'd3SmallNumberFormat', 'fractionDigits', 'currencyFormat']));
    expect(keys(1)).toEqual(['columnWidth', 'horizontalAlign', 'truncateLongCells']);
    expect(keys(2)).toEqual(['columnWidth', 'horizontalAlign', 'd3TimeFormat']);
    expect(keys(3)).toEqual(['columnWidth', 'horizontalAlign']);
    expect(keys(null)).toEqual(keys(1));
  });
});

describe('validateColumnConfig', () => {
  it('checks the width is a number, skipping empty values', () => {
    expect(validateColumnConfig({ columnWidth: 'wide' })).toEqual({ columnWidth: NOT_A_NUMBER });
    expect(validateColumnConfig({ columnWidth: '' })).toEqual({});
    expect(validateColumnConfig({ columnWidth: ' 120 ' })).toEqual({});
    expect(validateColumnConfig({ columnWidth: 80 })).toEqual({});
  });

  it('keeps fraction digits within 0 to 100', () => {
    expect(validateColumnConfig({ fractionDigits: 101 })).toHaveProperty('fractionDigits');
    expect(validateColumnConfig({ fractionDigits: 2 })).toEqual({});
  });
});

describe('cleanColumnConfig and withColumnConfig', () => {
  it('leaves empty settings out and stores a numeric width as a number', () => {
    expect(cleanColumnConfig({ columnWidth: '120', d3NumberFormat: '', showCellBars: false })).toEqual({ columnWidth: 120, showCellBars: false });
    expect(cleanColumnConfig({ currencyFormat: { symbolPosition: 'suffix', symbol: '' } })).toBeNull();
    expect(cleanColumnConfig({ currencyFormat: { symbol: 'EUR' } })).toEqual({ currencyFormat: { symbolPosition: 'prefix', symbol: 'EUR' } });
  });

  it('sets one column and removes a column left without settings', () => {
    const value = { a: { columnWidth: 10 }, b: { showCellBars: false } };
    expect(withColumnConfig(value, 'a', { horizontalAlign: 'center' })).toEqual({ a: { horizontalAlign: 'center' }, b: { showCellBars: false } });
    expect(withColumnConfig(value, 'b', { d3NumberFormat: '' })).toEqual({ a: { columnWidth: 10 } });
  });

  it('reads result columns with their types', () => {
    expect(resultColumns({ colnames: ['a', 'b'], coltypes: [0] })).toEqual([{ name: 'a', type: 0 }, { name: 'b', type: null }]);
  });
});

describe('time-series column', () => {
  it('starts with a time lag of 0 and keeps saved values', () => {
    expect(timeSeriesDefaults(undefined).timeLag).toBe(0);
    expect(timeSeriesDefaults({ label: 'x', timeLag: 3 })).toMatchObject({ label: 'x', timeLag: 3 });
  });

  it('shows each field where its column type uses it', () => {
    expect(timeSeriesFields('spark')).toEqual(expect.arrayContaining(['height', 'timeRatio', 'showYAxis', 'yAxisBounds', 'dateFormat']));
    expect(timeSeriesFields('spark')).not.toContain('timeLag');
    expect(timeSeriesFields('time')).toEqual(expect.arrayContaining(['timeLag', 'comparisonType', 'bounds']));
    expect(timeSeriesFields('avg')).toContain('timeLag');
    expect(timeSeriesFields('contrib')).not.toContain('comparisonType');
  });
});
