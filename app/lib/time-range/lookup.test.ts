import { describe, expect, it } from 'vitest';
import { TimeRangeError } from './errors';
import { lookupTimeRanges, TimeRangeQuerySchema } from './lookup';

const now = new Date('2024-03-06T13:47:31Z');

describe('lookupTimeRanges (GET /api/v1/time_range/)', () => {
  it('answers a single string as a one-entry list with shift null', () => {
    expect(lookupTimeRanges('Last week', now)).toEqual({
      result: [{ since: '2024-02-28T00:00:00', until: '2024-03-06T00:00:00', timeRange: 'Last week', shift: null }],
    });
  });

  it('answers each {timeRange, shift} in order, open sides as ""', () => {
    const q = TimeRangeQuerySchema.parse([
      { timeRange: 'No filter' },
      { timeRange: 'Current quarter', shift: '1 year ago' },
      { timeRange: ' : now' },
    ]);
    expect(lookupTimeRanges(q, now).result).toEqual([
      { since: '', until: '', timeRange: 'No filter', shift: null },
      { since: '2023-01-01T00:00:00', until: '2023-04-01T00:00:00', timeRange: 'Current quarter', shift: '1 year ago' },
      { since: '', until: '2024-03-06T13:47:31', timeRange: ' : now', shift: null },
    ]);
  });

  it('throws TimeRangeError when any entry is malformed', () => {
    expect(() => lookupTimeRanges([{ timeRange: 'Last week' }, { timeRange: 'foo : bar' }], now)).toThrow(TimeRangeError);
  });

  it('the q schema refuses other shapes', () => {
    expect(TimeRangeQuerySchema.safeParse({ timeRange: 'Last week' }).success).toBe(false);
    expect(TimeRangeQuerySchema.safeParse([{ shift: '1 day' }]).success).toBe(false);
    expect(TimeRangeQuerySchema.safeParse(3).success).toBe(false);
  });
});
