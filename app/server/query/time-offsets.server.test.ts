import { describe, expect, it } from 'vitest';
import type { Frame } from '~/lib/post-processing/frame';
import { InvalidInputError } from '../domain-errors.server';
import { applyTimeOffsets, parseOffset } from './time-offsets.server';
import type { QueryPlan } from './types.server';

const ms = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

function planWith(axis: { label: string; grain: string | null } | null, columns: QueryPlan['columns']): QueryPlan {
  return {
    sql: '',
    columns,
    timeOffsets: [],
    postProcessing: [],
    axis,
    rowLimit: 10,
    rowOffset: 0,
    appliedFilters: [],
    rejectedFilters: [],
    fromDttm: null,
    toDttm: null,
    labelMap: {},
    appliedTemplateFilters: [],
    cacheKeyBasis: {},
  };
}

const COLUMNS: QueryPlan['columns'] = [
  { label: 'ts', temporal: true, metric: false },
  { label: 'gender', temporal: false, metric: false },
  { label: 'SUM(num)', temporal: false, metric: true },
];

describe('applyTimeOffsets', () => {
  it('joins last year\'s rows on the x-axis moved back a year and the other dimensions, as <metric>__<offset>', () => {
    const main: Frame = {
      columns: ['ts', 'gender', 'SUM(num)'],
      rows: [
        { ts: ms('2024-01-01'), gender: 'boy', 'SUM(num)': 10 },
        { ts: ms('2024-01-01'), gender: 'girl', 'SUM(num)': 20 },
        { ts: ms('2024-02-29'), gender: 'boy', 'SUM(num)': 30 },
      ],
    };
    const past: Frame = {
      columns: ['ts', 'gender', 'SUM(num)'],
      rows: [
        { ts: ms('2023-01-01'), gender: 'boy', 'SUM(num)': 1 },
        { ts: ms('2023-01-01'), gender: 'girl', 'SUM(num)': 2 },
        { ts: ms('2022-12-01'), gender: 'boy', 'SUM(num)': 99 },
      ],
    };
    const out = applyTimeOffsets(main, [{ offset: '1 year ago', frame: past }], planWith({ label: 'ts', grain: null }, COLUMNS));
    expect(out.columns).toEqual(['ts', 'gender', 'SUM(num)', 'SUM(num)__1 year ago']);
    expect(out.rows.map((r) => r['SUM(num)__1 year ago'])).toEqual([1, 2, null]);
    expect(main.columns).toHaveLength(3);
  });

  it('matches by period for week, month, quarter and year grains: a week meets the week holding its date a year back', () => {
    const main: Frame = { columns: ['ts', 'SUM(num)'], rows: [{ ts: ms('2024-03-11'), 'SUM(num)': 5 }] };
    // 2024-03-11 a year back is Saturday 2023-03-11, in the week starting Monday 2023-03-06.
    const past: Frame = { columns: ['ts', 'SUM(num)'], rows: [{ ts: ms('2023-03-13'), 'SUM(num)': 9 }, { ts: ms('2023-03-06'), 'SUM(num)': 4 }] };
    const columns = [COLUMNS[0], COLUMNS[2]];
    expect(applyTimeOffsets(main, [{ offset: '1 year ago', frame: past }], planWith({ label: 'ts', grain: 'P1W' }, columns)).rows[0]['SUM(num)__1 year ago']).toBe(4);
    expect(applyTimeOffsets(main, [{ offset: '1 year ago', frame: past }], planWith({ label: 'ts', grain: null }, columns)).rows[0]['SUM(num)__1 year ago']).toBeNull();
    const quarter: Frame = { columns: ['ts', 'SUM(num)'], rows: [{ ts: ms('2023-01-01'), 'SUM(num)': 7 }] };
    expect(applyTimeOffsets({ columns: ['ts', 'SUM(num)'], rows: [{ ts: ms('2024-01-01'), 'SUM(num)': 1 }] }, [{ offset: '1 year ago', frame: quarter }], planWith({ label: 'ts', grain: 'P3M' }, columns)).rows[0]['SUM(num)__1 year ago']).toBe(7);
  });

  it('adds one set of columns per offset, "later" offsets too, and finds __timestamp without an axis', () => {
    const columns = [{ label: '__timestamp', temporal: true, metric: false }, COLUMNS[2]];
    const main: Frame = { columns: ['__timestamp', 'SUM(num)'], rows: [{ __timestamp: ms('2024-01-08'), 'SUM(num)': 1 }] };
    const weekAgo: Frame = { columns: ['__timestamp', 'SUM(num)'], rows: [{ __timestamp: ms('2024-01-01'), 'SUM(num)': 2 }] };
    const later: Frame = { columns: ['__timestamp', 'SUM(num)'], rows: [{ __timestamp: ms('2024-01-15'), 'SUM(num)': 3 }] };
    const out = applyTimeOffsets(main, [{ offset: '1 week ago', frame: weekAgo }, { offset: '1 week later', frame: later }], planWith(null, columns));
    expect(out.rows[0]).toEqual({ __timestamp: ms('2024-01-08'), 'SUM(num)': 1, 'SUM(num)__1 week ago': 2, 'SUM(num)__1 week later': 3 });
  });

  it('reads offsets as Superset writes them, and refuses others', () => {
    expect(parseOffset('28 days ago')).toEqual({ n: -28, unit: 'day' });
    expect(parseOffset('2 years later')).toEqual({ n: 2, unit: 'year' });
    expect(() => parseOffset('inherit')).toThrow(InvalidInputError);
    expect(() => parseOffset('1 fortnight ago')).toThrow(/Unsupported time offset/);
    const main: Frame = { columns: ['gender', 'SUM(num)'], rows: [] };
    expect(() => applyTimeOffsets(main, [{ offset: '1 year ago', frame: main }], planWith(null, [COLUMNS[1], COLUMNS[2]]))).toThrow(/temporal x-axis/);
  });
});
