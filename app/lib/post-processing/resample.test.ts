import { describe, expect, it } from 'vitest';
import type { Frame } from './frame';
import type { LeveledFrame } from './levels';
import { resample, resampleOptionsSchema } from './resample';

const jan = (day: number, hour = 0) => Date.UTC(2020, 0, day, hour);
const frameOf = (rows: [number | null, number | null][]): Frame => ({
  columns: ['__timestamp', 'y'],
  rows: rows.map(([t, y]) => ({ __timestamp: t, y })),
});
const pairs = (frame: Frame) => frame.rows.map((row) => [row.__timestamp, row.y]);

describe('resample with aggregating methods', () => {
  const daily = frameOf([
    [jan(1), 1],
    [jan(1, 12), 2],
    [jan(3, 6), 5],
    [jan(3, 7), null],
  ]);

  it('sums each day, 0 for an empty day', () => {
    expect(pairs(resample(daily, { rule: '1D', method: 'sum' }))).toEqual([
      [jan(1), 3],
      [jan(2), 0],
      [jan(3), 5],
    ]);
  });

  it('averages and takes medians, null for an empty day', () => {
    expect(pairs(resample(daily, { rule: '1D', method: 'mean' }))).toEqual([
      [jan(1), 1.5],
      [jan(2), null],
      [jan(3), 5],
    ]);
    expect(pairs(resample(daily, { rule: '1D', method: 'median' }))).toEqual([
      [jan(1), 1.5],
      [jan(2), null],
      [jan(3), 5],
    ]);
  });

  it('anchors 7D bins at midnight of the first day', () => {
    const input = frameOf([
      [jan(1, 10), 1],
      [jan(9), 2],
      [jan(20), 4],
    ]);
    expect(pairs(resample(input, { rule: '7D', method: 'sum' }))).toEqual([
      [jan(1), 1],
      [jan(8), 2],
      [jan(15), 4],
    ]);
  });

  it('labels 1M bins with the last day of the month, holding the whole month', () => {
    const input = frameOf([
      [jan(15), 1],
      [jan(31, 18), 2],
      [Date.UTC(2020, 2, 1), 4],
    ]);
    expect(pairs(resample(input, { rule: '1M', method: 'sum' }))).toEqual([
      [jan(31), 3],
      [Date.UTC(2020, 1, 29), 0],
      [Date.UTC(2020, 2, 31), 4],
    ]);
    // ffill looks up the last row at or before each label: 31 Jan 18:00 comes after 31 Jan 00:00.
    expect(pairs(resample(input, { rule: '1M', method: 'ffill' }))).toEqual([
      [jan(31), 1],
      [Date.UTC(2020, 1, 29), 2],
      [Date.UTC(2020, 2, 31), 4],
    ]);
  });

  it('labels 1AS bins with 1 January', () => {
    const input = frameOf([
      [Date.UTC(2019, 5, 1), 1],
      [Date.UTC(2021, 0, 1), 2],
      [Date.UTC(2021, 11, 31), 3],
    ]);
    expect(pairs(resample(input, { rule: '1AS', method: 'sum' }))).toEqual([
      [Date.UTC(2019, 0, 1), 1],
      [Date.UTC(2020, 0, 1), 0],
      [Date.UTC(2021, 0, 1), 5],
    ]);
    expect(pairs(resample(input, { rule: '1AS', method: 'asfreq' }))).toEqual([
      [Date.UTC(2019, 0, 1), null],
      [Date.UTC(2020, 0, 1), null],
      [Date.UTC(2021, 0, 1), 2],
    ]);
  });
});

