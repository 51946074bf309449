import { describe, expect, it } from 'vitest';
import { MISSING_COLUMNS } from './post-processing-error';
import { rank } from './rank';

describe('rank', () => {
  it('adds percentile ranks, ties sharing their average', () => {
    const frame = { columns: ['m'], rows: [{ m: 10 }, { m: 20 }, { m: 20 }, { m: null }, { m: 5 }] };
    // non-null sorted: 5, 10, 20, 20 → ranks 1, 2, 3.5, 3.5 over 4
    expect(rank(frame, { metric: 'm' })).toEqual({
      columns: ['m', 'rank'],
      rows: [
        { m: 10, rank: 0.5 },
        { m: 20, rank: 0.875 },
        { m: 20, rank: 0.875 },
        { m: null, rank: null },
        { m: 5, rank: 0.25 },
      ],
    });
  });

  it('ranks within groups; rows with a null group rank null', () => {
    const frame = {
      columns: ['g', 'm'],
      rows: [
        { g: 'a', m: 1 },
        { g: 'a', m: 2 },
        { g: 'b', m: 3 },
        { g: 'b', m: 3 },
        { g: null, m: 4 },
      ],
    };
    expect(rank(frame, { metric: 'm', group_by: 'g' }).rows.map((row) => row.rank)).toEqual([0.5, 1, 0.75, 0.75, null]);
  });

  it('refuses a missing metric', () => {
    expect(() => rank({ columns: ['m'], rows: [] }, { metric: 'x' })).toThrow(MISSING_COLUMNS);
  });
});
