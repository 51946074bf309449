import { describe, expect, it } from 'vitest';
import { BUBBLE, BULLET, COUNTRY_MAP, DIRECTED_FORCE, PAIRED_TTEST, SANKEY, TIME_TABLE } from './simple-vizzes.server';

const ctx = (formData: Record<string, unknown>, metricLabels: string[] = []) => ({ formData, metricLabels, fromDttm: null, toDttm: null });
const T1 = Date.UTC(2020, 0, 1);
const T2 = Date.UTC(2020, 0, 2);

describe('country_map', () => {
  it('answers country_id and metric per entity', () => {
    const fd = { entity: 'iso', metric: 'count' };
    expect(COUNTRY_MAP.query!({ columns: [], metrics: ['x'] }, fd)).toEqual({ columns: ['iso'], metrics: ['count'] });
    expect(COUNTRY_MAP.data([{ iso: 'FR-75', count: 4 }], ctx(fd))).toEqual([{ country_id: 'FR-75', metric: 4 }]);
  });
});

describe('bubble', () => {
  const fd = { entity: 'country', series: 'region', x: 'gdp', y: 'life', size: 'pop', limit: 50 };
  it('groups by entity and series with size, x and y, limited by `limit`', () => {
    expect(BUBBLE.query!({ columns: [], series_limit: 50 }, fd)).toEqual({ columns: ['country', 'region'], metrics: ['pop', 'gdp', 'life'], row_limit: 50 });
    expect(() => BUBBLE.query!({}, { entity: 'country', x: 'gdp' })).toThrow('Pick a metric for x, y and size');
  });
  it('answers a series per group with x, y, size, shape and group on each row', () => {
    const rows = [{ country: 'A', region: 'R1', gdp: 1, life: 2, pop: 3 }, { country: 'B', region: 'R2', gdp: 4, life: 5, pop: 6 }, { country: 'C', region: 'R1', gdp: 7, life: 8, pop: 9 }];
    expect(BUBBLE.data(rows, ctx(fd))).toEqual([
      { key: 'R1', values: [{ ...rows[0], x: 1, y: 2, size: 3, shape: 'circle', group: 'R1' }, { ...rows[2], x: 7, y: 8, size: 9, shape: 'circle', group: 'R1' }] },
      { key: 'R2', values: [{ ...rows[1], x: 4, y: 5, size: 6, shape: 'circle', group: 'R2' }] },
    ]);
  });
});

describe('bullet', () => {
  it('answers measures with the listed ranges and markers, or 0 to 110% of the largest', () => {
    expect(BULLET.data([{ count: 10 }, { count: 20 }], ctx({ metric: 'count' }))).toEqual({ measures: [10, 20], ranges: [0, 22], rangeLabels: null, markers: null, markerLabels: null, markerLines: null, markerLineLabels: null });
    expect(BULLET.data([{ count: 10 }], ctx({ metric: 'count', ranges: '5,50', range_labels: 'low,high', markers: '12' }))).toMatchObject({ ranges: [5, 50], rangeLabels: ['low', 'high'], markers: [12] });
    expect(() => BULLET.data([{ count: 1 }], ctx({ metric: 'count', ranges: 'a' }))).toThrow("could not convert string to float: 'a'");
  });
});

describe('sankey and directed_force', () => {
  const fd = { groupby: ['src', 'dst'], metric: 'count' };
  it('need exactly two columns', () => {
    expect(SANKEY.query!({}, fd)).toEqual({ columns: ['src', 'dst'], metrics: ['count'] });
    expect(() => SANKEY.query!({}, { groupby: ['src'], metric: 'count' })).toThrow('Pick exactly 2 columns as [Source / Target]');
  });
  it('answer links, sankey as text and refusing loops', () => {
    expect(SANKEY.data([{ src: 1, dst: 'b', count: 3 }], ctx(fd))).toEqual([{ source: '1', target: 'b', value: 3 }]);
    expect(DIRECTED_FORCE.data([{ src: 1, dst: 'b', count: 3 }], ctx(fd))).toEqual([{ source: 1, target: 'b', value: 3 }]);
    expect(() => SANKEY.data([{ src: 'a', dst: 'b', count: 1 }, { src: 'b', dst: 'a', count: 1 }], ctx(fd))).toThrow("Here's a faulty link: ('b', 'a')");
  });
});

describe('paired_ttest', () => {
  it('answers per metric one series per group over every timestamp', () => {
    const rows = [{ __timestamp: T1, g: 'x', m: 1 }, { __timestamp: T2, g: 'y', m: 2 }];
    expect(PAIRED_TTEST.data(rows, ctx({ groupby: ['g'], metrics: ['m'] }))).toEqual({
      m: [
        { group: ['x'], values: [{ x: T1, y: 1 }, { x: T2, y: null }] },
        { group: ['y'], values: [{ x: T1, y: null }, { x: T2, y: 2 }] },
      ],
    });
    expect(PAIRED_TTEST.data([{ __timestamp: T1, m: 5 }], ctx({ metrics: ['m'] }))).toEqual({ m: [{ group: 'All', values: [{ x: T1, y: 5 }] }] });
  });
});

describe('time_table', () => {
  it('answers records by timestamp text, per metric or per group', () => {
    const rows = [{ __timestamp: T1, a: 1, b: 2 }];
    expect(TIME_TABLE.data(rows, ctx({ metrics: ['a', 'b'] }, ['a', 'b']))).toEqual({ records: { '2020-01-01 00:00:00': { a: 1, b: 2 } }, columns: ['a', 'b'], is_group_by: false });
    const grouped = [{ __timestamp: T1, g: 'y', a: 1 }, { __timestamp: T1, g: 'x', a: 3 }];
    expect(TIME_TABLE.data(grouped, ctx({ metrics: ['a'], groupby: ['g'] }, ['a']))).toEqual({ records: { '2020-01-01 00:00:00': { x: 3, y: 1 } }, columns: ['x', 'y'], is_group_by: true });
    expect(() => TIME_TABLE.query!({}, { metrics: ['a', 'b'], groupby: ['g'] })).toThrow('limited to use a single metric');
  });
});