describe('resample with upsampling methods', () => {
  const hourly = frameOf([
    [jan(1, 3), 4],
    [jan(1, 0), 1],
    [jan(1, 1), null],
    [null, 99],
  ]);

  it('takes rows stamped exactly on a label (asfreq), sorted, without null stamps', () => {
    expect(pairs(resample(hourly, { rule: '1H', method: 'asfreq' }))).toEqual([
      [jan(1, 0), 1],
      [jan(1, 1), null],
      [jan(1, 2), null],
      [jan(1, 3), 4],
    ]);
  });

  it('fills forward and backward, nulls of the data included', () => {
    expect(pairs(resample(hourly, { rule: '1H', method: 'ffill' })).map(([, y]) => y)).toEqual([1, 1, 1, 4]);
    expect(pairs(resample(hourly, { rule: '1H', method: 'bfill' })).map(([, y]) => y)).toEqual([1, 4, 4, 4]);
  });

  it('interpolates linearly, keeping leading nulls and extending the last value', () => {
    expect(pairs(resample(hourly, { rule: '1H', method: 'linear' })).map(([, y]) => y)).toEqual([1, 2, 3, 4]);
    const input = frameOf([
      [jan(1, 0), null],
      [jan(1, 1), 2],
      [jan(1, 3), null],
    ]);
    expect(pairs(resample(input, { rule: '60min', method: 'linear' })).map(([, y]) => y)).toEqual([null, 2, 2, 2]);
  });

  it('zero-fills with fill_value, over the whole time range when given', () => {
    expect(pairs(resample(hourly, { rule: '1H', method: 'asfreq', fill_value: 0 })).map(([, y]) => y)).toEqual([
      1, 0, 0, 4,
    ]);
    const input: Frame = {
      columns: ['metric', 'ds'],
      rows: [
        { metric: 1, ds: jan(2) },
        { metric: null, ds: jan(3) },
      ],
    };
    const result = resample(input, {
      rule: '1D',
      method: 'asfreq',
      fill_value: 0,
      time_column: 'ds',
      time_range_start: '2020-01-01T00:00:00',
      time_range_end: '2020-01-05T00:00:00',
    });
    expect(result.columns).toEqual(['metric', 'ds']);
    expect(result.rows).toEqual([
      { ds: jan(1), metric: 0 },
      { ds: jan(2), metric: 1 },
      { ds: jan(3), metric: 0 },
      { ds: jan(4), metric: 0 },
    ]);
  });

  it('adds month-end labels of the range on top of the data labels', () => {
    // asfreq reads values AT the labels: a mid-month row lands on no month-end label (as in pandas).
    const input = frameOf([[Date.UTC(2020, 1, 10), 7]]);
    const result = resample(input, {
      rule: '1M',
      method: 'asfreq',
      fill_value: 0,
      time_range_start: '2020-01-01',
      time_range_end: '2020-04-01',
    });
    expect(pairs(result)).toEqual([
      [jan(31), 0],
      [Date.UTC(2020, 1, 29), 0],
      [Date.UTC(2020, 2, 31), 0],
    ]);
  });
});

describe('resample edge cases', () => {
  it('resamples on the index of a pivoted frame, keeping levels and index', () => {
    const leveled: LeveledFrame = {
      columns: ['ds', 'm, boy'],
      index: ['ds'],
      levels: { 'm, boy': ['m', 'boy'] },
      rows: [
        { ds: jan(1), 'm, boy': 1 },
        { ds: jan(3), 'm, boy': 3 },
      ],
    };
    expect(resample(leveled, { rule: '1D', method: 'ffill', time_column: '__timestamp' })).toEqual({
      ...leveled,
      rows: [
        { ds: jan(1), 'm, boy': 1 },
        { ds: jan(2), 'm, boy': 1 },
        { ds: jan(3), 'm, boy': 3 },
      ],
    });
  });

  it('answers an empty frame for no rows', () => {
    expect(resample(frameOf([]), { rule: '1D', method: 'sum' })).toEqual({ columns: ['__timestamp', 'y'], rows: [] });
  });

  it('refuses duplicate stamps for lookups, unknown rules and calendar multiples', () => {
    const twice = frameOf([
      [jan(1), 1],
      [jan(1), 2],
    ]);
    expect(() => resample(twice, { rule: '1D', method: 'asfreq' })).toThrow('duplicate');
    expect(pairs(resample(twice, { rule: '1D', method: 'sum' }))).toEqual([[jan(1), 3]]);
    expect(() => resample(twice, { rule: '3M', method: 'sum' })).toThrow('Unsupported resample rule.');
    expect(resampleOptionsSchema.safeParse({ rule: 'W', method: 'sum' }).success).toBe(false);
    expect(resampleOptionsSchema.safeParse({ rule: '1D', method: 'zerofill' }).success).toBe(false);
  });
});
